import { type Address, encodeAbiParameters, type Hex, maxUint256 } from 'viem';
import { describe, expect, it } from 'vitest';
import { eventLog } from '@/testing/eventLog';
import { eip2612Permit, permit2Single } from '@/testing/permitFixtures';
import type { ApprovalEvent } from '../approvals/approvalEvents';
import { approvalInForce } from '../approvals/currentApprovals';
import { describeConsequences } from '../signing/permits';
import type { PermitDescription } from '../signing/permitTypes';
import { parseTypedDataJson } from '../signing/typedData';
import { logChanges } from '../simulation/changes';
import { isFarAboveBalance, isUnlimited, UNLIMITED_FROM } from './unlimited';

const OWNER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SPENDER: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const TOKEN: Address = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const APPROVAL = 'event Approval(address indexed owner, address indexed spender, uint256 value)';
const NOW = 1_700_000_000n;
const soon = (NOW + 86_400n).toString();

/** Whether the preview (an Approval log) calls the amount unlimited. */
function previewSays(amount: bigint): boolean | undefined {
  const { approvals } = logChanges([eventLog(TOKEN, APPROVAL, [OWNER, SPENDER, amount])], []);
  const [approval] = approvals;
  return approval?.kind === 'erc20' ? approval.unlimited : undefined;
}

/** Whether the Approvals screen calls an allowance in force of this amount unlimited. */
function approvalsSay(amount: bigint): boolean | undefined {
  const event: ApprovalEvent = {
    kind: 'erc20',
    token: TOKEN,
    owner: OWNER,
    spender: SPENDER,
    amount,
    unlimited: false,
    blockNumber: 1n,
    transactionHash: `0x${'ab'.repeat(32)}` as Hex,
    logIndex: 0,
  };
  const word = (n: bigint) => ({ ok: true as const, data: encodeAbiParameters([{ type: 'uint256' }], [n]) });
  const current = approvalInForce(OWNER, event, [word(amount), word(0n)], NOW);
  return current?.kind === 'erc20' ? current.unlimited : undefined;
}

/** Whether a permit signature's review calls the amount unlimited (EIP-2612 and Permit2). */
function permitsSay(amount: bigint): boolean[] {
  return [
    eip2612Permit({ value: amount.toString(), deadline: soon }),
    permit2Single({
      amount: (amount < 2n ** 160n ? amount : 2n ** 160n - 1n).toString(),
      expiration: soon,
      sigDeadline: soon,
    }),
  ].map((data) => {
    const described = describeConsequences(
      parseTypedDataJson(JSON.stringify(data)).typedData,
      NOW,
    ) as PermitDescription;
    return described.grants.every((g) => g.unlimited);
  });
}

describe('one threshold for "unlimited"', () => {
  it('calls 2^256 − 2 unlimited, as it does the maximum', () => {
    expect(isUnlimited(maxUint256 - 1n)).toBe(true);
    expect(previewSays(maxUint256 - 1n)).toBe(true);
    expect(approvalsSay(maxUint256 - 1n)).toBe(true);
    expect(permitsSay(maxUint256 - 1n)).toEqual([true, true]);
  });

  it('decides the preview, the Approvals screen and permits at the same amount', () => {
    for (const amount of [UNLIMITED_FROM - 1n, UNLIMITED_FROM, UNLIMITED_FROM + 1n, 2n ** 160n - 2n]) {
      const expected = isUnlimited(amount);
      expect(previewSays(amount)).toBe(expected);
      expect(approvalsSay(amount)).toBe(expected);
      expect(permitsSay(amount)).toEqual([expected, expected]);
    }
    expect(isUnlimited(UNLIMITED_FROM - 1n)).toBe(false);
    expect(isUnlimited(UNLIMITED_FROM)).toBe(true);
  });
});

describe('an allowance far above the balance', () => {
  it('is more than ten times the balance, or any allowance when the balance is 0', () => {
    expect(isFarAboveBalance(100n, 10n)).toBe(false);
    expect(isFarAboveBalance(101n, 10n)).toBe(true);
    expect(isFarAboveBalance(1n, 0n)).toBe(true);
  });

  it('leaves revokes and unlimited amounts (warned of as such) alone', () => {
    expect(isFarAboveBalance(0n, 0n)).toBe(false);
    expect(isFarAboveBalance(maxUint256 - 1n, 1n)).toBe(false);
  });
});
