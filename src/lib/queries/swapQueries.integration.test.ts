// The Swap screen's quote where the network's checks take in previews: a node that under-quotes
// raises the alarm (sending held) and its quote is marked contradicted; the same swap quoted truly
// at a later block ends that lie; with balances checked only, quotes are read as before. A
// development node's state no block has sealed (hardhat_setBalance, a storage set) makes every proof
// at its head miss its header's root: asked again after the next block, never called a lie; a
// proxy whose proofs fail at every block is, at the second.
import { QueryClient } from '@tanstack/react-query';
import { parseEther } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_UNISWAP_DEPLOYMENT } from '@/core/chain/localUniswap';
import { localNetwork } from '@/core/chain/networks';
import { NATIVE } from '@/core/swap/pools';
import type { NetworkVerification } from '@/core/verify/verificationSetting';
import { createVerifier } from '@/core/verify/verifier';
import { localChainUrl } from '@/testing/localChainUrl';
import { proofsProxy, sealPendingWrites } from '@/testing/settledChain';
import { testNode } from '@/testing/txFixtures';
import { demoContractAddresses } from '../../../devchain/seed.ts';
import { swapQuoteQuery } from './swapQueries';

const url = localChainUrl();
const node = testNode(url);
const proxy = proofsProxy(url);
const { USDC } = demoContractAddresses();
const previews: NetworkVerification = { mode: 'previews', trust: { kind: 'agreement' } };
const queries = new QueryClient();
const verifier = createVerifier();
const clearAlarm = (on: ReturnType<typeof network>) => verifier.clear(on);
const currentAlarm = (on: ReturnType<typeof network>) => verifier.alarm(on);
let networks = 0;
const network = () => ({ ...localNetwork([proxy.url, url]), id: `swap-quote-checks-${networks++}` });
const ask = (block: bigint) => ({ tokenIn: NATIVE, tokenOut: USDC, amountIn: parseEther('1'), hubs: [], block });
const quote = (on: ReturnType<typeof network>, block: bigint, verification: NetworkVerification) =>
  queries.fetchQuery(swapQuoteQuery(verifier, on, LOCAL_UNISWAP_DEPLOYMENT, ask(block), verification));

describe('the Swap screen’s quote, checked against proofs', () => {
  let lied: ReturnType<typeof network> | undefined;
  afterAll(() => lied && clearAlarm(lied));

  it('raises the alarm on a node that under-quotes, and a true quote of the same swap ends it', async () => {
    lied = network();
    proxy.setFault({ kind: 'lie', lie: 'underQuote' });
    const block = await node.getBlockNumber();
    const caught = await quote(lied, block, previews);
    expect(caught.proof).toMatchObject({ state: 'contradicted', block });
    expect(currentAlarm(lied)).toMatchObject({
      acknowledged: false,
      calls: [{ source: proxy.url, problem: { id: 'core.chain:verify.quoteDiffers' } }],
    });

    proxy.setFault({ kind: 'none' });
    await node.mine({ blocks: 1 });
    const honest = await quote(lied, block + 1n, previews);
    expect(honest.proof).toEqual({ state: 'verified', block: block + 1n });
    expect(currentAlarm(lied)).toBeUndefined();
  });

  it('asks a development node’s unsealed state again after the next block: no alarm, no lie', async () => {
    const on = network();
    // hardhat_setBalance and hardhat_setStorageAt, no block mined: every proof at the head misses its header.
    await node.setBalance({ address: '0x00000000000000000000000000000000000de7a3', value: parseEther('7') });
    await node.setStorageAt({
      address: '0x00000000000000000000000000000000000de7a4',
      index: 0,
      value: `0x${'01'.padStart(64, '0')}`,
    });
    const block = await node.getBlockNumber({ cacheTime: 0 });
    try {
      const unsealed = await quote(on, block, previews);
      expect(unsealed.proof).toMatchObject({ state: 'unproven', reason: { id: 'core.chain:verify.proofUnsettled' } });
      expect(currentAlarm(on)).toBeUndefined();
    } finally {
      await sealPendingWrites(url);
    }
    const sealed = await quote(on, block + 1n, previews);
    expect(sealed.proof).toEqual({ state: 'verified', block: block + 1n });
    expect(currentAlarm(on)).toBeUndefined();
  });

  it('calls a proxy whose proofs fail at every block a liar when asked again after the next block', async () => {
    lied = network();
    proxy.setFault({ kind: 'lie', lie: 'proofNode' });
    const block = await node.getBlockNumber({ cacheTime: 0 });
    const once = await quote(lied, block, previews);
    expect(once.proof).toMatchObject({ state: 'unproven', reason: { id: 'core.chain:verify.proofUnsettled' } });
    expect(currentAlarm(lied)).toBeUndefined();
    await node.mine({ blocks: 1 });
    const twice = await quote(lied, block + 1n, previews);
    expect(twice.proof).toMatchObject({ state: 'contradicted', problem: { id: 'core.chain:verify.proofFailed' } });
    expect(currentAlarm(lied)).toMatchObject({
      acknowledged: false,
      calls: [{ source: proxy.url, problem: { id: 'core.chain:verify.proofFailed' } }],
    });
  });

  it('reads quotes as before where only balances are checked: no proof, no alarm', async () => {
    proxy.setFault({ kind: 'lie', lie: 'underQuote' });
    const on = network();
    const result = await quote(on, await node.getBlockNumber(), { mode: 'balances', trust: { kind: 'agreement' } });
    expect(result.reading.kind).toBe('quoted');
    expect(result.proof).toBeUndefined();
    expect(currentAlarm(on)).toBeUndefined();
  });
});
