import { type Address, type Hex, parseEventLogs, toEventSelector } from 'viem';
import type { ChainClient } from '../chain/client';
import { getLogs } from '../chain/rawLogs';
import { toChainError } from '../chain/toChainError';
import type { SafeTxStatus } from './pendingSafeTx';
import { safeAbi } from './safeAbi';

const OUTCOME_EVENTS = safeAbi.filter(
  (item) => item.type === 'event' && (item.name === 'ExecutionSuccess' || item.name === 'ExecutionFailure'),
);

/** What an executing transaction's logs say of the Safe transaction `hash`: executed, failed, or neither. */
export function outcomeInLogs(
  logs: readonly { address: Address; topics: readonly Hex[]; data: Hex }[],
  safe: Address,
  hash: Hex,
): Extract<SafeTxStatus, 'executed' | 'failed'> | undefined {
  const events = parseEventLogs({
    abi: OUTCOME_EVENTS,
    logs: logs.filter((log) => log.address.toLowerCase() === safe.toLowerCase()) as never,
  });
  const found = events.find((event) => event.args.txHash.toLowerCase() === hash.toLowerCase());
  if (!found) return undefined;
  return found.eventName === 'ExecutionSuccess' ? 'executed' : 'failed';
}

/** How far back a Safe's logs are searched for a transaction's outcome: about a week of Ethereum blocks. */
export const OUTCOME_LOOKBACK_BLOCKS = 50_000n;

/**
 * Where a kept Safe transaction stands once the Safe's nonce has passed its own: executed or failed
 * when the Safe logged it (ExecutionSuccess / ExecutionFailure with its hash, in the last
 * OUTCOME_LOOKBACK_BLOCKS before `head`), else replaced (another transaction took the nonce). One
 * eth_getLogs filtered by the two events and the hash. Throws a ChainError (a node that refuses
 * the range says so: the caller then leaves it undecided).
 */
export async function outcomeAfterNonce(
  client: ChainClient,
  args: { safe: Address; hash: Hex; head: bigint },
): Promise<Extract<SafeTxStatus, 'executed' | 'failed' | 'replaced'>> {
  const from = args.head > OUTCOME_LOOKBACK_BLOCKS ? args.head - OUTCOME_LOOKBACK_BLOCKS : 0n;
  try {
    const logs = await getLogs(client, from, args.head, {
      topics: [OUTCOME_EVENTS.map((event) => toEventSelector(event)), args.hash],
    });
    return outcomeInLogs(logs, args.safe, args.hash) ?? 'replaced';
  } catch (error) {
    throw toChainError(error);
  }
}
