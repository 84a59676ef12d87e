import { type Address, zeroAddress } from 'viem';
import type { ActivityEntry } from './entries';

/**
 * The other sides of an account's history, split by trust. `dealtWith`: counterparties of entries
 * with no suspicion (what the account sent, real transfers it received). `suspicious`: those met
 * only in entries flagged as possible spam or address poisoning, which are the poisoners' own
 * addresses and must never count as known. The account itself and the zero address (mints and
 * burns) are left out.
 */
export function historyCounterparties(
  entries: readonly ActivityEntry[],
  account: Address,
): { dealtWith: Address[]; suspicious: Address[] } {
  const dealtWith = new Map<string, Address>();
  const flagged = new Map<string, Address>();
  const self = account.toLowerCase();
  for (const entry of entries) {
    const into = entry.suspicions.length === 0 ? dealtWith : flagged;
    for (const other of [entry.counterparty, ...entry.movements.map((m) => m.counterparty)]) {
      const key = other?.toLowerCase();
      if (!other || !key || key === self || key === zeroAddress || into.has(key)) continue;
      into.set(key, other);
    }
  }
  return {
    dealtWith: [...dealtWith.values()],
    suspicious: [...flagged].filter(([key]) => !dealtWith.has(key)).map(([, address]) => address),
  };
}
