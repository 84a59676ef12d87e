import { type Address, encodeFunctionResult, getAddress, type Hex, toHex, zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { abilitiesOf, FAKE_BLOCK, fakeSimulationNode } from '@/testing/fakeSimulationNode';
import simulateForward from '@/testing/fixtures/simulation/simulateV1-eth-forward.json';
import { renderMessage } from '../i18n/message';
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
    expect(block?.blockOverrides).toEqual(nextBlock);
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
  });

  it('eth_call with state overrides: at the price it will pay, as the next block, and says the simulator can be seen', async () => {
    const reads = planReads(watchPlan(tx, []), FROM).map(() => ({ ok: true, value: 0n }));
    const outcome = { success: true, returnData: '0x' as Hex, gasUsed: 0n, created: zeroAddress };
    const answer = encodeFunctionResult({
      abi: SIMULATOR_ABI,
      functionName: 'simulate',
      result: [outcome, reads, reads],
    });
    const { params, result } = await previewOn('stateOverride', answer);
    const [call, tag, , block] = params as [Call, string, unknown, unknown];
    expect(call).toMatchObject({ maxFeePerGas: toHex(PAID), maxPriorityFeePerGas: toHex(PAID) });
    expect([tag, block]).toEqual(['latest', nextBlock]);
    expect(result.notes).toContain(DETECTABLE_NOTES.senderCode);
    expect(renderMessage(DETECTABLE_NOTES.senderCode)).toMatch(/whether your address has code/);
  });
});
