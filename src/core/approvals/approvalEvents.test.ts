import { type Address, encodeAbiParameters, type Hex, maxUint256, pad, toHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { PERMIT2_ADDRESS } from '../chain/localChain';
import type { RawLog } from '../chain/rawLogs';
import { logChanges } from '../simulation/changes';
import { APPROVAL_TOPICS, approvalEvents, approvalTopics, latestPerApproval } from './approvalEvents';

const OWNER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const OTHER: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const TOKEN: Address = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const SPENDER: Address = '0x1111111254EEB25477B68fb85Ed929f73A960582';
const topic = (a: Address) => pad(a.toLowerCase() as Hex);
const word = (n: bigint) => encodeAbiParameters([{ type: 'uint256' }], [n]);

let position = 0;
function log(address: Address, topics: Hex[], data: Hex, blockNumber = 10n): RawLog {
  position++;
  return {
    address,
    topics,
    data,
    blockNumber,
    transactionHash: toHex(position, { size: 32 }),
    transactionIndex: 0,
    logIndex: position,
  };
}
const erc20Approval = (amount: bigint, block = 10n, owner = OWNER) =>
  log(TOKEN, [APPROVAL_TOPICS.approval, topic(owner), topic(SPENDER)], word(amount), block);
const permit2Approval = (emitter: Address, amount: bigint, expiration: bigint) =>
  log(
    emitter,
    [APPROVAL_TOPICS.permit2Approval, topic(OWNER), topic(TOKEN), topic(SPENDER)],
    encodeAbiParameters([{ type: 'uint160' }, { type: 'uint48' }], [amount, Number(expiration)]),
  );

describe('approval events from logs', () => {
  it('asks the node for every approval event with the owner as first indexed argument', () => {
    const [events, owner] = approvalTopics(OWNER);
    expect(events).toHaveLength(5);
    expect(owner).toBe(topic(OWNER));
  });

  it('reads ERC-20 and ERC-721 Approval apart by their topics, and ApprovalForAll, in chain order', () => {
    const fungible = erc20Approval(maxUint256);
    const nft = log(TOKEN, [APPROVAL_TOPICS.approval, topic(OWNER), topic(SPENDER), pad('0x07')], '0x');
    const operator = log(TOKEN, [APPROVAL_TOPICS.approvalForAll, topic(OWNER), topic(SPENDER)], word(1n));
    const events = approvalEvents(OWNER, [operator, nft, fungible]);
    expect(events.map((e) => e.kind)).toEqual(['erc20', 'erc721', 'operator']);
    expect(events[0]).toMatchObject({ amount: maxUint256, unlimited: true, spender: SPENDER, blockNumber: 10n });
    expect(events[1]).toMatchObject({ tokenId: 7n, approved: SPENDER });
    expect(events[2]).toMatchObject({ operator: SPENDER, approved: true });
  });

  it('takes Permit2 events only from the canonical Permit2, and a Lockdown as the allowance withdrawn', () => {
    const real = permit2Approval(PERMIT2_ADDRESS, 5n, 99n);
    const fake = permit2Approval(TOKEN, 5n, 99n);
    const lockdown = log(
      PERMIT2_ADDRESS,
      [APPROVAL_TOPICS.permit2Lockdown, topic(OWNER)],
      encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [TOKEN, SPENDER]),
    );
    const events = approvalEvents(OWNER, [real, fake, lockdown]);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ kind: 'permit2', token: TOKEN, spender: SPENDER, amount: 5n, expiration: 99n });
    expect(events[1]).toMatchObject({ kind: 'permit2', token: TOKEN, spender: SPENDER, amount: 0n });
  });

  it('gives a transaction preview no Permit2 permission from a contract that only imitates Permit2', () => {
    const fakeLockdown = log(
      TOKEN,
      [APPROVAL_TOPICS.permit2Lockdown, topic(OWNER)],
      encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [TOKEN, SPENDER]),
    );
    expect(logChanges([fakeLockdown, permit2Approval(TOKEN, 5n, 99n)], []).approvals).toEqual([]);
    expect(logChanges([permit2Approval(PERMIT2_ADDRESS, 5n, 99n)], []).approvals).toHaveLength(1);
  });

  it('leaves out another owner’s events and logs that do not read as the standard event', () => {
    const broken = log(TOKEN, [APPROVAL_TOPICS.approval, topic(OWNER), topic(SPENDER)], '0x12');
    expect(approvalEvents(OWNER, [erc20Approval(1n, 10n, OTHER), broken])).toEqual([]);
  });

  it('keeps the latest event per approval, in chain order whatever order the logs came in', () => {
    const events = approvalEvents(OWNER, [
      erc20Approval(0n, 12n),
      erc20Approval(maxUint256, 11n),
      erc20Approval(3n, 10n),
    ]);
    expect(events.map((e) => e.blockNumber)).toEqual([10n, 11n, 12n]);
    const latest = latestPerApproval(events);
    expect(latest).toHaveLength(1);
    expect(latest[0]).toMatchObject({ amount: 0n, blockNumber: 12n });
  });
});
