// The approvals demo account 0 grants during the seeded history, so the Approvals screen has every
// case to show: unlimited and limited ERC-20 allowances, the USDT-style token, an operator for the
// NFT collection, one NFT approved to an address without code, Permit2 allowances (one in force,
// one expired, through Permit2 itself: permit2.ts) and an allowance later set to 0; and the
// manifest of what the chain says of each approval once seeded.
import { type Address, maxUint256, parseAbi, parseUnits } from 'viem';
import { PERMIT2_ADDRESS } from '../src/core/chain/localChain.ts';
import { MAX_UINT160 } from '../src/core/simulation/types.ts';
import { scenarioContractAddresses } from './scenarios.ts';
import { demoAddress, demoContractAddresses, type Step } from './seedSupport.ts';

/** The account that grants the seeded approvals: the one the demo wallet opens on. */
export const APPROVER_INDEX = 0;
/** Holds an NFT approval and a zeroed allowance: an address without code. */
const FRIEND_INDEX = 7;
/** Still demo account 0's at the end of the history (it holds 1, 3, 4 and 5). */
const APPROVED_NFT_ID = 3n;
const DAY = 86_400n;

const AMOUNTS = {
  usdcToMarket: parseUnits('100', 6),
  usdtToSwap: parseUnits('200', 6),
  /** Granted, then set to 0. */
  mkrToFriend: parseUnits('1', 18),
  /** Through Permit2, expired. */
  usdcPermit2ToMarket: parseUnits('250', 6),
} as const;

/**
 * Permit2 expirations are absolute unix seconds, taken from the seed's `now` (not from the history's
 * block times): one lasts 60 days past it, the other ended 5 days before it (it was granted in the
 * middle of the history, some 15 days earlier).
 */
function expirations(now: Date): { inForce: bigint; expired: bigint } {
  const seconds = BigInt(Math.floor(now.getTime() / 1000));
  return { inForce: seconds + 60n * DAY, expired: seconds - 5n * DAY };
}

const erc20Abi = parseAbi(['function approve(address spender, uint256 value)']);
const nftAbi = parseAbi([
  'function approve(address to, uint256 tokenId)',
  'function setApprovalForAll(address operator, bool approved)',
]);
const permit2Abi = parseAbi(['function approve(address token, address spender, uint160 amount, uint48 expiration)']);

/** One approval as the chain reads now, with the field names of Cairn's CurrentApproval. */
export type SeededGrant =
  | { kind: 'erc20'; token: Address; spender: Address; amount: bigint; unlimited: boolean }
  | { kind: 'operator'; token: Address; operator: Address }
  | { kind: 'erc721'; token: Address; tokenId: bigint; approved: Address }
  | { kind: 'permit2'; token: Address; spender: Address; amount: bigint; unlimited: boolean; expiration: bigint };

/** A seeded approval: in force, or gone and why. */
export type SeededApproval = SeededGrant & { state: 'in force' | 'zeroed' | 'expired' };

/**
 * Every approval demo account 0 was seeded with, as the chain reads after a seed run at `now`:
 * `amount` is the allowance now (0 once zeroed; an expired Permit2 allowance keeps its amount).
 */
export function seededApprovals(now: Date): SeededApproval[] {
  const { DAI, USDC, USDT, MKR, NFT } = demoContractAddresses();
  const { SWAP, MARKET } = scenarioContractAddresses();
  const friend = demoAddress(FRIEND_INDEX);
  const { inForce, expired } = expirations(now);
  const unlimited = { amount: maxUint256, unlimited: true };
  return [
    { kind: 'erc20', token: DAI, spender: SWAP, ...unlimited, state: 'in force' },
    { kind: 'erc20', token: USDC, spender: MARKET, amount: AMOUNTS.usdcToMarket, unlimited: false, state: 'in force' },
    { kind: 'erc20', token: USDT, spender: SWAP, amount: AMOUNTS.usdtToSwap, unlimited: false, state: 'in force' },
    { kind: 'operator', token: NFT, operator: MARKET, state: 'in force' },
    { kind: 'erc721', token: NFT, tokenId: APPROVED_NFT_ID, approved: friend, state: 'in force' },
    { kind: 'erc20', token: DAI, spender: PERMIT2_ADDRESS, ...unlimited, state: 'in force' },
    {
      kind: 'permit2',
      token: DAI,
      spender: SWAP,
      amount: MAX_UINT160,
      unlimited: true,
      expiration: inForce,
      state: 'in force',
    },
    { kind: 'erc20', token: USDC, spender: PERMIT2_ADDRESS, ...unlimited, state: 'in force' },
    {
      kind: 'permit2',
      token: USDC,
      spender: MARKET,
      amount: AMOUNTS.usdcPermit2ToMarket,
      unlimited: false,
      expiration: expired,
      state: 'expired',
    },
    { kind: 'erc20', token: MKR, spender: friend, amount: 0n, unlimited: false, state: 'zeroed' },
  ];
}

/** The history's approval transactions, in three groups the seed spreads over its history. */
export function approvalSteps(now: Date): { early: Step[]; middle: Step[]; late: Step[] } {
  const { DAI, USDC, USDT, MKR, NFT } = demoContractAddresses();
  const { SWAP, MARKET } = scenarioContractAddresses();
  const owner = demoAddress(APPROVER_INDEX);
  const friend = demoAddress(FRIEND_INDEX);
  const { inForce, expired } = expirations(now);
  const approve =
    (token: Address, spender: Address, value: bigint): Step =>
    (c) =>
      c.writeContract({
        account: owner,
        address: token,
        abi: erc20Abi,
        functionName: 'approve',
        args: [spender, value],
      });
  const permit2 =
    (token: Address, spender: Address, amount: bigint, expiration: bigint): Step =>
    (c) =>
      c.writeContract({
        account: owner,
        address: PERMIT2_ADDRESS,
        abi: permit2Abi,
        functionName: 'approve',
        args: [token, spender, amount, Number(expiration)],
      });
  return {
    early: [approve(DAI, SWAP, maxUint256), approve(MKR, friend, AMOUNTS.mkrToFriend)],
    middle: [
      approve(USDC, PERMIT2_ADDRESS, maxUint256),
      permit2(USDC, MARKET, AMOUNTS.usdcPermit2ToMarket, expired),
      (c) =>
        c.writeContract({
          account: owner,
          address: NFT,
          abi: nftAbi,
          functionName: 'setApprovalForAll',
          args: [MARKET, true],
        }),
    ],
    late: [
      approve(USDC, MARKET, AMOUNTS.usdcToMarket),
      approve(USDT, SWAP, AMOUNTS.usdtToSwap),
      (c) =>
        c.writeContract({
          account: owner,
          address: NFT,
          abi: nftAbi,
          functionName: 'approve',
          args: [friend, APPROVED_NFT_ID],
        }),
      approve(DAI, PERMIT2_ADDRESS, maxUint256),
      permit2(DAI, SWAP, MAX_UINT160, inForce),
      approve(MKR, friend, 0n),
    ],
  };
}
