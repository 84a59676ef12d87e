import {
  type Address,
  bytesToBigInt,
  encodeFunctionData,
  getAddress,
  type Hex,
  hexToBytes,
  parseAbi,
  zeroAddress,
} from 'viem';
import type { UnsignedTransaction } from './types';

/**
 * What the stateOverride strategy reads before and after the call. It cannot see logs, so the
 * assets and addresses must be chosen before: these are they.
 */
export type WatchPlan = {
  /** Whose native coin and token balances are read: the sender, the target, addresses in the calldata. */
  holders: Address[];
  /** Tokens read in full (NFT ids too): the target and addresses in the calldata. */
  tokens: Address[];
  /** Tokens whose balances and allowances only are read: the person's portfolio tokens. */
  portfolio: Address[];
  /** Who may be given an allowance or made an operator by the sender: the target and calldata addresses. */
  spenders: Address[];
  /** Words of the calldata that may be token ids (ERC-721 owners, ERC-1155 balances are read for them). */
  ids: bigint[];
};

/** Bounds on what is read, so the call stays within any node's gas cap. */
export const WATCH_LIMITS = { holders: 8, spenders: 8, ids: 4, tokens: 12, portfolio: 60 } as const;

/**
 * An address-like word: the top 12 bytes zero, and at most 8 leading zero bytes in the address
 * (Permit2 has 5, Seaport 1.6 has 7). A large amount may pass for one: it only costs a few reads.
 */
const ADDRESS_FLOOR = 2n ** 96n;
const ADDRESS_CEILING = 2n ** 160n;

/**
 * The 32-byte words of `data` after its selector (`top`: the top-level arguments), and the
 * top-level words of calls nested in it, two levels down: a `bytes` argument or a `bytes[]`
 * element that looks like calldata (a selector and whole words), as multicall and execute carry.
 */
export function calldataWords(data: Hex | undefined): { top: bigint[]; nested: bigint[] } {
  const bytes = hexToBytes(data ?? '0x');
  const top = wordsOf(bytes);
  const nested: bigint[] = [];
  let calls = innerCalls(bytes);
  for (let depth = 0; depth < 2 && calls.length > 0; depth++) {
    nested.push(...calls.flatMap(wordsOf));
    calls = calls.flatMap(innerCalls);
  }
  return { top, nested };
}

const MAX_HEAD_WORDS = 16;

function wordAt(bytes: Uint8Array, at: number): bigint | undefined {
  return at + 32 <= bytes.length ? bytesToBigInt(bytes.subarray(at, at + 32)) : undefined;
}

function wordsOf(call: Uint8Array): bigint[] {
  const out: bigint[] = [];
  for (let at = 4; at + 32 <= call.length; at += 32) out.push(wordAt(call, at) as bigint);
  return out;
}

/** Calldata-like `bytes` at `at` (a length word then a selector and whole words), or undefined. */
function bytesAt(region: Uint8Array, at: number): Uint8Array | undefined {
  const length = wordAt(region, at);
  if (length === undefined || length < 4n || (length - 4n) % 32n !== 0n) return undefined;
  if (BigInt(at) + 32n + length > BigInt(region.length)) return undefined;
  return region.subarray(at + 32, at + 32 + Number(length));
}

/** The calls carried by the head arguments of `call` as `bytes` or `bytes[]`. */
function innerCalls(call: Uint8Array): Uint8Array[] {
  const args = call.subarray(4);
  const found: Uint8Array[] = [];
  for (let head = 0; head < MAX_HEAD_WORDS && head * 32 + 32 <= args.length; head++) {
    const offset = wordAt(args, head * 32) as bigint;
    if (offset % 32n !== 0n || offset + 32n > BigInt(args.length)) continue;
    const single = bytesAt(args, Number(offset));
    if (single) {
      found.push(single);
      continue;
    }
    const count = wordAt(args, Number(offset)) as bigint;
    if (count === 0n || count > BigInt(MAX_HEAD_WORDS)) continue;
    const base = Number(offset) + 32;
    for (let i = 0; i < Number(count); i++) {
      const element = wordAt(args, base + i * 32);
      if (element === undefined || element % 32n !== 0n || element > BigInt(args.length)) continue;
      const inner = bytesAt(args, base + Number(element));
      if (inner) found.push(inner);
    }
  }
  return found;
}

const looksLikeAddress = (word: bigint) => word >= ADDRESS_FLOOR && word < ADDRESS_CEILING;
const toAddress = (word: bigint): Address => getAddress(`0x${word.toString(16).padStart(40, '0')}`);

function distinct<T>(items: readonly T[], limit: number, key: (item: T) => string = String): T[] {
  const seen = new Map<string, T>();
  for (const item of items) {
    if (seen.size >= limit) break;
    if (!seen.has(key(item))) seen.set(key(item), item);
  }
  return [...seen.values()];
}

/** The plan for `tx`, watching also the person's `tokens` (their portfolio). */
export function watchPlan(tx: UnsignedTransaction, tokens: readonly Address[] = []): WatchPlan {
  const sender = getAddress(tx.from);
  const target = tx.to ? getAddress(tx.to) : undefined;
  const { top, nested } = calldataWords(tx.data);
  const inCalldata = [...top, ...nested].filter(looksLikeAddress).map(toAddress);
  const others = [...(target ? [target] : []), ...inCalldata].filter((a) => a !== sender && a !== zeroAddress);
  const lower = (a: Address) => a.toLowerCase();
  const direct = distinct(others, WATCH_LIMITS.tokens, lower);
  return {
    holders: distinct([sender, ...others], WATCH_LIMITS.holders, lower),
    tokens: direct,
    portfolio: distinct(
      tokens.map((t) => getAddress(t)).filter((t) => !direct.includes(t)),
      WATCH_LIMITS.portfolio,
      lower,
    ),
    spenders: distinct(others, WATCH_LIMITS.spenders, lower),
    ids: distinct(
      top.filter((w) => !looksLikeAddress(w)),
      WATCH_LIMITS.ids,
    ),
  };
}

/** One plan for calls made one after another by the same sender: everything each call's plan watches, within the limits. */
export function batchWatchPlan(txs: readonly UnsignedTransaction[], tokens: readonly Address[] = []): WatchPlan {
  const plans = txs.map((tx) => watchPlan(tx, tokens));
  const lower = (a: Address) => a.toLowerCase();
  const all = <K extends keyof WatchPlan>(key: K) => plans.flatMap((plan) => plan[key] as WatchPlan[K][number][]);
  const tokensRead = distinct(all('tokens'), WATCH_LIMITS.tokens, lower);
  return {
    holders: distinct(all('holders'), WATCH_LIMITS.holders, lower),
    tokens: tokensRead,
    portfolio: distinct(
      all('portfolio').filter((t) => !tokensRead.includes(t)),
      WATCH_LIMITS.portfolio,
      lower,
    ),
    spenders: distinct(all('spenders'), WATCH_LIMITS.spenders, lower),
    ids: distinct(all('ids'), WATCH_LIMITS.ids),
  };
}

/** One reading and what it means. `native` reads a balance (no calldata); the others call `token`. */
export type ReadMeaning =
  | { kind: 'native'; holder: Address }
  | { kind: 'is721' | 'is1155'; token: Address }
  | { kind: 'balance'; token: Address; holder: Address }
  | { kind: 'allowance' | 'operator'; token: Address; spender: Address }
  | { kind: 'owner' | 'approved'; token: Address; id: bigint }
  | { kind: 'balance1155'; token: Address; holder: Address; id: bigint };

/**
 * One reading: `target` called with `data` (or its native balance when `data` is '0x'); with
 * `onlyIf` n > 0, made only when reading n - 1 answered 1 (an NFT's reads, when it says it is one).
 */
export type Read = { target: Address; data: Hex; onlyIf: number; meaning: ReadMeaning };

const readAbi = parseAbi([
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function getApproved(uint256 tokenId) view returns (address)',
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
]);
const ERC721_INTERFACE = '0x80ac58cd';
const ERC1155_INTERFACE = '0xd9b67a26';

function call(token: Address, meaning: ReadMeaning, data: Hex, onlyIf = 0): Read {
  return { target: token, data, onlyIf, meaning };
}

/**
 * The readings for a plan, the same list before and after the call. A token's NFT reads (owners,
 * approvals, operators, ERC-1155 balances) are made only when it says through ERC-165 that it is
 * an ERC-721 or an ERC-1155, so an ERC-20 costs its balances and allowances alone.
 */
export function planReads(plan: WatchPlan, owner: Address): Read[] {
  const reads: Read[] = plan.holders.map((holder) => ({
    target: holder,
    data: '0x',
    onlyIf: 0,
    meaning: { kind: 'native', holder },
  }));
  const fungible = (token: Address) => {
    for (const holder of plan.holders) {
      const data = encodeFunctionData({ abi: readAbi, functionName: 'balanceOf', args: [holder] });
      reads.push(call(token, { kind: 'balance', token, holder }, data));
    }
    for (const spender of plan.spenders) {
      const data = encodeFunctionData({ abi: readAbi, functionName: 'allowance', args: [owner, spender] });
      reads.push(call(token, { kind: 'allowance', token, spender }, data));
    }
  };
  /** Adds the supportsInterface reading and answers the `onlyIf` that points at it. */
  const supports = (token: Address, kind: 'is721' | 'is1155', id: Hex) => {
    const data = encodeFunctionData({ abi: readAbi, functionName: 'supportsInterface', args: [id] });
    return reads.push(call(token, { kind, token }, data));
  };
  for (const token of plan.tokens) {
    const is721 = supports(token, 'is721', ERC721_INTERFACE);
    const is1155 = supports(token, 'is1155', ERC1155_INTERFACE);
    fungible(token);
    for (const spender of plan.spenders) {
      const data = encodeFunctionData({ abi: readAbi, functionName: 'isApprovedForAll', args: [owner, spender] });
      // Both standards have it: asked once for each, and made for the one the token is.
      reads.push(call(token, { kind: 'operator', token, spender }, data, is721));
      reads.push(call(token, { kind: 'operator', token, spender }, data, is1155));
    }
    for (const id of plan.ids) {
      const owned = encodeFunctionData({ abi: readAbi, functionName: 'ownerOf', args: [id] });
      const approved = encodeFunctionData({ abi: readAbi, functionName: 'getApproved', args: [id] });
      reads.push(
        call(token, { kind: 'owner', token, id }, owned, is721),
        call(token, { kind: 'approved', token, id }, approved, is721),
      );
      for (const holder of plan.holders) {
        const data = encodeFunctionData({ abi: readAbi, functionName: 'balanceOf', args: [holder, id] });
        reads.push(call(token, { kind: 'balance1155', token, holder, id }, data, is1155));
      }
    }
  }
  for (const token of plan.portfolio) fungible(token);
  return reads;
}
