// A review's preview held against Cairn's own run of the transaction over proven state, on the
// local chain, with a lying proxy listed first that answers eth_call and eth_getProof truly and
// empties debug_traceCall's trace (the fourth review's reproduction: a USDC transfer previewed as
// "no change"). Also the one transaction an atomic batch is mined as: a plain account's, upgraded
// in it by its authorization, and an upgraded account's.
import { type Address, encodeFunctionData, erc20Abi, parseEther, parseGwei } from 'viem';
import { estimateGas } from 'viem/actions';
import { describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { proofsProxy } from '@/testing/settledChain';
import { demoSigner, recordingService, testFees, testNode } from '@/testing/txFixtures';
import { scenarioContractAddresses } from '../../../devchain/scenarios.ts';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { chainClient } from '../chain/client';
import { LOCAL_CHAIN_ID } from '../chain/localChain';
import { localNetwork } from '../chain/networks';
import { previewEvaderAbi } from '../contracts/exampleAbis/previewEvaderAbi.generated';
import { readSmartAccountState } from '../smartAccount/accountState';
import { selfPaidBatch } from '../smartAccount/atomicSend';
import { atomicBatchTransaction } from '../smartAccount/batchPreview';
import { headerFrom, type Source, sourcesOf } from '../verify/sources';
import { checkPreview } from './previewCheck';
import type { ProbeCache } from './probe';
import { simulateTransaction } from './simulate';
import type { SimulationResult, UnsignedTransaction } from './types';

const url = localChainUrl();
const node = testNode(url);
const proxy = proofsProxy(url);
const { USDC } = demoContractAddresses();
let counter = 0;

const usdcTransfer = (to: Address, amount: bigint) => ({
  to: USDC,
  value: 0n,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
});

/** The review's way: the preview through the first URL (the proxy), then the check with both URLs agreeing. */
async function previewed(tx: UnsignedTransaction & { to: Address }) {
  const network = { ...localNetwork([proxy.url, url]), id: `preview-check-${counter++}` };
  const shown = await simulateTransaction(chainClient(network, 'prompt'), tx, {
    cache: new Map() as ProbeCache,
    strategy: 'structLogs',
  });
  const check = await checkPreview(sourcesOf(network, 'prompt'), { kind: 'agreement' }, tx, shown, 0n);
  return { shown, check };
}

describe('a review’s preview held against Cairn’s own run over proven state', () => {
  const transfer = { from: demoAddress(0), ...usdcTransfer(demoAddress(5), 1_000_000n), gas: 100_000n };

  it('proves an honest node’s preview of a token transfer and of a coin send', async () => {
    const { shown, check } = await previewed(transfer);
    expect(shown.changes).toContainEqual(expect.objectContaining({ kind: 'erc20', out: 1_000_000n }));
    expect(check).toMatchObject({ state: 'verified', reverted: false, changes: { state: 'proven' } });
    expect(check.header.number).toBe(shown.block);

    const send = {
      from: demoAddress(0),
      to: demoAddress(6),
      value: parseEther('0.5'),
      data: '0x' as const,
      gas: 21_000n,
    };
    expect((await previewed(send)).check).toMatchObject({ state: 'verified', changes: { state: 'proven' } });
  });

  it('catches a node that empties its trace: the call’s result is true, the changes it shows are not', async () => {
    proxy.setFault({ kind: 'lie', lie: 'emptyTrace' });
    const { shown, check } = await previewed(transfer);
    expect(shown.changes).toEqual([]);
    expect(check).toMatchObject({
      state: 'verified',
      source: proxy.url,
      changes: { state: 'differs', what: 'events', node: 0, proven: 1 },
    });
  });

  it('runs an atomic batch as the one transaction mined: a plain account upgraded by its authorization, then upgraded', async () => {
    const account = await demoSigner(150);
    await node.setBalance({ address: account.address, value: parseEther('10') });
    const { txs } = recordingService();
    const network = { ...localNetwork(url), id: `preview-check-batch-${counter++}` };
    await txs.submit({
      network,
      account: await demoSigner(0),
      kind: 'call',
      call: usdcTransfer(account.address, 5_000_000n),
      gas: 80_000n,
      fees: testFees,
    });
    await txs.track(network);
    const client = chainClient(network);
    const signing = { client, chainId: LOCAL_CHAIN_ID };
    const calls = [
      { to: demoAddress(151), value: parseEther('2'), data: '0x' as const },
      usdcTransfer(demoAddress(151), 2_000_000n),
    ];
    const nonce = await node.getTransactionCount({ address: account.address });
    const plain = await selfPaidBatch(
      signing,
      account,
      await readSmartAccountState(client, account.address),
      calls,
      nonce,
    );
    expect(plain.authorizations).toHaveLength(1);
    // As the review previews it before Confirm: the upgrade not signed yet, its designator standing
    // in (Hardhat's traces drop the override, so the preview reads balances): only its result is proven.
    const pending = { ...atomicBatchTransaction(account.address, { kind: 'plain' }, calls), gas: 300_000n };
    const stood = await previewed({ ...pending, to: account.address });
    expect(stood.shown.strategy).toBe('stateOverride');
    expect(stood.check).toMatchObject({ state: 'verified', changes: { state: 'unproven', reason: 'readings' } });

    // As it is mined, its authorization signed: the trace runs it, and its changes are proven.
    const oneTx = { from: account.address, ...plain.call, authorizationList: plain.authorizations, gas: 300_000n };
    const honest = await previewed(oneTx);
    expect(honest.shown.changes).toContainEqual(
      expect.objectContaining({ kind: 'native', address: account.address, out: parseEther('2') }),
    );
    expect(honest.check).toMatchObject({ state: 'verified', changes: { state: 'proven' } });

    proxy.setFault({ kind: 'lie', lie: 'emptyTrace' });
    expect((await previewed(oneTx)).check).toMatchObject({ changes: { state: 'differs', what: 'events' } });
    proxy.setFault({ kind: 'none' });

    // Mined, the account is upgraded: its next batch carries no authorization, and runs the delegate's code at it.
    const gas = await estimateGas(client, {
      account: account.address,
      ...plain.call,
      authorizationList: plain.authorizations,
    });
    await txs.submit({
      network,
      account,
      kind: plain.kind,
      call: plain.call,
      gas: (gas * 5n) / 4n,
      fees: testFees,
      authorizations: plain.authorizations,
      batch: plain.batch,
    });
    await txs.track(network);
    const upgraded = await selfPaidBatch(
      signing,
      account,
      await readSmartAccountState(client, account.address),
      calls,
      await node.getTransactionCount({ address: account.address }),
    );
    expect(upgraded.authorizations).toEqual([]);
    const again = await previewed({ from: account.address, ...upgraded.call, gas: 300_000n });
    expect(again.check).toMatchObject({ state: 'verified', changes: { state: 'proven' } });
  });
});

describe('a preview of a call that reads its block: the Preview evader, armed', () => {
  const value = parseEther('0.1');
  const deposit = {
    from: demoAddress(0),
    to: scenarioContractAddresses().EVADER,
    value,
    data: encodeFunctionData({ abi: previewEvaderAbi, functionName: 'deposit' }),
    gas: 100_000n,
  };
  const sources = () => sourcesOf({ ...localNetwork([url, url]), id: `preview-check-${counter++}` }, 'prompt');

  /** `shown` as a node that runs a call as the block it is told (Hardhat does not) says it ran: the next block, at 1 gwei. */
  async function toldNext(shown: SimulationResult, previousHash = true): Promise<SimulationResult> {
    const latest = await headerFrom(sources()[0] as Source, shown.block as bigint);
    const ranAs = {
      number: (shown.block as bigint) + 1n,
      timestamp: BigInt(latest?.timestamp ?? 0) + 12n,
      baseFee: parseGwei('0.5'),
      gasPrice: parseGwei('1'),
      previousHash,
    };
    return { ...shown, ranAs };
  }

  it('is proven against a run as the block it ran as, which keeps the coin as mining does', async () => {
    proxy.setFault({ kind: 'none' });
    const { shown, check } = await previewed(deposit);
    // The honest preview: the evader keeps the deposit. Run as the trusted block at a price of 0, it
    // gives it back; Hardhat ran it on its own next block, so that is all there is: not proven.
    expect(shown.ranAs).toBeUndefined();
    expect(shown.changes).toContainEqual({ kind: 'native', address: deposit.from, in: 0n, out: value });
    expect(check.changes).toEqual({ state: 'unproven', reason: 'readsBlock' });
    const told = await checkPreview(sources(), { kind: 'agreement' }, deposit, await toldNext(shown), 0n);
    expect(told.changes).toEqual({ state: 'proven' });
  });

  it('catches a node that shows the deposit coming back, though it says it ran at the real price', async () => {
    proxy.setFault({ kind: 'none' });
    // What the evader shows a run at a price of 0: the coin back, with its Returned event.
    const free = await previewed({ ...deposit, maxFeePerGas: 0n, maxPriorityFeePerGas: 0n });
    expect(free.shown.changes).toContainEqual({ kind: 'native', address: deposit.from, in: value, out: value });
    const lie = await checkPreview(sources(), { kind: 'agreement' }, deposit, await toldNext(free.shown), 0n);
    expect(lie.changes).toEqual({ state: 'differs', what: 'events', node: 1, proven: 0 });
  });

  it('leaves it not proven where the node’s run gave no hash of the latest block, which the evader reads', async () => {
    proxy.setFault({ kind: 'none' });
    const { shown } = await previewed(deposit);
    const told = await checkPreview(sources(), { kind: 'agreement' }, deposit, await toldNext(shown, false), 0n);
    expect(told.changes).toEqual({ state: 'unproven', reason: 'readsBlock' });
  });
});
