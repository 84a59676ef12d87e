import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { type Message, msg } from '@/core/i18n/message';
import { currentSplit, type Guardian, type ShareSplit } from '@/core/vault/shareSplits';
import { useT } from '@/lib/i18n';

function guardianLine(guardian: Guardian, inGroups: boolean): Message {
  const values = { name: guardian.name, member: guardian.memberIndex + 1, group: guardian.groupIndex + 1 };
  if (guardian.handedOutAt === undefined)
    return inGroups
      ? msg('settings:recovery.list.notHandedOutInGroup', values)
      : msg('settings:recovery.list.notHandedOut', values);
  const when = new Date(guardian.handedOutAt);
  return inGroups
    ? msg('settings:recovery.list.handedOutInGroup', { ...values, when })
    : msg('settings:recovery.list.handedOut', { ...values, when });
}

function splitLine(split: ShareSplit): Message {
  const when = new Date(split.createdAt);
  const identifier = split.identifier;
  if (split.replacedAt !== undefined)
    return msg('settings:recovery.list.replaced', { when, identifier, replaced: new Date(split.replacedAt) });
  const [only] = split.groups;
  if (split.groups.length === 1 && only)
    return msg('settings:recovery.list.current', { when, identifier, threshold: only.threshold, count: only.count });
  return msg('settings:recovery.list.currentGroups', {
    when,
    identifier,
    threshold: split.groupThreshold,
    count: split.groups.length,
  });
}

/** Who holds which share of the split in use, and when each was handed out; earlier splits below. */
export function GuardianList({ splits, wallet }: { splits: readonly ShareSplit[]; wallet: Message }) {
  const t = useT('settings');
  const current = currentSplit(splits);
  const earlier = splits.filter((s) => s !== current);
  return (
    <div className={ui.stack}>
      {current ? (
        <>
          <p>
            <T message={splitLine(current)} />
          </p>
          <ul className={ui.plainList} aria-label={t('settings:recovery.list.label', { wallet })}>
            {current.guardians.map((g) => (
              <li key={`${g.groupIndex}-${g.memberIndex}`}>
                <T message={guardianLine(g, current.groups.length > 1)} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('settings:recovery.list.none')}</p>
      )}
      {earlier.length > 0 && (
        <details>
          <summary>{t('settings:recovery.earlier')}</summary>
          <ul className={ui.plainList}>
            {earlier.map((s) => (
              <li key={s.id}>
                <T message={splitLine(s)} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
