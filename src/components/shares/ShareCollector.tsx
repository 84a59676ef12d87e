import { useMemo, useState } from 'react';
import { Field } from '@/components/Field';
import { QrCameraScanner } from '@/components/QrCameraScanner';
import { QrImageField } from '@/components/QrImageField';
import { SecretInput } from '@/components/SecretInput';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Message } from '@/core/i18n/message';
import { recoveryProgress } from '@/core/keys/slip39/recovery';
import type { Share } from '@/core/keys/slip39/share';
import { useT } from '@/lib/i18n';
import { sharesProgressText } from './sharesProgress';
import type { EnteredShares } from './useEnteredShares';

/**
 * SLIP-0039 shares entered one at a time: each share's words (typed, pasted, or read from a QR
 * code by the live camera or in a photo), the shares in so far, and how many more each group
 * needs. A share refused is refused with a sentence in place, the words typed kept. `holder` names
 * who holds a share, when that is known.
 */
export function ShareCollector({
  entered,
  holder,
}: {
  entered: EnteredShares;
  holder?: (share: Share) => string | undefined;
}) {
  const t = useT('shares');
  const { shares } = entered;
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<Message | string>();
  const progress = useMemo(() => sharesProgressText(recoveryProgress(shares)), [shares]);
  const inGroups = (shares[0]?.groupCount ?? 1) > 1;

  const add = () => {
    const refused = entered.add(text);
    setRefusal(refused);
    if (!refused) setText('');
  };
  // A share read from a QR code answers for itself; one taken clears the typed share's refusal.
  const read = (scanned: string) => {
    const refused = entered.add(scanned);
    if (!refused) setRefusal(undefined);
    return refused;
  };
  const describe = (share: Share) => {
    const values = { member: share.memberIndex + 1, group: share.groupIndex + 1, name: holder?.(share) ?? '' };
    if (values.name === '')
      return inGroups
        ? { text: t('shares:entry.shareInGroup', values), remove: t('shares:entry.removeLabelInGroup', values) }
        : { text: t('shares:entry.share', values), remove: t('shares:entry.removeLabel', values) };
    return inGroups
      ? { text: t('shares:entry.shareInGroupHeld', values), remove: t('shares:entry.removeLabelInGroupHeld', values) }
      : { text: t('shares:entry.shareHeld', values), remove: t('shares:entry.removeLabelHeld', values) };
  };

  return (
    <>
      <Field
        label={t('shares:entry.label', { number: shares.length + 1 })}
        hint={t('shares:entry.hint')}
        error={refusal}
      >
        <SecretInput
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Enter adds the share (the form's own button is for when enough are in).
            if (e.key !== 'Enter') return;
            e.preventDefault();
            add();
          }}
        />
      </Field>
      <div className={ui.actions}>
        <button type="button" className={ui.secondary} onClick={add}>
          {t('shares:entry.add')}
        </button>
      </div>
      <QrCameraScanner what={t('shares:entry.scanWhat')} onText={read} />
      <QrImageField label={t('shares:entry.scanLabel')} hint={t('shares:entry.scanHint')} onText={read} />
      {shares.length > 0 && (
        <ul className={ui.plainList} aria-label={t('shares:entry.entered')}>
          {shares.map((share, index) => {
            const described = describe(share);
            return (
              <li key={`${share.groupIndex}-${share.memberIndex}`}>
                {described.text}{' '}
                <button
                  type="button"
                  className={ui.secondary}
                  aria-label={described.remove}
                  onClick={() => entered.remove(index)}
                >
                  {t('shares:entry.remove')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div role="status">
        <p>
          <T message={progress.summary} />
        </p>
        {progress.groups.length > 0 && (
          <ul>
            {progress.groups.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one line per group, in group order
              <li key={i}>
                <T message={line} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
