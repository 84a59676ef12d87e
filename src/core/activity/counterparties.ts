import { type Address, zeroAddress } from 'viem';
import { sameAddress } from '../keys/sameAddress';
import { countsAsSentTo } from '../tx/record';
import type { ActivityEntry } from './entries';

/**
 * The other sides of an account's history, split by trust. `dealtWith`: the addresses the account
 * sent to, in transactions it sent itself that raise no suspicion and sent something (confirmed
 * or on its way, see countsAsSentTo): what went out, and the address called when nothing moved.
 * Nothing received counts: anyone can send anything to anyone, and a drainer's 1-wei transfer
 * must not make it known. `senders`: the others met in plain entries (what they sent in), not
 * known, but look-alikes of them are still poisoning attempts. `suspicious`: those met in entries
 * flagged as possible spam or address poisoning that the account never sent to, which are the
 * poisoners' own addresses: a plain transfer they also sent in (1 wei) clears none of them. The
 * account itself and the zero address (mints and burns) are left out.
 */
export function historyCounterparties(
  entries: readonly ActivityEntry[],
  account: Address,
): { dealtWith: Address[]; senders: Address[]; suspicious: Address[] } {
  const dealtWith = new Map<string, Address>();
  const plain = new Map<string, Address>();
  const flagged = new Map<string, Address>();
  const add = (into: Map<string, Address>, other: Address | undefined) => {
    const key = other?.toLowerCase();
    if (other && key && !sameAddress(other, account) && !sameAddress(other, zeroAddress) && !into.has(key))
      into.set(key, other);
  };
  for (const entry of entries) {
    const others = [entry.counterparty, ...entry.movements.map((m) => m.counterparty)];
    for (const other of others) add(entry.suspicions.length > 0 ? flagged : plain, other);
    if (entry.suspicions.length > 0 || !entry.sentByAccount || !countsAsSentTo(entry.status)) continue;
    for (const movement of entry.movements) if (movement.direction === 'out') add(dealtWith, movement.counterparty);
    if (entry.movements.length === 0) add(dealtWith, entry.counterparty);
  }
  return {
    dealtWith: [...dealtWith.values()],
    senders: [...plain].filter(([key]) => !dealtWith.has(key)).map(([, address]) => address),
    suspicious: [...flagged].filter(([key]) => !dealtWith.has(key)).map(([, address]) => address),
  };
}
