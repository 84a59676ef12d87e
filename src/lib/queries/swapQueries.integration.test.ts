// The Swap screen's quote where the network's checks take in previews: a node that under-quotes
// raises the alarm (sending held) and its quote is marked contradicted; the same swap quoted truly
// at a later block ends that lie; with balances checked only, quotes are read as before.
import { QueryClient } from '@tanstack/react-query';
import { parseEther } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_UNISWAP_DEPLOYMENT } from '@/core/chain/localUniswap';
import { localNetwork } from '@/core/chain/networks';
import { NATIVE } from '@/core/swap/pools';
import type { NetworkVerification } from '@/core/verify/verificationSetting';
import { localChainUrl } from '@/testing/localChainUrl';
import { proofsProxy } from '@/testing/settledChain';
import { testNode } from '@/testing/txFixtures';
import { demoContractAddresses } from '../../../devchain/seed.ts';
import { clearAlarm, currentAlarm } from '../verificationAlarm';
import { swapQuoteQuery } from './swapQueries';

const url = localChainUrl();
const node = testNode(url);
const proxy = proofsProxy(url);
const { USDC } = demoContractAddresses();
const previews: NetworkVerification = { mode: 'previews', trust: { kind: 'agreement' } };
const queries = new QueryClient();
let networks = 0;
const network = () => ({ ...localNetwork([proxy.url, url]), id: `swap-quote-checks-${networks++}` });
const ask = (block: bigint) => ({ tokenIn: NATIVE, tokenOut: USDC, amountIn: parseEther('1'), hubs: [], block });
const quote = (on: ReturnType<typeof network>, block: bigint, verification: NetworkVerification) =>
  queries.fetchQuery(swapQuoteQuery(on, LOCAL_UNISWAP_DEPLOYMENT, ask(block), verification));

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

  it('reads quotes as before where only balances are checked: no proof, no alarm', async () => {
    proxy.setFault({ kind: 'lie', lie: 'underQuote' });
    const on = network();
    const result = await quote(on, await node.getBlockNumber(), { mode: 'balances', trust: { kind: 'agreement' } });
    expect(result.reading.kind).toBe('quoted');
    expect(result.proof).toBeUndefined();
    expect(currentAlarm(on)).toBeUndefined();
  });
});
