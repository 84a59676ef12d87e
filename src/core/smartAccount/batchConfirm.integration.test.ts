// A plain account's batch is upgraded by its own transaction, and its authorization is signed only
// at Confirm: preparing it (a site's atomic batch, or Send's paid by another account) asks the key
// for no authorization, and nothing the node hears carries one, so a person who declines has
// signed no upgrade. Confirm signs it and the batch is mined within the reviewed gas.
// Demo accounts 144–147 are this file's own.
import { encodeFunctionData, erc20Abi, parseEther, parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainClient } from '@/core/chain/client';
import { prepareAtomicBatch } from '@/core/dapp/atomicCalls';
import { createProbeCache } from '@/core/simulation/probe';
import { readSmartAccountState } from '@/core/smartAccount/accountState';
import { countingAuthorizations } from '@/testing/countingSigner';
import { localChainUrl } from '@/testing/localChainUrl';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { simulationChain } from '@/testing/simulationChain';
import { demoSigner, recordingService, testNetwork } from '@/testing/txFixtures';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { plannedGas } from './batchPreview';
import { confirmBatch, type PlannedBatchGas, prepareBatch } from './smartBatch';

const { USDC } = demoContractAddresses();
const url = localChainUrl();
const chain = simulationChain(url, { clientId: 'batch-confirm-test', gas: 1_000_000n });
let proxy: RpcFaultProxy;
/** The gas of a batch whose upgrade Confirm signs, from its preview, as a window reads it. */
const batchGas: PlannedBatchGas = (network, plan) =>
  plannedGas(chainClient(network), plan, { cache: createProbeCache(), blockSeconds: network.blockTimeMs / 1000 });

/** Whether any request the node heard carried an EIP-7702 authorization. */
const heardAuthorization = () => proxy.log.some((call) => JSON.stringify(call.params).includes('authorizationList'));

const usdcTo = (to: `0x${string}`, amount: bigint) => ({
  to: USDC,
  value: 0n,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
});

beforeAll(async () => {
  proxy = await startRpcFaultProxy(url);
});
afterAll(() => proxy.close());

describe('a plain account’s batch, its upgrade signed only at Confirm', () => {
  it('a site’s atomic batch: prepared without the authorization, then signed and mined at Confirm', async () => {
    const network = testNetwork(proxy.url);
    const { wrapped, signed } = countingAuthorizations(await demoSigner(144));
    await chain.giveCoin(wrapped.address, parseEther('1'));
    await chain.giveTokens(USDC, wrapped.address, parseUnits('10', 6));
    const { txs, store } = recordingService();
    const calls = [
      { to: demoAddress(147), value: parseEther('0.1'), data: '0x' as const },
      usdcTo(demoAddress(147), parseUnits('1', 6)),
    ];

    proxy.resetCounts();
    const ready = await prepareAtomicBatch(network, wrapped, { kind: 'plain' }, calls, store, batchGas);
    expect(signed).toEqual([]);
    expect(heardAuthorization()).toBe(false);
    expect(ready.plan.authorization).toMatchObject({ nonce: 1 });

    const record = await confirmBatch(txs, { network, account: wrapped, sender: wrapped, ...ready });
    expect(signed).toEqual([1]);
    const [change] = await txs.track(network);
    expect(change?.record).toMatchObject({ id: record.id, status: 'confirmed', kind: 'batch' });
    expect((await readSmartAccountState(chainClient(network), wrapped.address)).kind).toBe('upgraded');
  });

  it('Send’s batch paid by another account: the same, the delegation to the payer signed before', async () => {
    const network = testNetwork(proxy.url);
    const { wrapped, signed } = countingAuthorizations(await demoSigner(145));
    const payer = await demoSigner(146);
    await chain.giveCoin(payer.address, parseEther('1'));
    await chain.giveTokens(USDC, wrapped.address, parseUnits('10', 6));
    const { txs, store } = recordingService();
    const calls = [usdcTo(demoAddress(147), parseUnits('2', 6))];

    proxy.resetCounts();
    const ready = await prepareBatch({
      network,
      account: wrapped,
      state: { kind: 'plain' },
      payer: payer.address,
      calls,
      store,
      nowSeconds: BigInt(Math.floor(Date.now() / 1000)),
      plannedGas: batchGas,
    });
    expect(signed).toEqual([]);
    expect(heardAuthorization()).toBe(false);

    await confirmBatch(txs, { network, account: wrapped, sender: payer, ...ready });
    expect(signed).toHaveLength(1);
    const [change] = await txs.track(network);
    expect(change?.record).toMatchObject({ status: 'confirmed', kind: 'pay-gas' });
    expect((await readSmartAccountState(chainClient(network), wrapped.address)).kind).toBe('upgraded');
  });
});
