import { type Address, getAddress, InvalidParamsRpcError, RpcRequestError } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  abilitiesOf,
  FAKE_BALANCE,
  FAKE_BLOCK,
  FAKE_GAS_PRICE,
  fakeSimulationNode,
} from '@/testing/fakeSimulationNode';
import simulateForward from '@/testing/fixtures/simulation/simulateV1-eth-forward.json';
import simulateTwoCalls from '@/testing/fixtures/simulation/simulateV1-two-calls.json';
import { theirWords } from '../errors/theirWords';
import type { NodeAbilities } from './probe';
import { type BatchCall, simulateCalls } from './simulateCalls';

const FROM: Address = '0xc000000000000000000000000000000000000000';
const C1: Address = '0xC100000000000000000000000000000000000000';
const C2: Address = '0xc200000000000000000000000000000000000000';

const fakeNode = (answer: (method: string, params: unknown[]) => unknown, strategy: NodeAbilities['strategy']) =>
  fakeSimulationNode(answer, { abilities: abilitiesOf(strategy) });

const send = (to: Address, value: bigint): BatchCall => ({ to, value, data: '0x' });

describe('previewing a batch of calls with eth_simulateV1', () => {
  it('asks for every call in one simulated block, in order, and adds up their gas', async () => {
    const { client, simulations, cache } = fakeNode(() => simulateTwoCalls, 'simulateV1');
    const result = await simulateCalls(client, FROM, [send(C1, 1000n), send(C2, 1000n)], { cache });
    expect(simulations()).toHaveLength(1);
    type Block = { blockOverrides: Record<string, string>; calls: { to: string; gasPrice: string }[] };
    const params = simulations()[0]?.params[0] as { blockStateCalls: Block[] } | undefined;
    expect(params?.blockStateCalls[0]?.calls.map((c) => c.to.toLowerCase())).toEqual([C1.toLowerCase(), C2]);
    // As the next block, each call paying the node's gas price (the batch names no fees).
    expect(params?.blockStateCalls[0]?.blockOverrides).toEqual({
      number: `0x${(FAKE_BLOCK.number + 1n).toString(16)}`,
      time: `0x${(FAKE_BLOCK.timestamp + 12n).toString(16)}`,
      baseFeePerGas: `0x${FAKE_BLOCK.nextBaseFee.toString(16)}`,
      prevRandao: FAKE_BLOCK.mixHash,
      beaconRoot: FAKE_BLOCK.parentBeaconBlockRoot,
    });
    expect(params?.blockStateCalls[0]?.calls.map((c) => BigInt(c.gasPrice))).toEqual([FAKE_GAS_PRICE, FAKE_GAS_PRICE]);
    expect(result.block).toBe(FAKE_BLOCK.number);
    expect(result.strategy).toBe('simulateV1');
    expect(result.outcome).toEqual({ ok: true });
    expect(result.calls.map((c) => c.gasUsed)).toEqual([21_000n, 21_000n]);
    expect(result.gasUsed).toBe(42_000n);
  });

  it('sends the first call as prepared (fees, limit, nonce), and the later ones with gas the sender can pay for', async () => {
    const { client, simulations, cache } = fakeNode(() => simulateTwoCalls, 'simulateV1');
    const fees = { maxFeePerGas: 10n ** 12n, maxPriorityFeePerGas: 10n ** 9n };
    const sending = { fees, gas: 60_000n, nonce: 9 };
    await simulateCalls(client, FROM, [send(C1, 1000n), send(C2, 1000n)], { cache, sending });
    type Block = { stateOverrides: unknown; calls: Record<string, string>[] };
    const [block] = (simulations()[0]?.params[0] as { blockStateCalls: Block[] } | undefined)?.blockStateCalls ?? [];
    const [first, second] = block?.calls ?? [];
    expect(first).toMatchObject({ gas: '0xea60', maxFeePerGas: '0xe8d4a51000', maxPriorityFeePerGas: '0x3b9aca00' });
    expect(block?.stateOverrides).toEqual({ [getAddress(FROM)]: { nonce: '0x9' } });
    // Without a limit a node gives a call the block's budget and refuses a sender who cannot pay
    // for it: the second call gets what is left of the balance (1 ETH) at the fee cap.
    const left = (FAKE_BALANCE - 2000n - 60_000n * fees.maxFeePerGas) / fees.maxFeePerGas;
    expect(BigInt(second?.gas ?? '0x0')).toBe(left);
    expect(left).toBe(939_999n);
    expect(second).toMatchObject({ maxFeePerGas: '0xe8d4a51000' });
  });

  it('does not read "would fail" for a sender who can pay for the calls but not for the block’s whole budget', async () => {
    // As reth checks with validation: each call's limit (the block's budget when it names none)
    // times its fee cap, plus its value, within the sender's balance (1 ETH).
    const refusesUnaffordable = (_method: string, params: unknown[]) => {
      const [{ blockStateCalls }] = params as [{ blockStateCalls: { calls: Record<string, string>[] }[] }];
      const calls = blockStateCalls[0]?.calls ?? [];
      const cost = (c: Record<string, string>) =>
        BigInt(c.gas ?? FAKE_BLOCK.gasLimit) * BigInt(c.maxFeePerGas ?? c.gasPrice ?? '0x0') + BigInt(c.value ?? '0x0');
      const total = calls.reduce((sum, c) => sum + cost(c), 0n);
      if (total > FAKE_BALANCE) return new Error('insufficient funds for gas * price + value');
      return simulateTwoCalls;
    };
    const { client, cache } = fakeNode(refusesUnaffordable, 'simulateV1');
    const fees = { maxFeePerGas: 100n * 10n ** 9n, maxPriorityFeePerGas: 10n ** 9n };
    const calls = [send(C1, 1000n), send(C2, 1000n)];
    const result = await simulateCalls(client, FROM, calls, { cache, sending: { fees, gas: 50_000n, nonce: 1 } });
    expect(result.outcome).toEqual({ ok: true });
  });

  it('previews a single call with the prepared limit and nonce, as a transaction', async () => {
    const { client, simulations, cache } = fakeNode(() => simulateForward, 'simulateV1');
    const sending = { fees: { gasPrice: 5n }, gas: 40_000n, nonce: 3 };
    await simulateCalls(client, FROM, [send(C1, 1000n)], { cache, sending });
    type Block = { calls: Record<string, string>[] };
    const [block] = (simulations()[0]?.params[0] as { blockStateCalls: Block[] } | undefined)?.blockStateCalls ?? [];
    expect(block?.calls[0]).toMatchObject({ gas: '0x9c40', gasPrice: '0x5', nonce: '0x3' });
  });

  it('stops at the first failing call: later calls’ logs and outcomes are left out, the failure says which call', async () => {
    const [recorded] = simulateForward as unknown as [{ calls: unknown[] }];
    const failing = { returnData: '0x', logs: [], gasUsed: '0x5208', status: '0x0', error: { message: 'nope' } };
    const answer = [{ ...recorded, calls: [recorded.calls[0], failing, recorded.calls[0]] }];
    const { client, cache } = fakeNode(() => answer, 'simulateV1');
    const calls = [send(C1, 1000n), send(C2, 1n), send(C2, 1n)];
    const result = await simulateCalls(client, FROM, calls, { cache });
    expect(result.calls.map((c) => c.outcome.ok)).toEqual([true, false]);
    expect(result.outcome).toMatchObject({ ok: false, reason: theirWords('nope'), call: { index: 1, count: 3 } });
    // The first call's native transfers (traced as logs from 0xeeee…) are in the combined changes once.
    const mine = result.changes.find((c) => c.kind === 'native' && c.address.toLowerCase() === FROM);
    expect(mine).toMatchObject({ in: 0n, out: 1000n });
  });

  it('says so, with a sentence, when the node offers neither eth_simulateV1 nor state overrides', async () => {
    const refused = new InvalidParamsRpcError(
      new RpcRequestError({ body: {}, url: 'http://node.test', error: { code: -32602, message: 'bad params' } }),
    );
    const { client, cache } = fakeNode(() => refused, 'callTracer');
    await expect(simulateCalls(client, FROM, [send(C1, 1n), send(C2, 1n)], { cache })).rejects.toMatchObject({
      code: 'SIMULATION_UNSUPPORTED',
      shortMessage: expect.stringMatching(/several calls/),
    });
  });

  it('refuses, as for one transaction, a batch through the simulator with a call that runs the account’s own code', async () => {
    const { client, cache, simulations } = fakeNode(() => '0x1234', 'stateOverride');
    const toSelf: BatchCall = { to: FROM, value: 0n, data: '0xe9ae5c53' };
    await expect(simulateCalls(client, FROM, [send(C1, 1n), toSelf], { cache })).rejects.toMatchObject({
      code: 'SIMULATION_UNSUPPORTED',
      shortMessage: expect.stringMatching(/own code/),
    });
    // The simulator in the account's place would do nothing for the call to itself: none is asked.
    expect(simulations()).toEqual([]);
  });

  it('fails with a sentence when the simulator’s answer is not its own', async () => {
    const { client, cache } = fakeNode(() => '0x1234', 'structLogs');
    await expect(simulateCalls(client, FROM, [send(C1, 1n), send(C2, 1n)], { cache })).rejects.toMatchObject({
      code: 'SIMULATION_FAILED',
    });
  });
});
