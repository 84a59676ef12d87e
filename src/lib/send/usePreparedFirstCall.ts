import { useEffect, useState } from 'react';
import type { Address } from 'viem';
import type { Network } from '@/core/chain/networks';
import type { AnyPreparedSend } from '@/core/tx/prepare';
import { type CallToSend, nextNonceOf, prepareCall } from '@/core/tx/preparedCalls';
import type { TxStore } from '@/core/tx/txStore';
import { errorText } from '../i18n/errorMessages';

type Outcome = { prepared?: AnyPreparedSend; problem?: string };

/**
 * The first of a batch of calls prepared as Send prepares a transaction (fees, nonce, gas,
 * balances), for the review's fee lines and the first send; or why it could not be. Prepared
 * again when the calls, sender or network change; nothing while `network` is undefined. What was
 * prepared is kept with what it was prepared for, and given only for that: never, not even for
 * one render, beside another network (a nonce and fees of one chain sent on another).
 * `pinNonce` (Cairn's records, where Cairn chooses the nonce of a batch with a contract creation):
 * the first call is prepared with the nonce it will be sent with, the later ones take the next.
 */
export function usePreparedFirstCall(
  network: Network | undefined,
  from: Address,
  calls: readonly CallToSend[],
  pinNonce: TxStore | undefined = undefined,
): { prepared: AnyPreparedSend | undefined; problem: string | undefined } {
  const [outcome, setOutcome] = useState<{ network: Network; from: Address; calls: readonly CallToSend[] } & Outcome>();
  useEffect(() => {
    setOutcome(undefined);
    const first = calls[0];
    if (!network || !first) return;
    let current = true;
    const settle = (result: Outcome) => current && setOutcome({ network, from, calls, ...result });
    const nonce = pinNonce ? nextNonceOf(network, from, pinNonce) : Promise.resolve(undefined);
    nonce
      .then((chosen) => prepareCall(network, from, first, chosen))
      .then(
        (prepared) => settle({ prepared }),
        (error: unknown) => settle({ problem: errorText(error) }),
      );
    return () => {
      current = false;
    };
  }, [network, from, calls, pinNonce]);
  const mine = outcome && outcome.network === network && outcome.from === from && outcome.calls === calls;
  return { prepared: mine ? outcome.prepared : undefined, problem: mine ? outcome.problem : undefined };
}
