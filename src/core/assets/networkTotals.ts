import { type Message, msg } from '../i18n/message';
import type { NetworkReadStatus, StaleBecause } from './networkPortfolio';

/** One followed network's part of the total: its read status and the value of the figures it shows. */
export type NetworkPart = {
  networkId: string;
  status: NetworkReadStatus;
  /** The dollar value (18 decimals, see fiat.ts) of the figures shown; undefined when none are. */
  value: bigint | undefined;
};

export type StalePart = { networkId: string; block: bigint; at: number; because: StaleBecause };

export type TotalAcross = {
  /** The sum of the counted networks' values. */
  total: bigint;
  /** The networks whose figures count, fresh or stale. */
  counted: string[];
  /** Of those, the ones counted with old figures: their block, its time and why. */
  stale: StalePart[];
  /** The networks left out of the total, each with what to say. */
  leftOut: { networkId: string; reason: Message }[];
};

/**
 * The total across followed networks, never blocked, emptied or falsified by one of them: fresh
 * figures count; stale ones count too, marked with their block and why; figures read through a
 * node that now answers for another chain never count (left out, saying so); a network still
 * loading, or failed with nothing to show, is left out with its reason. A network with figures but
 * no value (none of its assets priced) counts for nothing.
 */
export function totalAcross(parts: readonly NetworkPart[]): TotalAcross {
  const result: TotalAcross = { total: 0n, counted: [], stale: [], leftOut: [] };
  for (const { networkId, status, value } of parts) {
    switch (status.state) {
      case 'loading':
        result.leftOut.push({ networkId, reason: msg('core.chain:networkTotals.loading') });
        continue;
      case 'failed':
        result.leftOut.push({ networkId, reason: status.reason });
        continue;
      case 'stale':
        if (status.because === 'wrongChain') {
          result.leftOut.push({ networkId, reason: msg('core.chain:networkTotals.wrongChain') });
          continue;
        }
        result.stale.push({ networkId, block: status.block, at: status.at, because: status.because });
        break;
      case 'fresh':
        break;
    }
    result.counted.push(networkId);
    result.total += value ?? 0n;
  }
  return result;
}
