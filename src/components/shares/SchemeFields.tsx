import { useId, useState } from 'react';
import { DisclosureButton } from '@/components/DisclosureButton';
import { Field } from '@/components/Field';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Message } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import styles from './shares.module.css';
import {
  type GroupDraft,
  MAX_SHARES,
  resizeGroup,
  resizeGroups,
  type SchemeDraft,
  type SharesRestore,
  schemeProblem,
  thresholdChoices,
} from './splitScheme';

const counts = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function NumberChoice(props: { label: string; value: number; choices: number[]; onChange(n: number): void }) {
  return (
    <Field label={props.label}>
      <select value={props.value} onChange={(e) => props.onChange(Number(e.target.value))}>
        {props.choices.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** One group's threshold, share count and guardians' names. */
function GroupFields(props: {
  group: GroupDraft;
  groupIndex: number;
  inGroups: boolean;
  problems: (Message | undefined)[] | undefined;
  onChange(group: GroupDraft): void;
}) {
  const t = useT('shares');
  const { group, groupIndex, inGroups } = props;
  const fields = (
    <>
      <div className={styles.schemeRow}>
        <NumberChoice
          label={t('shares:scheme.needed')}
          value={group.threshold}
          choices={thresholdChoices(group.names.length)}
          onChange={(threshold) => props.onChange({ ...group, threshold })}
        />
        <NumberChoice
          label={t('shares:scheme.made')}
          value={group.names.length}
          choices={counts(inGroups ? 1 : 2, MAX_SHARES)}
          onChange={(count) => props.onChange(resizeGroup(group, count))}
        />
      </div>
      {group.names.map((name, memberIndex) => (
        <Field
          // biome-ignore lint/suspicious/noArrayIndexKey: a share is its place in the group
          key={memberIndex}
          label={
            inGroups
              ? t('shares:guardian.labelInGroup', { member: memberIndex + 1, group: groupIndex + 1 })
              : t('shares:guardian.label', { member: memberIndex + 1 })
          }
          error={props.problems?.[memberIndex]}
        >
          <input
            type="text"
            value={name}
            onChange={(e) =>
              props.onChange({ ...group, names: group.names.map((n, i) => (i === memberIndex ? e.target.value : n)) })
            }
          />
        </Field>
      ))}
    </>
  );
  if (!inGroups) return fields;
  return (
    <fieldset className={styles.group}>
      <legend>{t('shares:group.legend', { group: groupIndex + 1 })}</legend>
      {fields}
    </fieldset>
  );
}

/**
 * How many shares, and whose: k of n with a guardian's name for each share, or groups under
 * "Advanced", with what the scheme restores said in a sentence and a scheme that cannot be used
 * refused in place. `problems` are the names' (see nameProblems), once the person tried to go on.
 */
export function SchemeFields({
  draft,
  onChange,
  problems,
  restores,
}: {
  draft: SchemeDraft;
  onChange(change: (draft: SchemeDraft) => SchemeDraft): void;
  problems: (Message | undefined)[][] | undefined;
  restores: SharesRestore;
}) {
  const t = useT('shares');
  const advancedId = useId();
  const [advanced, setAdvanced] = useState(false);
  const scheme = schemeProblem(draft, restores);
  const inGroups = draft.groups.length > 1;
  const setGroup = (index: number, group: GroupDraft) =>
    onChange((d) => ({ ...d, groups: d.groups.map((g, i) => (i === index ? group : g)) }));
  const first = draft.groups[0];
  return (
    <>
      <fieldset className={styles.group}>
        <legend>{t('shares:scheme.legend')}</legend>
        {!inGroups && first && (
          <GroupFields
            group={first}
            groupIndex={0}
            inGroups={false}
            problems={problems?.[0]}
            onChange={(g) => setGroup(0, g)}
          />
        )}
        <p>
          {inGroups
            ? t('shares:scheme.groupsSummary', {
                threshold: draft.groupThreshold,
                count: draft.groups.length,
                restores,
              })
            : t('shares:scheme.summary', {
                threshold: first?.threshold ?? 0,
                count: first?.names.length ?? 0,
                restores,
              })}
        </p>
      </fieldset>
      <div>
        <DisclosureButton open={advanced} onToggle={setAdvanced} controls={advancedId} className={ui.secondary}>
          {t('shares:advanced')}
        </DisclosureButton>
      </div>
      <div id={advancedId} hidden={!advanced} className={ui.stack}>
        <p>{t('shares:advanced.explained', { restores })}</p>
        <div className={styles.schemeRow}>
          <NumberChoice
            label={t('shares:groups.count')}
            value={draft.groups.length}
            choices={counts(1, MAX_SHARES)}
            onChange={(n) => onChange((d) => resizeGroups(d, n))}
          />
          <NumberChoice
            label={t('shares:groups.needed')}
            value={draft.groupThreshold}
            choices={counts(1, draft.groups.length)}
            onChange={(groupThreshold) => onChange((d) => ({ ...d, groupThreshold }))}
          />
        </div>
        {inGroups &&
          draft.groups.map((group, i) => (
            <GroupFields
              // biome-ignore lint/suspicious/noArrayIndexKey: a group is its place in the scheme
              key={i}
              group={group}
              groupIndex={i}
              inGroups
              problems={problems?.[i]}
              onChange={(g) => setGroup(i, g)}
            />
          ))}
      </div>
      {scheme && (
        <p role="alert" className={ui.noticeWarning}>
          <T message={scheme} />
        </p>
      )}
    </>
  );
}
