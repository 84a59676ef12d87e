import { type Address, type Hex, parseEventLogs, toEventSelector } from 'viem';
import { sameHex } from '../bytes';
import type { ChainClient } from '../chain/client';
import { readLogs } from '../chain/logSpan';
import { getLogs, type RawLog } from '../chain/rawLogs';
import { toChainError } from '../chain/toChainError';
import { sameAddress } from '../keys/sameAddress';
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
    logs: logs.filter((log) => sameAddress(log.address, safe)) as never,
  });
  const found = events.find((event) => sameHex(event.args.txHash, hash));
  if (!found) return undefined;
  return found.eventName === 'ExecutionSuccess' ? 'executed' : 'failed';
}

/** What became of a Safe transaction whose nonce was used, and the transaction that executed it. */
export type SafeTxOutcome = { status: 'executed' | 'failed'; hash: Hex } | { status: 'replaced' };

/**
 * Where a kept Safe transaction stands once the Safe's nonce has passed its own: executed or failed
 * when the Safe logged it (ExecutionSuccess / ExecutionFailure with its hash, on the Safe's address,
 * between `from`, the head when Cairn kept it, and `head`, in spans of readLogs), with the
 * transaction that did; else replaced (another transaction took the nonce). Throws a ChainError
 * (the caller then leaves it undecided).
 */
export async function outcomeAfterNonce(
  client: ChainClient,
  args: { safe: Address; hash: Hex; from: bigint; head: bigint },
): Promise<SafeTxOutcome> {
  let logs: RawLog[];
  try {
    ({ items: logs } = await readLogs<RawLog>(client, {
      from: args.from,
      to: args.head,
      read: (start, end) =>
        getLogs(client, start, end, {
          address: args.safe,
          topics: [OUTCOME_EVENTS.map((event) => toEventSelector(event)), args.hash],
        }),
    }));
  } catch (error) {
    throw toChainError(error);
  }
  const found = logs.at(-1);
  const status = found && outcomeInLogs([found], args.safe, args.hash);
  return found && status ? { status, hash: found.transactionHash } : { status: 'replaced' };
}
