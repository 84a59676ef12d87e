import { type Address, encodeFunctionResult, getAddress, type Hex, toHex, zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  abilitiesOf,
  FAKE_BALANCE,
  FAKE_BLOCK,
  fakeSimulationNode,
  isPreviousHashCheck,
} from '@/testing/fakeSimulationNode';
import simulateForward from '@/testing/fixtures/simulation/simulateV1-eth-forward.json';
import { renderMessage } from '../i18n/message';
import { TX_GAS_CAP } from './nextBlock';
import { DETECTABLE_NOTES, simulateTransaction } from './simulate';
import { SIMULATOR_ABI } from './simulator/simulatorCode.generated';
import type { SimulationStrategy, UnsignedTransaction } from './types';
import { planReads, watchPlan } from './watch';

const FROM: Address = '0xc000000000000000000000000000000000000000';
const TO: Address = '0xC100000000000000000000000000000000000000';
/** What Send prepares: a limit, a nonce past the latest block's, and EIP-1559 fees. */
const tx: UnsignedTransaction = {
  from: FROM,
  to: TO,
  value: 1000n,
  data: '0x',
  gas: 50_000n,
  nonce: 7,
  maxFeePerGas: 3_000_000_000n,
  maxPriorityFeePerGas: 200_000_000n,
};
/** The price it pays in the next block: that block's base fee and the tip. */
const PAID = FAKE_BLOCK.nextBaseFee + 200_000_000n;
const nextBlock = {
  number: toHex(FAKE_BLOCK.number + 1n),
  time: toHex(FAKE_BLOCK.timestamp + 12n),
  baseFeePerGas: toHex(FAKE_BLOCK.nextBaseFee),
};
/** eth_simulateV1 builds the block afresh: it is also given the latest's randomness and beacon root. */
const nextBlockV1 = { ...nextBlock, prevRandao: FAKE_BLOCK.mixHash, beaconRoot: FAKE_BLOCK.parentBeaconBlockRoot };
const frame = { type: 'CALL', from: FROM, to: TO, value: '0x3e8', gas: '0xc350', gasUsed: '0x5208', input: '0x' };
const structs = { failed: false, gas: 21_000, returnValue: '', structLogs: [] };

/** Previews `tx` on a node offering `strategy`, answering the simulation with `answer`; the request it made. */
async function previewOn(strategy: SimulationStrategy, answer: unknown, overrides = true) {
  const node = fakeSimulationNode(() => answer, { abilities: abilitiesOf(strategy, overrides) });
  const result = await simulateTransaction(node.client, tx, { cache: node.cache });
  const [asked, ...more] = node.simulations();
  expect(more).toEqual([]);
  return { result, params: asked?.params ?? [] };
}

type Call = Record<string, Hex | undefined>;

describe('a preview runs the transaction as it will be mined', () => {
  it('eth_simulateV1: with its fees, gas and nonce, in the next block (number, time, base fee)', async () => {
    const { result, params } = await previewOn('simulateV1', simulateForward);
    type Block = { blockOverrides: unknown; stateOverrides: unknown; calls: Call[] };
    const [{ blockStateCalls, validation }] = params as [{ blockStateCalls: Block[]; validation: boolean }];
    const [block] = blockStateCalls;
    expect(validation).toBe(true);
    expect(block?.blockOverrides).toEqual(nextBlockV1);
    expect(block?.calls[0]).toMatchObject({
      maxFeePerGas: toHex(tx.maxFeePerGas ?? 0n),
      maxPriorityFeePerGas: toHex(tx.maxPriorityFeePerGas ?? 0n),
      gas: toHex(50_000n),
      nonce: toHex(7),
    });
    // A nonce past the latest block's is the sender's for the check (it waits behind pending ones).
    expect(block?.stateOverrides).toEqual({ [getAddress(FROM)]: { nonce: toHex(7) } });
    expect(result.block).toBe(FAKE_BLOCK.number);
  });

  it('debug_traceCall: with its fields and block overrides where the node applies them', async () => {
    const { params, result } = await previewOn('callTracer', frame);
    const [call, tag, config] = params as [Call, string, { blockOverrides: unknown; tracer: string }];
    expect(tag).toBe('latest');
    expect(config).toMatchObject({ tracer: 'callTracer', blockOverrides: nextBlock });
    expect(call).toMatchObject({ maxFeePerGas: toHex(3_000_000_000n), gas: toHex(50_000n), nonce: toHex(7) });
    expect(result.notes).not.toContain(DETECTABLE_NOTES.block);
    // What a proven run as the same block needs (previewCheck.ts): the block and the price paid there.
    expect(result.ranAs).toEqual({
      number: FAKE_BLOCK.number + 1n,
      timestamp: FAKE_BLOCK.timestamp + 12n,
      baseFee: FAKE_BLOCK.nextBaseFee,
      gasPrice: PAID,
      previousHash: true,
    });
  });

  it('on a node whose block overrides leave the previous block’s hash at 0, says a contract could tell, and runs later previews on the pending block', async () => {
    for (const [strategy, answer] of [
      ['callTracer', frame],
      ['stateOverride', stateOverrideAnswer()],
    ] as const) {
      const node = fakeSimulationNode(() => answer, { abilities: abilitiesOf(strategy), previousHash: 'zero' });
      const first = await simulateTransaction(node.client, tx, { cache: node.cache });
      // Asked once, beside the first preview: BLOCKHASH(number − 1) under the overrides.
      expect(node.asked.filter(isPreviousHashCheck)).toHaveLength(1);
      expect(first.notes).toContain(DETECTABLE_NOTES.block);
      expect(first.ranAs?.previousHash).toBe(false);
      const later = await simulateTransaction(node.client, tx, { cache: node.cache });
      expect(node.asked.filter(isPreviousHashCheck)).toHaveLength(1);
      expect(later.notes).toContain(DETECTABLE_NOTES.block);
      expect(node.simulations().at(-1)?.params[1]).toBe('pending');
    }
    // A node that gives the hash is asked once, and its overrides are used from then on.
    const right = fakeSimulationNode(() => frame, { abilities: abilitiesOf('callTracer') });
    await simulateTransaction(right.client, tx, { cache: right.cache });
    const later = await simulateTransaction(right.client, tx, { cache: right.cache });
    expect(right.asked.filter(isPreviousHashCheck)).toHaveLength(1);
    expect(later.notes).not.toContain(DETECTABLE_NOTES.block);
    expect(right.simulations().at(-1)?.params[1]).toBe('latest');
  });

  it('asks again at the next preview when the check of the previous block’s hash failed, keeping the overrides', async () => {
    const node = fakeSimulationNode(() => frame, { abilities: abilitiesOf('callTracer'), previousHash: 'fails' });
    const first = await simulateTransaction(node.client, tx, { cache: node.cache });
    // It could not tell: this preview says a contract might; the overrides are not given up.
    expect(first.notes).toContain(DETECTABLE_NOTES.block);
    const later = await simulateTransaction(node.client, tx, { cache: node.cache });
    expect(node.asked.filter(isPreviousHashCheck)).toHaveLength(2);
    expect(later.notes).not.toContain(DETECTABLE_NOTES.block);
    expect(node.simulations().at(-1)?.params[1]).toBe('latest');
  });

  it('reads the sender’s balance only where the strategy or a missing limit needs it', async () => {
    const balanceReads = async (strategy: SimulationStrategy, answer: unknown, limit: bigint | undefined) => {
      const node = fakeSimulationNode(() => answer, { abilities: abilitiesOf(strategy) });
      await simulateTransaction(node.client, { ...tx, gas: limit }, { cache: node.cache });
      return node.asked.filter((a) => a.method === 'eth_getBalance').length;
    };
    expect(await balanceReads('callTracer', frame, 50_000n)).toBe(0);
    expect(await balanceReads('stateOverride', stateOverrideAnswer(), 50_000n)).toBe(1);
    expect(await balanceReads('callTracer', frame, undefined)).toBe(1);
  });

  it('gives a transaction without a limit what its sender can pay for, not the block’s whole budget', async () => {
    const node = fakeSimulationNode(() => frame, { abilities: abilitiesOf('callTracer') });
    await simulateTransaction(node.client, { ...tx, gas: undefined }, { cache: node.cache });
    const [call] = (node.simulations()[0]?.params ?? []) as [Call];
    // The balance (1 ETH) less the value, at the fee cap (3 gwei): within the block's cap.
    const affordable = (FAKE_BALANCE - 1000n) / 3_000_000_000n;
    expect(BigInt(call.gas ?? '0x0')).toBe(affordable < TX_GAS_CAP ? affordable : TX_GAS_CAP);
  });

  it('debug_traceCall on a node that ignores block overrides (Hardhat): the pending block, at the price it will pay', async () => {
    const { params, result } = await previewOn('structLogs', structs, false);
    const [call, tag, config] = params as [Call, string, Record<string, unknown>];
    expect(tag).toBe('pending');
    expect(config).not.toHaveProperty('blockOverrides');
    // Such a node runs calls at a base fee of 0: the tip alone would be the price a contract sees.
    expect(call).toMatchObject({ maxFeePerGas: toHex(PAID), maxPriorityFeePerGas: toHex(PAID) });
    expect(result.notes).toContain(DETECTABLE_NOTES.block);
    expect(result.notes.map(renderMessage).join(' ')).toMatch(/base fee/);
    // Its own next block, whose time it chose: no proven run can be held to it.
    expect(result.ranAs).toBeUndefined();
  });

  it('eth_call with state overrides: at the price it will pay, as the next block, and says the simulator can be seen', async () => {
    const { params, result } = await previewOn('stateOverride', stateOverrideAnswer());
    const [call, tag, , block] = params as [Call, string, unknown, unknown];
    expect(call).toMatchObject({ maxFeePerGas: toHex(PAID), maxPriorityFeePerGas: toHex(PAID) });
    expect([tag, block]).toEqual(['latest', nextBlock]);
    expect(result.notes).toContain(DETECTABLE_NOTES.senderCode);
    expect(renderMessage(DETECTABLE_NOTES.senderCode)).toMatch(/whether your address has code/);
  });
});

/** The simulator's answer for `tx`: it succeeds and no watched reading moves. */
function stateOverrideAnswer(): Hex {
  const reads = planReads(watchPlan(tx, []), FROM).map(() => ({ ok: true, value: 0n }));
  const outcome = { success: true, returnData: '0x' as Hex, gasUsed: 0n, created: zeroAddress, codeSize: 0n };
  return encodeFunctionResult({ abi: SIMULATOR_ABI, functionName: 'simulate', result: [outcome, reads, reads] });
}
