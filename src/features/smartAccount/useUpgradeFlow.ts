import { useRef, useState } from 'react';
import type { Account } from '@/core/accounts/account';
import type { Network } from '@/core/chain/networks';
import { type Message, msg } from '@/core/i18n/message';
import type { OtherDelegate, UpgradePlan } from '@/core/smartAccount/atomicSend';
import { confirmUpgrade, prepareUpgrade } from '@/core/smartAccount/smartSend';
import type { AnyPreparedSend } from '@/core/tx/prepare';
import type { TxRecord } from '@/core/tx/record';
import { failureMessage } from '@/lib/i18n/errorMessages';
import { useTransactions } from '@/lib/stores/transactions';
import { useVaultSession } from '@/lib/vault/vault';

/** What is under review: the transaction and the authorization Confirm signs, prepared (fees, gas), and its nonce. */
export type UpgradeReview = { plan: UpgradePlan; prepared: AnyPreparedSend; nonce: number };

export type UpgradeStep =
  | { name: 'start' }
  | { name: 'preparing'; undo: boolean }
  | ({ name: 'review' | 'sending' } & UpgradeReview)
  /** `record` as sendSmart returned it; the stored one, as the tracker moves it on, is read by its id. */
  | { name: 'sent'; record: TxRecord };

/**
 * The upgrade or undo of one account on one network, as Send's flow: prepare (the delegate's
 * checks, then the fees estimated with a stand-in authorization: nothing of the account's is
 * signed), review, confirm (the authorization signed, then the transaction signed, stored, sent),
 * then the record followed. A failure goes back to the start with its sentence.
 */
export function useUpgradeFlow(network: Network, account: Account) {
  const session = useVaultSession();
  const { service, store } = useTransactions();
  const [step, setStep] = useState<UpgradeStep>({ name: 'start' });
  const [problem, setProblem] = useState<Message | string>();
  // The latest preparation: one the person cancelled or replaced is dropped when it ends.
  const attempt = useRef(0);

  const prepare = async (undo: boolean, delegate?: OtherDelegate) => {
    const mine = ++attempt.current;
    setProblem(undefined);
    setStep({ name: 'preparing', undo });
    try {
      const review = await prepareUpgrade(network, session.signerFor(account), store, undo, delegate);
      if (mine !== attempt.current) return;
      setStep({ name: 'review', ...review });
    } catch (error) {
      if (mine !== attempt.current) return;
      setStep({ name: 'start' });
      setProblem(failureMessage(error, msg('smartAccount:nothingSigned')));
    }
  };

  const confirm = async () => {
    if (step.name !== 'review') return;
    const mine = ++attempt.current;
    setProblem(undefined);
    setStep({ ...step, name: 'sending' });
    try {
      const signer = session.signerFor(account);
      const record = await confirmUpgrade(await service(), {
        network,
        account: signer,
        plan: step.plan,
        prepared: step.prepared,
      });
      if (mine === attempt.current) setStep({ name: 'sent', record });
    } catch (error) {
      if (mine !== attempt.current) return;
      setStep({ name: 'start' });
      setProblem(failureMessage(error, msg('smartAccount:nothingSent')));
    }
  };

  /** Back to the start: nothing was signed for a review. */
  const reset = () => {
    attempt.current++;
    setProblem(undefined);
    setStep({ name: 'start' });
  };

  return { step, problem, prepare, confirm, reset };
}
