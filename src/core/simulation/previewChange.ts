import type { Address } from 'viem';
import type { ApprovalChange, AssetChange, SimulationResult } from './types';

/**
 * How far an amount one of the person's accounts receives may fall, or one it sends may rise,
 * between two previews of one transaction before the change counts: 1 % (in basis points). A
 * swap's output moves a little at almost every block on an active pool; holding Confirm at each
 * would teach people to acknowledge without reading.
 */
export const ADVERSE_TOLERANCE_BPS = 100n;

const text = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)).toLowerCase();

type Movement = { key: string; address: string; direction: 'in' | 'out'; amount: bigint };

/** Every movement a preview shows, one per address, asset and direction (each NFT an asset of its own). */
function movements(changes: readonly AssetChange[]): Movement[] {
  const found: Movement[] = [];
  for (const change of changes) {
    const address = change.address.toLowerCase();
    const add = (asset: string, direction: Movement['direction'], amount: bigint) => {
      if (amount > 0n) found.push({ key: `${address}|${asset}|${direction}`, address, direction, amount });
    };
    switch (change.kind) {
      case 'native':
        add('native', 'in', change.in);
        add('native', 'out', change.out);
        break;
      case 'erc20':
        add(`erc20:${change.token.toLowerCase()}`, 'in', change.in);
        add(`erc20:${change.token.toLowerCase()}`, 'out', change.out);
        break;
      case 'erc1155':
        add(`erc1155:${change.token.toLowerCase()}:${change.id}`, 'in', change.in);
        add(`erc1155:${change.token.toLowerCase()}:${change.id}`, 'out', change.out);
        break;
      case 'erc721':
        for (const id of change.received) add(`erc721:${change.token.toLowerCase()}:${id}`, 'in', 1n);
        for (const id of change.sent) add(`erc721:${change.token.toLowerCase()}:${id}`, 'out', 1n);
        break;
    }
  }
  return found;
}

const sameSet = (a: Iterable<string>, b: Iterable<string>): boolean => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((k) => right.has(k));
};

/** The outcome as far as a decision goes: it succeeds, or it fails (in a batch, at which call). */
const outcomeOf = (result: SimulationResult) =>
  result.outcome.ok ? 'ok' : `fails at ${result.outcome.call?.index ?? 0}`;

/** Whether an amount moved for the worse beyond the tolerance: less received, or more sent. */
function adverse(direction: Movement['direction'], before: bigint, now: bigint): boolean {
  const allowed = (before * ADVERSE_TOLERANCE_BPS) / 10_000n;
  return direction === 'in' ? now < before - allowed : now > before + allowed;
}

/**
 * Whether `now`, a later preview of the transaction `before` previewed, says something the person
 * would decide on differently: the outcome (it succeeds or fails; in a batch, which call fails);
 * which assets and counterparties move, and in which direction (a line appearing or
 * disappearing); the approvals it sets and the contracts it creates, exactly; and an amount one of
 * the person's accounts (`own`) receives falling, or sends rising, by more than
 * ADVERSE_TOLERANCE_BPS. Gas, logs, notes, amounts moving in the person's favour and other
 * addresses' amounts are left out. A pure rule: the review holds Confirm on it.
 */
export function changesDecision(before: SimulationResult, now: SimulationResult, own: readonly Address[]): boolean {
  if (outcomeOf(before) !== outcomeOf(now)) return true;
  const approvals = (r: SimulationResult) => r.approvals.map((a: ApprovalChange) => text(a));
  if (!sameSet(approvals(before), approvals(now))) return true;
  if (!sameSet(before.created.map(text), now.created.map(text))) return true;
  const was = movements(before.changes);
  const is = new Map(movements(now.changes).map((m) => [m.key, m]));
  if (
    !sameSet(
      was.map((m) => m.key),
      is.keys(),
    )
  )
    return true;
  const mine = new Set(own.map((a) => a.toLowerCase()));
  return was.some((m) => mine.has(m.address) && adverse(m.direction, m.amount, is.get(m.key)?.amount ?? 0n));
}
