import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import { QrCameraScanner } from '@/components/QrCameraScanner';
import { QrImageField } from '@/components/QrImageField';
import { SecretInput } from '@/components/SecretInput';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { type Message, msg } from '@/core/i18n/message';
import { addShare } from '@/core/keys/slip39/recovery';
import { parseShare, type Share, shareToMnemonic } from '@/core/keys/slip39/share';
import type { ShareSplit } from '@/core/vault/shareSplits';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useVaultSession } from '@/lib/vault/vault';
import { DrillActions, type DrillEnd, useOpenDrill } from './drillSession';

/** How far the shares in are from the split's threshold, as its guardian list knows the scheme. */
function progressOf(split: ShareSplit, shares: readonly Share[]): { text: Message; complete: boolean } {
  const entered = (groupIndex: number) => shares.filter((s) => s.groupIndex === groupIndex).length;
  const [only] = split.groups;
  if (split.groups.length === 1 && only) {
    const count = entered(0);
    return {
      text: msg('settings:drill.shares.progress', { entered: count, threshold: only.threshold }),
      complete: count >= only.threshold,
    };
  }
  const complete = split.groups.filter((g, i) => entered(i) >= g.threshold).length;
  return {
    text: msg('settings:drill.shares.progressGroups', { complete, threshold: split.groupThreshold }),
    complete: complete >= split.groupThreshold,
  };
}

/**
 * A drill of a split: the person gathers a threshold of the guardians' shares and types them (or
 * reads their QR codes). Each is refused in place if it does not read or is not of this split; the
 * vault then checks they restore the secret. Nothing is stored until the drill passes or the
 * person ends it as failed.
 */
export function SharesDrill({
  secretId,
  split,
  restoresPhrase,
  onEnd,
}: {
  secretId: string;
  split: ShareSplit;
  /** The shares hold a recovery phrase (not a wallet made as shares). */
  restoresPhrase: boolean;
  onEnd: (end: DrillEnd) => void;
}) {
  const t = useT('settings');
  const session = useVaultSession();
  const drill = useOpenDrill(secretId, { kind: 'shares', splitId: split.id }, onEnd);
  const [text, setText] = useState('');
  const [shares, setShares] = useState<Share[]>([]);
  const [shareError, setShareError] = useState<Message | string>();
  const [problem, setProblem] = useState<Message | string>();
  const [busy, setBusy] = useState(false);
  const progress = progressOf(split, shares);
  const inGroups = split.groups.length > 1;

  const take = (typed: string): Message | string | undefined => {
    try {
      const share = parseShare(typed);
      if (share.identifier !== split.identifier) {
        share.value.fill(0);
        return msg('core.keys:drill.otherSplit');
      }
      setShares(addShare(shares, share));
      setProblem(undefined);
      return undefined;
    } catch (e) {
      return errorMessage(e);
    }
  };
  const add = () => {
    const refusal = take(text);
    setShareError(refusal);
    if (!refusal) setText('');
  };
  const remove = (index: number) => {
    shares[index]?.value.fill(0);
    setShares(shares.filter((_, i) => i !== index));
  };
  const holder = (share: Share) => {
    const place = { member: share.memberIndex + 1, group: share.groupIndex + 1 };
    const guardian = split.guardians.find(
      (g) => g.groupIndex === share.groupIndex && g.memberIndex === share.memberIndex,
    );
    return { ...place, name: guardian?.name ?? '' };
  };

  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (!drill.opened) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const result = await session.checkDrillShares(drill.opened.drillId, shares.map(shareToMnemonic), Date.now());
      if (result.passed) onEnd('passed');
      else setProblem(result.problem);
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={ui.stack} onSubmit={check} noValidate aria-labelledby="drill-heading">
      <h3 id="drill-heading">{t('settings:drill.shares.title')}</h3>
      <p>{t('settings:drill.shares.description', { restores: restoresPhrase ? 'phrase' : 'wallet' })}</p>
      <Field
        label={t('settings:drill.shares.shareLabel', { number: shares.length + 1 })}
        hint={t('settings:drill.shares.shareHint')}
        error={shareError}
      >
        <SecretInput
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Enter adds the share; Check is for when enough are in.
            if (e.key !== 'Enter') return;
            e.preventDefault();
            add();
          }}
        />
      </Field>
      <div className={ui.actions}>
        <button type="button" className={ui.secondary} onClick={add}>
          {t('settings:drill.shares.add')}
        </button>
      </div>
      <QrCameraScanner what={t('settings:drill.shares.scanWhat')} onText={take} />
      <QrImageField
        label={t('settings:drill.shares.scanLabel')}
        hint={t('settings:drill.shares.scanHint')}
        onText={take}
      />
      {shares.length > 0 && (
        <ul className={ui.plainList} aria-label={t('settings:drill.shares.entered')}>
          {shares.map((share, index) => {
            const values = holder(share);
            return (
              <li key={`${share.groupIndex}-${share.memberIndex}`}>
                {inGroups
                  ? t('settings:drill.shares.enteredInGroup', values)
                  : t('settings:drill.shares.enteredShare', values)}{' '}
                <button
                  type="button"
                  className={ui.secondary}
                  aria-label={
                    inGroups
                      ? t('settings:drill.shares.removeLabelInGroup', values)
                      : t('settings:drill.shares.removeLabel', values)
                  }
                  onClick={() => remove(index)}
                >
                  {t('settings:drill.shares.remove')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p role="status">
        <T message={progress.text} />
      </p>
      <ErrorAlert message={problem ?? drill.error} />
      <DrillActions drill={drill} busy={busy} checkable={progress.complete} />
    </form>
  );
}
