import { type Address, getAddress, type Hex, zeroAddress } from 'viem';
import { isUnlimited } from '../assets/unlimited';
import { PERMIT2_ADDRESS } from '../chain/localChain';
import type { SavedAbi } from '../contracts/decode/abiIndex';
import { type DecodedLog, decodeLogs, type RawLog } from '../contracts/decode/logs';
import { sameAddress } from '../keys/sameAddress';
import type { ApprovalChange, AssetChange, NativeTransfer } from './types';

export type LogChanges = { logs: DecodedLog[]; changes: AssetChange[]; approvals: ApprovalChange[] };

/**
 * The one home of "logs → asset changes", shared by every strategy: decodes the logs (with the
 * person's saved ABIs, then the standard ones) and sums, per address, native coin, ERC-20 amounts,
 * ERC-721 ids and ERC-1155 ids and amounts, and lists the approvals set (ERC-20 Approval, ERC-721
 * Approval, ApprovalForAll, and from the canonical Permit2 its Approval, Permit and Lockdown: see
 * approvalOfLog). The zero address (mints, burns) holds no tokens.
 * Never throws: a log that does not decode to a standard event is only listed in `logs`.
 */
export function logChanges(
  raw: readonly RawLog[],
  native: readonly NativeTransfer[],
  saved: readonly SavedAbi[] = [],
): LogChanges {
  const logs = decodeLogs(raw, saved);
  const book = new ChangeBook();
  for (const move of native) book.native(move);
  const approvals: ApprovalChange[] = [];
  logs.forEach((log, i) => {
    const topics = raw[i]?.topics.length ?? 0;
    if (log.name !== undefined) read(log, topics, book, approvals);
  });
  return { logs, changes: book.list(), approvals };
}

function read(log: DecodedLog & { name: string }, topics: number, book: ChangeBook, approvals: ApprovalChange[]) {
  const token = getAddress(log.address);
  const arg = (i: number) => log.args[i]?.value;
  const address = (i: number): Address => getAddress(String(arg(i)));
  const amount = (i: number): bigint => BigInt(arg(i) as bigint | number);
  switch (log.id) {
    case 'Transfer(address,address,uint256)':
      if (topics === 3) book.fungible('erc20', token, address(0), address(1), amount(2));
      else if (topics === 4) book.nft(token, address(0), address(1), amount(2));
      return;
    case 'TransferSingle(address,address,address,uint256,uint256)':
      book.fungible('erc1155', token, address(1), address(2), amount(4), amount(3));
      return;
    case 'TransferBatch(address,address,address,uint256[],uint256[])': {
      const ids = arg(3) as readonly bigint[];
      const values = arg(4) as readonly bigint[];
      ids.forEach((id, j) => {
        book.fungible('erc1155', token, address(1), address(2), values[j] ?? 0n, id);
      });
      return;
    }
    default: {
      const approval = approvalOfLog(log, topics);
      if (approval) approvals.push(approval);
    }
  }
}

/**
 * The approval a decoded log sets, if it is one of the standard approval events: ERC-20 Approval
 * (3 topics), ERC-721 Approval (4 topics), ApprovalForAll, Permit2 Approval and Permit (an
 * allowance with an expiry) and Lockdown (the allowance withdrawn). Permit2's events count only
 * from the canonical Permit2: any contract can emit an event of that shape, and a fake Lockdown
 * would read as an allowance taken back.
 */
export function approvalOfLog(log: DecodedLog, topics: number): ApprovalChange | undefined {
  if (log.name === undefined) return undefined;
  const token = getAddress(log.address);
  const arg = (i: number) => log.args[i]?.value;
  const address = (i: number): Address => getAddress(String(arg(i)));
  const amount = (i: number): bigint => BigInt(arg(i) as bigint | number);
  switch (log.id) {
    case 'Approval(address,address,uint256)':
      if (topics === 3) {
        const value = amount(2);
        return {
          kind: 'erc20',
          token,
          owner: address(0),
          spender: address(1),
          amount: value,
          unlimited: isUnlimited(value),
        };
      }
      if (topics === 4) {
        const approved = address(1);
        return {
          kind: 'erc721',
          token,
          owner: address(0),
          approved,
          tokenId: amount(2),
          revoked: approved === zeroAddress,
        };
      }
      return undefined;
    case 'ApprovalForAll(address,address,bool)':
      return { kind: 'operator', token, owner: address(0), operator: address(1), approved: arg(2) === true };
    case 'Approval(address,address,address,uint160,uint48)':
    case 'Permit(address,address,address,uint160,uint48,uint48)':
    case 'Lockdown(address,address,address)': {
      if (!sameAddress(token, PERMIT2_ADDRESS)) return undefined;
      // A Lockdown withdraws the allowance: amount and expiration 0.
      const lockdown = log.id.startsWith('Lockdown(');
      const value = lockdown ? 0n : amount(3);
      return {
        kind: 'permit2',
        permit2: token,
        owner: address(0),
        token: address(1),
        spender: address(2),
        amount: value,
        expiration: lockdown ? 0n : amount(4),
        unlimited: isUnlimited(value),
      };
    }
    default:
      return undefined;
  }
}

/** The key and maker of one address's entry for an ERC-20, or one ERC-1155 id. */
function fungibleEntry(
  kind: 'erc20' | 'erc1155',
  token: Address,
  address: Address,
  id?: bigint,
): [string, () => AssetChange] {
  const make = (): AssetChange =>
    kind === 'erc20'
      ? { kind, address, token, in: 0n, out: 0n }
      : { kind, address, token, id: id ?? 0n, in: 0n, out: 0n };
  return [`${kind}|${address}|${token}|${id ?? ''}`, make];
}

/** Sums asset movements per address and asset, in the order first met: the one place changes are built. */
export class ChangeBook {
  private readonly entries = new Map<string, AssetChange>();

  native(move: NativeTransfer) {
    if (move.value === 0n) return;
    const from = getAddress(move.from);
    const to = getAddress(move.to);
    this.add(`native|${from}`, () => ({ kind: 'native', address: from, in: 0n, out: 0n }), 'out', move.value);
    this.add(`native|${to}`, () => ({ kind: 'native', address: to, in: 0n, out: 0n }), 'in', move.value);
  }

  fungible(kind: 'erc20' | 'erc1155', token: Address, from: Address, to: Address, value: bigint, id?: bigint) {
    if (from !== zeroAddress) this.add(...fungibleEntry(kind, token, from, id), 'out', value);
    if (to !== zeroAddress) this.add(...fungibleEntry(kind, token, to, id), 'in', value);
  }

  /**
   * A balance read before and after (no transfer seen): its difference comes in (positive) or
   * goes out (negative) of the holder's entry. `token` is undefined for the native coin.
   */
  balance(kind: 'native' | 'erc20' | 'erc1155', holder: Address, diff: bigint, token?: Address, id?: bigint) {
    if (diff === 0n) return;
    const side = diff > 0n ? 'in' : 'out';
    const value = diff > 0n ? diff : -diff;
    if (kind === 'native' || token === undefined) {
      this.add(`native|${holder}`, () => ({ kind: 'native', address: holder, in: 0n, out: 0n }), side, value);
    } else {
      this.add(...fungibleEntry(kind, token, holder, id), side, value);
    }
  }

  nft(token: Address, from: Address, to: Address, tokenId: bigint) {
    const entry = (address: Address) => {
      const key = `erc721|${address}|${token}`;
      let change = this.entries.get(key);
      if (!change) {
        change = { kind: 'erc721', address, token, received: [], sent: [] };
        this.entries.set(key, change);
      }
      return change as Extract<AssetChange, { kind: 'erc721' }>;
    };
    if (from !== zeroAddress) entry(from).sent.push(tokenId);
    if (to !== zeroAddress) entry(to).received.push(tokenId);
  }

  private add(key: string, make: () => AssetChange, side: 'in' | 'out', value: bigint) {
    let change = this.entries.get(key);
    if (!change) {
      change = make();
      this.entries.set(key, change);
    }
    if (change.kind !== 'erc721') change[side] += value;
  }

  list(): AssetChange[] {
    return [...this.entries.values()];
  }
}

/** Net change of one asset entry (in − out); for ERC-721, ids received minus ids sent. */
export function netChange(change: AssetChange): bigint {
  return change.kind === 'erc721' ? BigInt(change.received.length - change.sent.length) : change.in - change.out;
}

/** The 20-byte address in a 32-byte topic or word. */
export function wordToAddress(word: Hex): Address {
  return getAddress(`0x${word.slice(-40)}`);
}

/** What one approval is about, whatever its amount: the same key for a grant and its later withdrawal. */
export type ApprovalIdentity =
  | { kind: 'erc20'; token: Address; spender: Address }
  | { kind: 'erc721'; token: Address; tokenId: bigint }
  | { kind: 'operator'; token: Address; operator: Address }
  | { kind: 'permit2'; permit2: Address; token: Address; spender: Address };

export function approvalKey(approval: ApprovalIdentity): string {
  const lower = (a: string) => a.toLowerCase();
  switch (approval.kind) {
    case 'erc20':
      return `erc20:${lower(approval.token)}:${lower(approval.spender)}`;
    case 'erc721':
      return `erc721:${lower(approval.token)}:${approval.tokenId}`;
    case 'operator':
      return `operator:${lower(approval.token)}:${lower(approval.operator)}`;
    case 'permit2':
      return `permit2:${lower(approval.permit2)}:${lower(approval.token)}:${lower(approval.spender)}`;
  }
}
