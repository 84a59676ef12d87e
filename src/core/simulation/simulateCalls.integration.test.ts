// A batch of calls (EIP-5792 wallet_sendCalls) previewed on the local node, where each call must
// see what the ones before it did, then mined one after another: the combined preview must be what
// the blocks show. Account indexes 45 and 48 are this file's own.
import { type Address, encodeFunctionData, erc20Abi, type Hex, maxUint256, parseEther, parseUnits } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { scenarioContractAddresses } from '../../../devchain/scenarios.ts';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { simulationChain } from '../../testing/simulationChain';
import { chainClient } from '../chain/client';
import { localNetwork } from '../chain/networks';
import { demoSwapAbi } from '../contracts/exampleAbis/demoSwapAbi.generated';
import { renderMessage } from '../i18n/message';
import { createProbeCache } from './probe';
import { type BatchCall, simulateCalls } from './simulateCalls';

const { DAI, USDC } = demoContractAddresses();
const { SWAP } = scenarioContractAddresses();
const BATCHER = 48;
const POOR = 45;
const batcher = demoAddress(BATCHER);
const url = localChainUrl();
const chain = simulationChain(url, { clientId: 'batch-simulation-test', gas: 1_000_000n });
const client = chainClient({ ...localNetwork(url), id: 'batch-simulation-test' });
const cache = createProbeCache();

const approve = (spender: Address, amount: bigint): BatchCall => ({
  to: DAI,
  value: 0n,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }),
});
const swap = (amount: bigint, out: bigint): BatchCall => ({
  to: SWAP,
  value: 0n,
  data: encodeFunctionData({ abi: demoSwapAbi, functionName: 'swap', args: [DAI, amount, USDC, out] }) as Hex,
});
const balanceOf = (token: Address) =>
  chain.direct.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [batcher] });

beforeAll(async () => {
  await chain.giveCoin(batcher, parseEther('10'));
  await chain.giveTokens(DAI, batcher, parseEther('1000'));
  await chain.giveTokens(USDC, batcher, 0n);
});

describe('previewing a batch of calls on the local node', () => {
  const amount = parseEther('100');
  const out = parseUnits('100', 6);

  it('approve then swap: the swap sees the approval, and the combined changes are what mining both gives', async () => {
    const calls = [approve(SWAP, amount), swap(amount, out)];
    const result = await simulateCalls(client, batcher, calls, { cache, watch: { tokens: [USDC] } });
    expect(result.outcome).toEqual({ ok: true });
    expect(result.calls.map((c) => c.outcome.ok)).toEqual([true, true]);
    // The node offers no eth_simulateV1: the simulator contract runs the calls in order.
    expect(result.strategy).toBe('stateOverride');
    const mine = result.changes.filter((c) => c.address === batcher);
    expect(mine).toEqual([
      { kind: 'erc20', address: batcher, token: DAI, in: 0n, out: amount },
      { kind: 'erc20', address: batcher, token: USDC, in: out, out: 0n },
    ]);
    // The allowance the first call grants is used up by the swap, but it holds between the two transactions.
    expect(result.approvals).toEqual([
      { kind: 'erc20', token: DAI, owner: batcher, spender: SWAP, amount, unlimited: false },
    ]);
    expect(renderMessage(result.notes[0] ?? '')).toMatch(/one after another/);

    const [daiBefore, usdcBefore] = [await balanceOf(DAI), await balanceOf(USDC)];
    for (const call of calls) {
      const { receipt } = await chain.simulateThenMine(BATCHER, call);
      expect(receipt.status).toBe('success');
    }
    expect(daiBefore - (await balanceOf(DAI))).toBe(amount);
    expect((await balanceOf(USDC)) - usdcBefore).toBe(out);
  });

  it('stops at the first call that fails: the swap first has no allowance, and nothing after it is previewed', async () => {
    const result = await simulateCalls(client, batcher, [swap(amount, out), approve(SWAP, amount)], { cache });
    expect(result.calls).toHaveLength(1);
    expect(result.outcome).toMatchObject({ ok: false, call: { index: 0, count: 2 } });
    expect(result.changes.filter((c) => c.address === batcher)).toEqual([]);
    expect(result.approvals).toEqual([]);
  });

  it('a later call that fails leaves the earlier calls’ changes in the preview: they would be mined', async () => {
    const result = await simulateCalls(client, batcher, [approve(SWAP, amount), swap(amount * 2n, out * 2n)], {
      cache,
    });
    expect(result.calls.map((c) => c.outcome.ok)).toEqual([true, false]);
    expect(result.outcome).toMatchObject({ ok: false, call: { index: 1, count: 2 } });
    expect(result.approvals).toEqual([
      { kind: 'erc20', token: DAI, owner: batcher, spender: SWAP, amount, unlimited: false },
    ]);
  });

  it('shows an approval one call grants and a later one withdraws: it holds between the two transactions', async () => {
    const result = await simulateCalls(client, batcher, [approve(SWAP, maxUint256), approve(SWAP, 0n)], { cache });
    expect(result.outcome).toEqual({ ok: true });
    expect(result.approvals).toEqual([
      { kind: 'erc20', token: DAI, owner: batcher, spender: SWAP, amount: maxUint256, unlimited: true },
    ]);
    expect(result.notes.some((note) => renderMessage(note).includes('between those transactions'))).toBe(true);
  });

  it('for a sender holding little coin, gives each call the gas it can pay for, not the block’s: no false failure', async () => {
    const poor = demoAddress(POOR);
    const fees = await chain.direct.estimateFeesPerGas();
    // Enough for 200,000 gas at the fee cap: an approval, not the block's whole budget.
    await chain.giveCoin(poor, 200_000n * fees.maxFeePerGas);
    await chain.giveTokens(DAI, poor, parseEther('1'));
    const nonce = await chain.direct.getTransactionCount({ address: poor });
    // As a review previews it before the first call is prepared, and once it is.
    for (const sending of [undefined, { fees, gas: 80_000n, nonce }]) {
      const result = await simulateCalls(client, poor, [approve(SWAP, 1n)], { cache, sending });
      expect(result.outcome).toEqual({ ok: true });
    }
  });

  it('a batch of one call is previewed as a transaction is (with its logs)', async () => {
    const result = await simulateCalls(client, batcher, [approve(SWAP, 1n)], { cache });
    expect(result.strategy).toBe('structLogs');
    expect(result.calls).toHaveLength(1);
    expect(result.logs).toHaveLength(1);
  });
});
