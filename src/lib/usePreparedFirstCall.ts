import { useEffect, useState } from 'react';
import type { Address } from 'viem';
import type { Network } from '@/core/chain/networks';
import type { PreparedSend } from '@/core/tx/prepare';
import { errorText } from './errorMessages';
import { type CallToSend, prepareCall } from './preparedCalls';

/**
 * The first of a batch of calls prepared as Send prepares a transaction (fees, nonce, gas,
 * balances), for the review's fee lines and the first send; or why it could not be. Prepared
 * again when the calls, sender or network change; nothing while `network` is undefined.
 */
export function usePreparedFirstCall(
  network: Network | undefined,
  from: Address,
  calls: readonly CallToSend[],
): { prepared: PreparedSend | undefined; problem: string | undefined } {
  const [prepared, setPrepared] = useState<PreparedSend>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    setPrepared(undefined);
    setProblem(undefined);
    const first = calls[0];
    if (!network || !first) return;
    let current = true;
    prepareCall(network, from, first).then(
      (ready) => current && setPrepared(ready),
      (error: unknown) => current && setProblem(errorText(error)),
    );
    return () => {
      current = false;
    };
  }, [network, from, calls]);
  return { prepared, problem };
}
