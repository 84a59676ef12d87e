import type { Address, Hex } from 'viem';
import { getCode } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { codeShowsDelegate, delegateOf } from '../chain/delegationDesignator';
import { toChainError } from '../chain/toChainError';
import type { TxRecord } from './record';

/** Failures that say nothing of the block asked for: ask again at the next pass. */
const TRANSIENT: ReadonlySet<string> = new Set(['CHAIN_UNREACHABLE', 'CHAIN_TIMEOUT', 'CHAIN_RATE_LIMITED']);

/**
 * The first account whose EIP-7702 authorization the mined transaction carried but the chain
 * skipped (its nonce had moved, or its chain was wrong): its code at that block does not point
 * where the authorization said. Such a transaction succeeds, and a batch sent to the account
 * itself then ran nothing. Undefined when all took effect; 'unknown' when the node cannot say.
 *
 * A node that no longer keeps the block's state (a pruned node, long after) is asked for the code
 * now: that can confirm the authorizations (nothing else sets that code), never refute them (a
 * later transaction may have changed it), so a mismatch there is 'unknown' too.
 */
export async function skippedAuthorization(
  client: ChainClient,
  record: Pick<TxRecord, 'authorizations' | 'kind' | 'batch'>,
  blockNumber: bigint,
): Promise<Address | undefined | 'unknown'> {
  const carried = record.authorizations ?? [];
  // A batch an account sends itself runs only while its code points at a delegate: sent to a
  // plain account (its upgrade undone meanwhile), it succeeds and does nothing.
  const batchAccount = carried.length === 0 && record.kind === 'batch' ? record.batch?.account : undefined;
  if (carried.length === 0 && batchAccount === undefined) return undefined;
  const addresses = batchAccount ? [batchAccount] : carried.map((a) => a.authority);
  const codesAt = (at: { blockNumber: bigint } | { blockTag: 'latest' }) =>
    Promise.all(addresses.map((address) => getCode(client, { address, ...at })));
  const firstSkipped = (codes: (Hex | undefined)[]): Address | undefined => {
    if (batchAccount) return delegateOf(codes[0]) === undefined ? batchAccount : undefined;
    // A later authorization of the same account in the list wins (EIP-7702 applies them in order).
    const last = new Map(carried.map((a, index) => [a.authority.toLowerCase(), index]));
    return carried.find(
      (a, index) => last.get(a.authority.toLowerCase()) === index && !codeShowsDelegate(codes[index], a.address),
    )?.authority;
  };
  try {
    return firstSkipped(await codesAt({ blockNumber }));
  } catch (error) {
    if (TRANSIENT.has(toChainError(error).code)) return 'unknown';
  }
  try {
    return firstSkipped(await codesAt({ blockTag: 'latest' })) === undefined ? undefined : 'unknown';
  } catch {
    return 'unknown';
  }
}
