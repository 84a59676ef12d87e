import { type Address, toHex, zeroAddress } from 'viem';
import { isUnlimited } from '../assets/unlimited';
import { codeValue, type Message, msg } from '../i18n/message';
import { ChangeBook, netChange, wordToAddress } from './changes';
import type { ApprovalChange, AssetChange } from './types';
import type { ReadMeaning } from './watch';

/** One word read by the simulator; `ok` is false when the view call failed or said nothing. */
export type Reading = { ok: boolean; value: bigint };
export type Observed = { meaning: ReadMeaning; before: Reading; after: Reading };

export type ReadingChanges = { changes: AssetChange[]; approvals: ApprovalChange[]; notes: Message[] };

type TokenKind = 'erc20' | 'erc721' | 'erc1155';

const wordAddress = (value: bigint): Address => wordToAddress(toHex(value, { size: 32 }));
const read = (o: Observed) => o.before.ok && o.after.ok;

/**
 * The other half of logChanges, for a strategy that sees balances instead of logs: the same
 * AssetChange and ApprovalChange shapes from readings taken before and after the call, by `owner`
 * (the sender). A token is ERC-721 or ERC-1155 when it says so through ERC-165, else ERC-20 when
 * its balanceOf answers. Sums are net: what came in and went out of one balance shows as their
 * difference. An allowance that falls by no more than the owner's outflow of that token was spent
 * (transferFrom), not set, and is not listed; one set to the value it had is not seen. Never throws.
 */
export function readingChanges(owner: Address, observed: readonly Observed[]): ReadingChanges {
  const kinds = tokenKinds(observed);
  const book = new ChangeBook();
  const approvals: ApprovalChange[] = [];
  const notes: Message[] = [];

  for (const o of observed) {
    if (!read(o)) continue;
    const m = o.meaning;
    const diff = o.after.value - o.before.value;
    if (m.kind === 'native') book.balance('native', m.holder, diff);
    else if (m.kind === 'balance' && kinds.get(m.token) === 'erc20') book.balance('erc20', m.holder, diff, m.token);
    else if (m.kind === 'balance1155' && kinds.get(m.token) === 'erc1155')
      book.balance('erc1155', m.holder, diff, m.token, m.id);
    else if (m.kind === 'owner' && kinds.get(m.token) === 'erc721' && diff !== 0n)
      book.nft(m.token, wordAddress(o.before.value), wordAddress(o.after.value), m.id);
  }

  const changes = book.list();
  for (const o of observed) {
    const m = o.meaning;
    if (!read(o) || o.after.value === o.before.value) continue;
    if (m.kind === 'allowance' && kinds.get(m.token) === 'erc20') {
      const fall = o.before.value - o.after.value;
      const outflow = changes.find((c) => c.kind === 'erc20' && c.token === m.token && c.address === owner);
      if (fall > 0n && outflow?.kind === 'erc20' && outflow.out >= fall) continue;
      const amount = o.after.value;
      approvals.push({
        kind: 'erc20',
        token: m.token,
        owner,
        spender: m.spender,
        amount,
        unlimited: isUnlimited(amount),
      });
    } else if (m.kind === 'operator' && kinds.get(m.token) !== 'erc20') {
      approvals.push({ kind: 'operator', token: m.token, owner, operator: m.spender, approved: o.after.value === 1n });
    } else if (m.kind === 'approved' && kinds.get(m.token) === 'erc721') {
      // A transfer clears the approval of the id it moves: that is not an approval the person gives.
      const ownerOf = observed.find(
        (x) => x.meaning.kind === 'owner' && x.meaning.token === m.token && x.meaning.id === m.id,
      );
      if (!ownerOf || !read(ownerOf) || ownerOf.before.value !== ownerOf.after.value) continue;
      const approved = wordAddress(o.after.value);
      approvals.push({
        kind: 'erc721',
        token: m.token,
        owner: wordAddress(ownerOf.after.value),
        approved,
        tokenId: m.id,
        revoked: approved === zeroAddress,
      });
    }
  }
  notes.push(...unnamedNfts(observed, kinds, changes));
  return { changes, approvals, notes };
}

/** ERC-165 says ERC-721 or ERC-1155; otherwise a token whose balanceOf(address) answers is taken as ERC-20. */
function tokenKinds(observed: readonly Observed[]): Map<Address, TokenKind> {
  const kinds = new Map<Address, TokenKind>();
  const says = (o: Observed) => o.before.ok && o.before.value === 1n;
  for (const o of observed) {
    const m = o.meaning;
    if ((m.kind === 'is721' || m.kind === 'is1155') && says(o))
      kinds.set(m.token, m.kind === 'is721' ? 'erc721' : 'erc1155');
  }
  for (const o of observed) {
    const m = o.meaning;
    if (m.kind === 'balance' && !kinds.has(m.token) && read(o)) kinds.set(m.token, 'erc20');
  }
  return kinds;
}

/** A note for each ERC-721 collection whose balances moved by more than the ids read explain. */
function unnamedNfts(observed: readonly Observed[], kinds: Map<Address, TokenKind>, changes: AssetChange[]): Message[] {
  const unexplained = new Set<Address>();
  for (const o of observed) {
    const m = o.meaning;
    if (m.kind !== 'balance' || kinds.get(m.token) !== 'erc721' || !read(o)) continue;
    const named = changes.find((c) => c.kind === 'erc721' && c.token === m.token && c.address === m.holder);
    const explained = named ? netChange(named) : 0n;
    if (o.after.value - o.before.value !== explained) unexplained.add(m.token);
  }
  return [...unexplained].map((token) => msg('core.chain:simulation.note.unnamedNfts', { token: codeValue(token) }));
}
