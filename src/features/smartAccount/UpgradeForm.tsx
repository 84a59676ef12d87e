import { type FormEvent, useState } from 'react';
import ui from '@/components/ui.module.css';
import type { Account } from '@/core/accounts/account';
import { isCairnError } from '@/core/errors/base';
import { type Message, msg } from '@/core/i18n/message';
import { parseAddress } from '@/core/keys/address';
import type { OtherDelegate } from '@/core/smartAccount/atomicSend';
import { checkOtherDelegateTarget } from '@/core/smartAccount/delegateCheck';
import { useT } from '@/lib/i18n';
import { choosesOther, NO_OTHER_CHOICE, type OtherChoice, OtherDelegateChoice } from './OtherDelegateChoice';

/** The delegate typed in the advanced choice, or why Cairn refuses it before reading the chain. */
function otherDelegate(account: Account, choice: OtherChoice): OtherDelegate | { problem: Message | string } {
  try {
    const address = parseAddress(choice.text);
    checkOtherDelegateTarget(account.address, address);
    return { address, otherAllowed: choice.understood };
  } catch (error) {
    return { problem: isCairnError(error) ? error.text : msg('common:error.unexpected') };
  }
}

/**
 * Continue to the upgrade's review: to MetaMask's delegate, or, through the advanced choice, to
 * another contract once its warning is ticked (Continue waits for it).
 */
export function UpgradeForm({
  account,
  busy,
  onContinue,
}: {
  account: Account;
  busy: boolean;
  onContinue: (delegate: OtherDelegate | undefined) => void;
}) {
  const t = useT('smartAccount');
  const [choice, setChoice] = useState<OtherChoice>(NO_OTHER_CHOICE);
  const [problem, setProblem] = useState<Message | string>();
  const other = choosesOther(choice);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!other) return onContinue(undefined);
    const chosen = otherDelegate(account, choice);
    if ('problem' in chosen) return setProblem(chosen.problem);
    onContinue(chosen);
  };
  return (
    <form className={ui.stack} onSubmit={submit} noValidate aria-label={t('smartAccount:summary.upgrade')}>
      <OtherDelegateChoice
        choice={choice}
        error={problem}
        disabled={busy}
        onChange={(next) => {
          if (next.text !== choice.text) setProblem(undefined);
          setChoice(next);
        }}
      />
      <p role="status">{busy ? t('smartAccount:upgrade.preparing') : ''}</p>
      <div className={ui.actions}>
        <button type="submit" disabled={busy || (other && !choice.understood)}>
          {t('smartAccount:upgrade.continue')}
        </button>
      </div>
    </form>
  );
}
