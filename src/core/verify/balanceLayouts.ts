// Where an ERC-20 keeps each holder's balance in its storage, so a storage proof can prove it.
// Learnt by probing these layouts' slots against the balance a verified call proves
// (verifyBalances.ts), and kept per token and code (layoutBook.ts, tokenCodeKey).
import { type Address, concat, type Hex, keccak256, pad, toHex } from 'viem';

export type BalanceLayout =
  /** Solidity's `mapping(address => uint256)` at slot `slot`: OpenZeppelin (0), USDT and DAI (2), WETH (3), USDC (9). */
  | { kind: 'mapping'; slot: Hex; masked?: true }
  /** Vyper's HashMap at `slot`: the key comes after the slot. */
  | { kind: 'vyper'; slot: Hex }
  /** Solady's ERC20: the holder's 20 bytes and a seed, hashed. */
  | { kind: 'solady' };

/** USDC (FiatToken v2.2) keeps a blacklist flag in a balance word's top bit. */
const LOW_255 = (1n << 255n) - 1n;

/** OpenZeppelin 5's upgradeable ERC20: ERC-7201 namespace "openzeppelin.storage.ERC20". */
const OZ_ERC20_NAMESPACE: Hex = '0x52c63247e1f47db19d5ce0460030c497f067ca4cebf71ba98eeadabe20bace00';
const SOLADY_BALANCE_SEED: Hex = '0x000000000000000087a211a2';

/** The storage slot of `holder`'s balance under `layout`. */
export function balanceSlot(layout: BalanceLayout, holder: Address): Hex {
  const word = pad(holder.toLowerCase() as Hex, { size: 32 });
  switch (layout.kind) {
    case 'mapping':
      return keccak256(concat([word, pad(layout.slot, { size: 32 })]));
    case 'vyper':
      return keccak256(concat([pad(layout.slot, { size: 32 }), word]));
    case 'solady':
      return keccak256(concat([holder.toLowerCase() as Hex, SOLADY_BALANCE_SEED]));
  }
}

/** The balance a proven storage word holds under `layout`. */
export const balanceInWord = (layout: BalanceLayout, word: bigint): bigint =>
  layout.kind === 'mapping' && layout.masked ? word & LOW_255 : word;

/** The layouts a probe tries, most common first: mapping slots 0–15, Vyper's 0–7, OZ 5's namespace, Solady. */
export const PROBED_LAYOUTS: readonly BalanceLayout[] = [
  ...Array.from({ length: 16 }, (_, i): BalanceLayout => ({ kind: 'mapping', slot: toHex(i) })),
  { kind: 'mapping', slot: OZ_ERC20_NAMESPACE },
  { kind: 'solady' },
  ...Array.from({ length: 8 }, (_, i): BalanceLayout => ({ kind: 'vyper', slot: toHex(i) })),
];

/** Proxy implementation slots (EIP-1967's implementation and beacon, and OpenZeppelin's older one USDC's proxy uses). */
export const IMPLEMENTATION_SLOTS: readonly Hex[] = [
  '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc',
  // EIP-1967's beacon: a beacon proxy's implementation is the beacon's.
  '0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50',
  '0x7050c9e0f4ca769c69bd3a8ef740bc37934f8e2c036e5a723fd8ee048ed3f8c3',
];

/**
 * What a kept layout belongs to: the token's code hash and, behind a proxy, the implementation it
 * points to (a proxy's layout is its implementation's, and changes when it is upgraded).
 */
export function tokenCodeKey(codeHash: Hex, implementations: readonly bigint[]): string {
  // No proxy: the code hash alone (verifyBalances then proves no implementation slot again).
  if (implementations.every((word) => word === 0n)) return codeHash.toLowerCase();
  return [codeHash.toLowerCase(), ...implementations.map((word) => word.toString(16))].join(':');
}
