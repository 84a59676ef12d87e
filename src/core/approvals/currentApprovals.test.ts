import { type Address, encodeAbiParameters, type Hex, maxUint256, pad, zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { PERMIT2_ADDRESS } from '../chain/localChain';
import type { CallOutcome } from '../chain/multicall';
import type { ApprovalEvent } from './approvalEvents';
import { approvalInForce, type CurrentApproval, tokensAtRisk } from './currentApprovals';

const OWNER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SPENDER: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const TOKEN: Address = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const where = { blockNumber: 5n, transactionHash: `0x${'ab'.repeat(32)}` as Hex, logIndex: 0 };
const answer = (data: Hex): CallOutcome => ({ ok: true, data });
const word = (n: bigint) => answer(encodeAbiParameters([{ type: 'uint256' }], [n]));
const address = (a: Address) => answer(pad(a.toLowerCase() as Hex));
const failed: CallOutcome = { ok: false, saidWhy: false };
const NOW = 1_700_000_000n;

const erc20 = (amount: bigint): ApprovalEvent => ({
  kind: 'erc20',
  token: TOKEN,
  owner: OWNER,
  spender: SPENDER,
  amount,
  unlimited: amount === maxUint256,
  ...where,
});
const permit2: ApprovalEvent = {
  kind: 'permit2',
  permit2: PERMIT2_ADDRESS,
  token: TOKEN,
  owner: OWNER,
  spender: SPENDER,
  amount: 10n,
  expiration: NOW + 60n,
  unlimited: false,
  ...where,
};
const permit2Allowance = (amount: bigint, expiration: bigint, nonce = 0n) =>
  answer(
    encodeAbiParameters(
      [{ type: 'uint160' }, { type: 'uint48' }, { type: 'uint48' }],
      [amount, Number(expiration), Number(nonce)],
    ),
  );

describe('whether an approval is still in force', () => {
  it('takes an ERC-20 allowance as the token says now, not as the event said: a transferFrom spends it silently', () => {
    // Approved unlimited; the spender has since taken some, or the token counts down: the chain says 70.
    expect(approvalInForce(OWNER, erc20(maxUint256), [word(70n), word(1_000n)], NOW)).toMatchObject({
      kind: 'erc20',
      amount: 70n,
      unlimited: false,
      balance: 1_000n,
      blockNumber: 5n,
    });
    expect(approvalInForce(OWNER, erc20(5n), [word(maxUint256), word(0n)], NOW)).toMatchObject({ unlimited: true });
  });

  it('drops an allowance spent to zero or set to zero', () => {
    expect(approvalInForce(OWNER, erc20(5n), [word(0n), word(1n)], NOW)).toBeUndefined();
  });

  it('keeps, marked unreadable, an approval whose contract will not answer: it must not disappear', () => {
    expect(approvalInForce(OWNER, erc20(5n), [failed, failed], NOW)).toMatchObject({
      amount: 5n,
      balance: undefined,
      unreadable: true,
    });
    expect(approvalInForce(OWNER, erc20(0n), [failed, failed], NOW)).toBeUndefined();
    expect(approvalInForce(OWNER, permit2, [answer('0x12'), word(4n), word(1n)], NOW)).toMatchObject({
      amount: 10n,
      unreadable: true,
    });
  });

  it('keeps an operator only while isApprovedForAll says so', () => {
    const event: ApprovalEvent = {
      kind: 'operator',
      token: TOKEN,
      owner: OWNER,
      operator: SPENDER,
      approved: true,
      ...where,
    };
    expect(approvalInForce(OWNER, event, [word(1n)], NOW)).toMatchObject({ kind: 'operator', operator: SPENDER });
    expect(approvalInForce(OWNER, event, [word(0n)], NOW)).toBeUndefined();
  });

  it('keeps a single NFT approval only while the owner still holds the NFT and someone is approved', () => {
    const event: ApprovalEvent = {
      kind: 'erc721',
      token: TOKEN,
      owner: OWNER,
      approved: SPENDER,
      tokenId: 7n,
      revoked: false,
      ...where,
    };
    expect(approvalInForce(OWNER, event, [address(SPENDER), address(OWNER)], NOW)).toMatchObject({
      tokenId: 7n,
      approved: SPENDER,
    });
    expect(approvalInForce(OWNER, event, [address(SPENDER), address(SPENDER)], NOW)).toBeUndefined();
    expect(approvalInForce(OWNER, event, [address(zeroAddress), address(OWNER)], NOW)).toBeUndefined();
  });

  it('keeps a Permit2 allowance until its expiry (Permit2 refuses it once the block’s time is past), with the token’s own cap', () => {
    const reads = (expiration: bigint) => [permit2Allowance(10n, expiration, 3n), word(4n), word(500n)];
    expect(approvalInForce(OWNER, permit2, reads(NOW + 1n), NOW)).toMatchObject({
      kind: 'permit2',
      amount: 10n,
      expiration: NOW + 1n,
      nonce: 3n,
      permit2Allowance: 4n,
      balance: 500n,
    });
    // Ending at the head's own time: no later block can use it.
    expect(approvalInForce(OWNER, permit2, reads(NOW), NOW)).toBeUndefined();
    expect(approvalInForce(OWNER, permit2, [permit2Allowance(0n, NOW + 9n), word(4n), word(1n)], NOW)).toBeUndefined();
  });
});

describe('what an approval puts at risk', () => {
  const granted = { blockNumber: 1n, transactionHash: where.transactionHash };
  it('is the allowance capped by the balance, and for Permit2 by the token’s own allowance to Permit2 too', () => {
    const erc20 = (amount: bigint, balance: bigint | undefined): CurrentApproval => ({
      kind: 'erc20',
      token: TOKEN,
      spender: SPENDER,
      amount,
      unlimited: amount === maxUint256,
      balance,
      ...granted,
    });
    expect(tokensAtRisk(erc20(maxUint256, 500n))).toBe(500n);
    expect(tokensAtRisk(erc20(20n, 500n))).toBe(20n);
    const viaPermit2: CurrentApproval = {
      kind: 'permit2',
      token: TOKEN,
      spender: SPENDER,
      amount: 100n,
      unlimited: false,
      expiration: NOW,
      nonce: 0n,
      permit2Allowance: 30n,
      balance: 500n,
      ...granted,
    };
    expect(tokensAtRisk(viaPermit2)).toBe(30n);
    // Unknown is not "nothing at risk".
    expect(tokensAtRisk(erc20(20n, undefined))).toBeUndefined();
    expect(tokensAtRisk({ ...viaPermit2, permit2Allowance: undefined })).toBeUndefined();
    expect(tokensAtRisk({ kind: 'operator', token: TOKEN, operator: SPENDER, ...granted })).toBeUndefined();
  });
});
