import { type FormEvent, useId, useState } from 'react';
import { DisclosureButton } from '@/components/DisclosureButton';
import { Field } from '@/components/Field';
import { SecretInput } from '@/components/SecretInput';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Message } from '@/core/i18n/message';
import type { SplitRequest } from '@/core/vault/shareSplits';
import type { MadeSplit } from '@/core/vault/vaultShares';
import type { SecretSummary } from '@/core/vault/vaultState';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useVaultSession } from '@/lib/vault/vault';
import styles from './recovery.module.css';
import {
  defaultDraft,
  type GroupDraft,
  MAX_SHARES,
  nameProblems,
  resizeGroup,
  resizeGroups,
  type SchemeDraft,
  schemeProblem,
  thresholdChoices,
  toRequest,
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
  const t = useT('settings');
  const { group, groupIndex, inGroups } = props;
  const fields = (
    <>
      <div className={styles.schemeRow}>
        <NumberChoice
          label={t('settings:recovery.scheme.needed')}
          value={group.threshold}
          choices={thresholdChoices(group.names.length)}
          onChange={(threshold) => props.onChange({ ...group, threshold })}
        />
        <NumberChoice
          label={t('settings:recovery.scheme.made')}
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
              ? t('settings:recovery.guardian.labelInGroup', { member: memberIndex + 1, group: groupIndex + 1 })
              : t('settings:recovery.guardian.label', { member: memberIndex + 1 })
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
      <legend>{t('settings:recovery.group.legend', { group: groupIndex + 1 })}</legend>
      {fields}
    </fieldset>
  );
}

/** The scheme, the guardians' names and the password; makes the shares in the vault. */
export function SplitForm({
  secret,
  onMade,
  onCancel,
}: {
  secret: SecretSummary;
  onMade(made: MadeSplit, request: SplitRequest): void;
  onCancel(): void;
}) {
  const t = useT('settings');
  const session = useVaultSession();
  const advancedId = useId();
  const [draft, setDraft] = useState<SchemeDraft>(defaultDraft);
  const [advanced, setAdvanced] = useState(false);
  const [password, setPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Message | string>();
  const problems = attempted ? nameProblems(draft) : undefined;
  const scheme = schemeProblem(draft);
  const inGroups = draft.groups.length > 1;
  const setGroup = (index: number, group: GroupDraft) =>
    setDraft((d) => ({ ...d, groups: d.groups.map((g, i) => (i === index ? group : g)) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setError(undefined);
    if (scheme || nameProblems(draft).flat().some(Boolean)) return;
    setBusy(true);
    try {
      const request = toRequest(draft);
      const made = await session.splitPhrase(secret.id, password, request);
      setPassword('');
      onMade(made, request);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const first = draft.groups[0];
  return (
    <form className={ui.stack} onSubmit={submit} noValidate>
      <fieldset className={styles.group}>
        <legend>{t('settings:recovery.scheme.legend')}</legend>
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
            ? t('settings:recovery.scheme.groupsSummary', {
                threshold: draft.groupThreshold,
                count: draft.groups.length,
              })
            : t('settings:recovery.scheme.summary', {
                threshold: first?.threshold ?? 0,
                count: first?.names.length ?? 0,
              })}
        </p>
      </fieldset>
      <div>
        <DisclosureButton open={advanced} onToggle={setAdvanced} controls={advancedId} className={ui.secondary}>
          {t('settings:recovery.advanced')}
        </DisclosureButton>
      </div>
      <div id={advancedId} hidden={!advanced} className={ui.stack}>
        <p>{t('settings:recovery.advanced.explained')}</p>
        <div className={styles.schemeRow}>
          <NumberChoice
            label={t('settings:recovery.groups.count')}
            value={draft.groups.length}
            choices={counts(1, MAX_SHARES)}
            onChange={(n) => setDraft((d) => resizeGroups(d, n))}
          />
          <NumberChoice
            label={t('settings:recovery.groups.needed')}
            value={draft.groupThreshold}
            choices={counts(1, draft.groups.length)}
            onChange={(groupThreshold) => setDraft((d) => ({ ...d, groupThreshold }))}
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
      {secret.hasPassphrase && <p className={ui.noticeWarning}>{t('settings:recovery.passphraseNote')}</p>}
      <Field label={t('settings:recovery.password')} hint={t('settings:recovery.passwordHint')} error={error}>
        <SecretInput value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      <div className={ui.actions}>
        <button type="submit" disabled={busy || scheme !== undefined}>
          {busy ? t('settings:recovery.making') : t('settings:recovery.make')}
        </button>
        <button type="button" className={ui.secondary} onClick={onCancel}>
          {t('settings:recovery.cancel')}
        </button>
      </div>
    </form>
  );
}
