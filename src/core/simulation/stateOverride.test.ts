import {
  type Address,
  encodeAbiParameters,
  encodeErrorResult,
  encodeFunctionData,
  encodeFunctionResult,
  erc20Abi,
  getAddress,
  maxUint256,
  parseAbi,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { renderMessage } from '../i18n/message';
import type { SimulationContext } from './nextBlock';
import { type Observed, readingChanges } from './readings';
import { SIMULATOR_ABI, SIMULATOR_RUNTIME } from './simulator/simulatorCode.generated';
import { calldataFloor, intrinsicGas, parseStateOverride, stateOverrideCall } from './stateOverride';
import type { UnsignedTransaction } from './types';
import { calldataWords, planReads, type ReadMeaning, watchPlan } from './watch';

const alice = getAddress('0xa11ce00000000000000000000000000000000001');
const bob = getAddress('0xb0b0000000000000000000000000000000000002');
const token = getAddress('0x1000000000000000000000000000000000000001');
const nft = getAddress('0x2000000000000000000000000000000000000002');
const swap = getAddress('0x3000000000000000000000000000000000000003');
const usdc = getAddress('0x4000000000000000000000000000000000000004');
const permit2 = getAddress('0x000000000022D473030F116dDEE9F6B43aC78BA3');

/** The next block and the price paid: 1.1 gwei base fee, 2 gwei offered at most with a 0.5 gwei tip. */
const context: SimulationContext = {
  block: { latest: 100n, number: 101n, timestamp: 1_000n, baseFee: 1_100_000_000n, gasCap: 16_000_000n },
  fees: { maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 500_000_000n },
  gasPrice: 1_600_000_000n,
  balance: 10n ** 18n,
};
const shape = { context, honored: true };
const ok = (value: bigint) => ({ ok: true, value });
const failed = { ok: false, value: 0n };
const seen = (meaning: ReadMeaning, before: bigint, after: bigint): Observed => ({
  meaning,
  before: ok(before),
  after: ok(after),
});
const word = (a: Address) => BigInt(a);

/** The simulator's answer for `tx`, with the readings `values(before, after)` gives for each read. */
function answer(
  tx: UnsignedTransaction,
  outcome: { success: boolean; returnData: `0x${string}`; gasUsed: bigint },
  values: (meaning: ReadMeaning) => [bigint, bigint] = () => [0n, 0n],
) {
  const call = stateOverrideCall(tx, [], shape);
  const before = call.reads.map((r) => ok(values(r.meaning)[0]));
  const after = call.reads.map((r) => ok(values(r.meaning)[1]));
  const data = encodeFunctionResult({
    abi: SIMULATOR_ABI,
    functionName: 'simulate',
    result: [{ ...outcome, created: '0x0000000000000000000000000000000000000000', codeSize: 0n }, before, after],
  });
  return { call, data };
}

describe('what the stateOverride strategy watches', () => {
  it('takes holders, tokens and spenders from the target and the address words of the calldata', () => {
    const data = encodeFunctionData({
      abi: parseAbi(['function swap(address tokenIn, uint256 amountIn, address tokenOut, uint256 minOut)']),
      args: [token, 10n ** 18n, usdc, 990_000n],
    });
    const plan = watchPlan({ from: alice, to: swap, data }, [token, bob]);
    expect(plan.holders).toEqual([alice, swap, token, usdc]);
    expect(plan.tokens).toEqual([swap, token, usdc]);
    expect(plan.portfolio).toEqual([bob]);
    expect(plan.spenders).toEqual([swap, token, usdc]);
    expect(plan.ids).toEqual([10n ** 18n, 990_000n]);
  });

  it('counts vanity addresses with leading zero bytes (Permit2) as addresses, small numbers as ids', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [permit2, maxUint256] });
    const plan = watchPlan({ from: alice, to: token, data });
    expect(plan.spenders).toEqual([token, permit2]);
    expect(plan.ids).toEqual([maxUint256]);
  });

  it('makes a token’s NFT reads only when it says through ERC-165 that it is one', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [bob, 5n] });
    const reads = planReads(watchPlan({ from: alice, to: token, data }), alice);
    const gate = (kind: ReadMeaning['kind']) =>
      reads.filter((r) => r.meaning.kind === kind).map((r) => reads[r.onlyIf - 1]?.meaning.kind);
    // The token and bob (an address in the calldata may be a token too).
    expect(new Set(gate('owner'))).toEqual(new Set(['is721']));
    expect(new Set(gate('approved'))).toEqual(new Set(['is721']));
    expect(new Set(gate('balance1155'))).toEqual(new Set(['is1155']));
    expect(new Set(gate('operator'))).toEqual(new Set(['is721', 'is1155']));
    expect(reads.filter((r) => r.meaning.kind === 'balance').every((r) => r.onlyIf === 0)).toBe(true);
  });

  it('places the simulator at the sender and calls from the sender to itself', () => {
    const { params, gasLimit } = stateOverrideCall({ from: alice, to: bob, value: 5n, gas: 21_000n }, [], shape);
    expect(params[0]).toMatchObject({ from: alice, to: alice });
    expect(params[2]).toMatchObject({ [alice]: { code: SIMULATOR_RUNTIME } });
    expect(gasLimit).toBe(1n);
    expect(stateOverrideCall({ from: alice, to: bob }, [], shape).gasLimit).toBe(0n);
  });

  it('pays the price the transaction will pay, as the next block, and leaves the balance it would have', () => {
    const { params } = stateOverrideCall({ from: alice, to: bob, value: 5n, gas: 21_000n }, [], shape);
    const [call, tag, overrides, block] = params as [Record<string, string>, string, Record<string, unknown>, unknown];
    // Paid exactly, whatever base fee the node runs the call at up to that price.
    expect(BigInt(call.maxFeePerGas ?? '')).toBe(1_600_000_000n);
    expect(BigInt(call.maxPriorityFeePerGas ?? '')).toBe(1_600_000_000n);
    expect(BigInt(call.gas ?? '')).toBe(16_000_000n);
    expect(tag).toBe('latest');
    expect(block).toEqual({ number: '0x65', time: '0x3e8', baseFeePerGas: '0x4190ab00' });
    // The node charges 16M gas up front, the transaction only 21,000: the difference is given back.
    const extra = (16_000_000n - 21_000n) * 1_600_000_000n;
    expect(overrides).toEqual({
      [alice]: { code: SIMULATOR_RUNTIME, balance: `0x${(10n ** 18n + extra).toString(16)}` },
    });
  });

  it('runs on the pending block where the node does not apply block overrides', () => {
    const { params } = stateOverrideCall({ from: alice, to: bob }, [], { context, honored: false });
    expect(params).toHaveLength(3);
    expect(params[1]).toBe('pending');
    const legacy = { ...context, fees: { gasPrice: 1_600_000_000n } };
    const [call] = stateOverrideCall({ from: alice, to: bob }, [], { context: legacy, honored: false }).params;
    expect(call).toMatchObject({ gasPrice: '0x5f5e1000' });
    expect(call).not.toHaveProperty('maxFeePerGas');
  });
});

describe('intrinsic gas', () => {
  it('counts calldata bytes, creation and access lists', () => {
    expect(intrinsicGas({ from: alice, to: bob })).toBe(21_000n);
    expect(intrinsicGas({ from: alice, to: bob, data: '0x0001' })).toBe(21_000n + 4n + 16n);
    expect(intrinsicGas({ from: alice, data: '0x00' })).toBe(21_000n + 4n + 32_000n + 2n);
    expect(
      intrinsicGas({ from: alice, to: bob, accessList: [{ address: bob, storageKeys: [`0x${'0'.repeat(64)}`] }] }),
    ).toBe(21_000n + 2_400n + 1_900n);
    expect(calldataFloor({ from: alice, to: bob, data: '0x0001' })).toBe(21_000n + 10n * (1n + 4n));
  });
});

describe('reading the simulator’s answer', () => {
  it('gives the inner gas plus the intrinsic cost, and balances as changes', () => {
    const tx: UnsignedTransaction = { from: alice, to: bob, value: 7n };
    const { call, data } = answer(tx, { success: true, returnData: '0x', gasUsed: 0n }, (m) =>
      m.kind === 'native' ? (m.holder === alice ? [100n, 93n] : [0n, 7n]) : [0n, 0n],
    );
    const { execution, readings } = parseStateOverride(data, call, tx);
    expect(execution).toMatchObject({ ok: true, gasUsed: 21_000n, logs: [], revertData: undefined });
    expect(execution.notes.map(renderMessage).join(' ')).toMatch(/not from logs/);
    expect(readings.changes).toEqual([
      { kind: 'native', address: alice, in: 0n, out: 7n },
      { kind: 'native', address: bob, in: 7n, out: 0n },
    ]);
  });

  it('keeps the revert data of a failed call for the error decoder, and shows no changes', () => {
    const tx: UnsignedTransaction = { from: alice, to: token, data: '0x12345678' };
    const returnData = encodeErrorResult({
      abi: parseAbi(['error Nope(uint256 code)']),
      errorName: 'Nope',
      args: [3n],
    });
    const { call, data } = answer(tx, { success: false, returnData, gasUsed: 500n }, () => [1n, 2n]);
    const { execution, readings } = parseStateOverride(data, call, tx);
    expect(execution).toMatchObject({ ok: false, revertData: returnData, error: undefined });
    expect(readings.changes).toEqual([]);
  });

  it('names out of gas and a balance short of the value when there is no revert data', () => {
    const tx: UnsignedTransaction = { from: alice, to: bob, value: 50n, gas: 30_000n };
    const poor = answer(tx, { success: false, returnData: '0x', gasUsed: 0n }, () => [10n, 10n]);
    const poorError = parseStateOverride(poor.data, poor.call, tx).execution.error;
    expect(poorError && renderMessage(poorError)).toBe('insufficient funds for the value sent');
    const rich = answer(tx, { success: false, returnData: '0x', gasUsed: 9_000n }, () => [100n, 100n]);
    const richExecution = parseStateOverride(rich.data, rich.call, tx).execution;
    expect(richExecution.gasUsed).toBe(30_000n);
    expect(richExecution.error && renderMessage(richExecution.error)).toBe('out of gas');
  });

  it('refuses an answer that is not the simulator’s', () => {
    const tx: UnsignedTransaction = { from: alice, to: bob };
    const call = stateOverrideCall(tx, [], shape);
    expect(() => parseStateOverride('0x', call, tx)).toThrow(TypeError);
    expect(() => parseStateOverride(`0x${'00'.repeat(96)}`, call, tx)).toThrow(TypeError);
    const short = encodeAbiParameters([{ type: 'uint256' }], [1n]);
    expect(() => parseStateOverride(short, call, tx)).toThrow(TypeError);
  });
});

describe('readings → changes', () => {
  it('reads ERC-20 balances as net changes and an allowance that rises as an approval', () => {
    const { changes, approvals } = readingChanges(alice, [
      seen({ kind: 'balance', token, holder: alice }, 100n, 60n),
      seen({ kind: 'balance', token, holder: bob }, 0n, 40n),
      seen({ kind: 'allowance', token, spender: bob }, 0n, maxUint256),
    ]);
    expect(changes).toEqual([
      { kind: 'erc20', address: alice, token, in: 0n, out: 40n },
      { kind: 'erc20', address: bob, token, in: 40n, out: 0n },
    ]);
    expect(approvals).toEqual([
      { kind: 'erc20', token, owner: alice, spender: bob, amount: maxUint256, unlimited: true },
    ]);
  });

  it('takes an allowance that falls by what the owner paid out as spent, not as an approval', () => {
    const { approvals } = readingChanges(alice, [
      seen({ kind: 'balance', token, holder: alice }, 100n, 60n),
      seen({ kind: 'allowance', token, spender: swap }, 50n, 10n),
      seen({ kind: 'allowance', token, spender: bob }, 50n, 0n),
    ]);
    expect(approvals).toEqual([{ kind: 'erc20', token, owner: alice, spender: bob, amount: 0n, unlimited: false }]);
  });

  it('reads ERC-721 owners of the ids in the calldata, and approvals of ids that stay', () => {
    const { changes, approvals, notes } = readingChanges(alice, [
      seen({ kind: 'is721', token: nft }, 1n, 1n),
      seen({ kind: 'balance', token: nft, holder: alice }, 2n, 1n),
      seen({ kind: 'owner', token: nft, id: 7n }, word(alice), word(bob)),
      seen({ kind: 'approved', token: nft, id: 7n }, word(swap), 0n),
      seen({ kind: 'owner', token: nft, id: 8n }, word(alice), word(alice)),
      seen({ kind: 'approved', token: nft, id: 8n }, 0n, word(swap)),
      seen({ kind: 'operator', token: nft, spender: swap }, 0n, 1n),
    ]);
    expect(changes).toEqual([
      { kind: 'erc721', address: alice, token: nft, received: [], sent: [7n] },
      { kind: 'erc721', address: bob, token: nft, received: [7n], sent: [] },
    ]);
    expect(approvals).toEqual([
      { kind: 'erc721', token: nft, owner: alice, approved: swap, tokenId: 8n, revoked: false },
      { kind: 'operator', token: nft, owner: alice, operator: swap, approved: true },
    ]);
    expect(notes).toEqual([]);
  });

  it('notes NFTs that moved without their ids in the calldata, and reads ERC-1155 balances by id', () => {
    const { changes, notes } = readingChanges(alice, [
      seen({ kind: 'is721', token: nft }, 1n, 1n),
      seen({ kind: 'balance', token: nft, holder: alice }, 2n, 3n),
      seen({ kind: 'is1155', token: usdc }, 1n, 1n),
      seen({ kind: 'balance1155', token: usdc, holder: alice, id: 4n }, 10n, 7n),
    ]);
    expect(changes).toEqual([{ kind: 'erc1155', address: alice, token: usdc, id: 4n, in: 0n, out: 3n }]);
    expect(notes.map(renderMessage)).toEqual([
      `NFTs of ${nft} move whose ids are not in the transaction's data: they are not listed.`,
    ]);
  });

  it('ignores readings that failed before or after', () => {
    const { changes } = readingChanges(alice, [
      { meaning: { kind: 'balance', token, holder: alice }, before: failed, after: ok(5n) },
      { meaning: { kind: 'native', holder: alice }, before: ok(1n), after: failed },
    ]);
    expect(changes).toEqual([]);
  });
});

describe('calldata words', () => {
  it('finds the arguments of calls nested in bytes and bytes[] (multicall), not shifted junk', () => {
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [bob, 5n] });
    const multicall = encodeFunctionData({
      abi: parseAbi(['function multicall(uint256 deadline, bytes[] data)']),
      args: [99n, [transfer, transfer]],
    });
    const execute = encodeFunctionData({
      abi: parseAbi(['function execute(address target, bytes data)']),
      args: [swap, multicall],
    });
    const { top, nested } = calldataWords(execute);
    expect(top[0]).toBe(word(swap));
    expect(nested).toContain(word(bob));
    expect(nested).toContain(99n);
    const plan = watchPlan({ from: alice, to: token, data: execute });
    expect(plan.holders).toEqual([alice, token, swap, bob]);
  });
});
