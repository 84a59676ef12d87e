import { useRef, useState } from 'react';
import type { Account } from '@/core/accounts/account';
import type { Network } from '@/core/chain/networks';
import { type Message, msg } from '@/core/i18n/message';
import type { AnyPreparedSend } from '@/core/tx/prepare';
import { sendPreparedCall } from '@/core/tx/preparedCalls';
import type { TxRecord } from '@/core/tx/record';
import { failureMessage } from '@/lib/i18n/errorMessages';
import { useTransactions } from '@/lib/stores/transactions';
import { useVaultSession } from '@/lib/vault/vault';

export type SafeSendStep =
  | { name: 'start' }
  | { name: 'preparing' }
  | { name: 'review' | 'sending'; from: Account; prepared: AnyPreparedSend }
  /** `record` as sent; the stored one, as the tracker moves it on, is read by its id. */
  | { name: 'sent'; from: Account; record: TxRecord };

/**
 * A transaction about a Safe transaction (an owner's on-chain confirmation, or its execution) as
 * Send's flow: prepared (fees, gas, its call run once by the estimate), reviewed, then at Confirm
 * signed, stored and sent from `from` like any of Cairn's transactions, and followed. A failure
 * goes back to the start with its sentence.
 */
export function useSafeSend(network: Network, kind: 'safe-approve' | 'safe-execute') {
  const session = useVaultSession();
  const { service } = useTransactions();
  const [step, setStep] = useState<SafeSendStep>({ name: 'start' });
  const [problem, setProblem] = useState<Message | string>();
  // The latest attempt: one the person cancelled or replaced is dropped when it ends.
  const attempt = useRef(0);

  const prepare = async (from: Account, make: () => Promise<AnyPreparedSend>) => {
    const mine = ++attempt.current;
    setProblem(undefined);
    setStep({ name: 'preparing' });
    try {
      const prepared = await make();
      if (mine === attempt.current) setStep({ name: 'review', from, prepared });
    } catch (error) {
      if (mine !== attempt.current) return;
      setStep({ name: 'start' });
      setProblem(failureMessage(error, msg('safe:nothingSent')));
    }
  };

  const confirm = async () => {
    if (step.name !== 'review') return;
    const mine = ++attempt.current;
    const { from, prepared } = step;
    setProblem(undefined);
    setStep({ ...step, name: 'sending' });
    try {
      const record = await sendPreparedCall(await service(), {
        network,
        account: session.signerFor(from),
        prepared,
        kind,
      });
      if (mine === attempt.current) setStep({ name: 'sent', from, record });
    } catch (error) {
      if (mine !== attempt.current) return;
      setStep({ name: 'start' });
      setProblem(failureMessage(error, msg('safe:nothingSent')));
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
