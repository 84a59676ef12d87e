// A swap's quote checked against proofs on the local chain's real Uniswap contracts: an honest
// node's quote is proven (two round trips to it once the pair was quoted), and a node that
// under-quotes is caught by Cairn's own run of the same calls over proven state.
import { type Address, parseEther } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { proofsProxy } from '@/testing/settledChain';
import { testNode } from '@/testing/txFixtures';
import { demoContractAddresses } from '../../../devchain/seed.ts';
import { uniswapAddresses } from '../../../devchain/uniswap.ts';
import { chainClient } from '../chain/client';
import { LOCAL_UNISWAP_DEPLOYMENT } from '../chain/localUniswap';
import { localNetwork } from '../chain/networks';
import { sourcesOf } from '../verify/sources';
import { type CheckedQuoteReader, createCheckedQuoteReader } from './checkedQuote';
import { NATIVE } from './pools';
import { createQuoteReader, type QuoteReading } from './readQuote';

const url = localChainUrl();
const node = testNode(url);
const proxy = proofsProxy(url);
const demo = demoContractAddresses();
const contracts = LOCAL_UNISWAP_DEPLOYMENT;
const hubs = [uniswapAddresses().WETH9, demo.USDC, demo.USDT, demo.DAI];
const agreement = { kind: 'agreement' } as const;
let readers = 0;

/** A checked reader through the proxy (the node checked) and the node itself (the second source). */
const checkedReader = () =>
  createCheckedQuoteReader(
    sourcesOf({ ...localNetwork([proxy.url, url]), id: `checked-quote-${readers++}` }, 'prompt'),
    contracts,
  );
/** One for the file: what it learns of a pair (its live routes, what their check read) saves the next read a round trip. */
let reader: CheckedQuoteReader;
beforeAll(() => {
  reader = checkedReader();
});

const ask = (tokenIn: Address, tokenOut: Address, amountIn: bigint, block: bigint) => ({
  tokenIn,
  tokenOut,
  amountIn,
  hubs,
  block,
});

const best = (reading: QuoteReading) => {
  if (reading.kind !== 'quoted') throw new Error(`no quote: ${reading.kind}`);
  return reading.best;
};

describe('a swap quote checked against proofs', () => {
  it('proves an honest node’s quote, and the next block’s in two round trips asking no code', async () => {
    const block = await node.getBlockNumber();
    const cold = await reader.read(ask(NATIVE, demo.USDC, parseEther('1'), block), agreement);
    expect(cold.proof).toEqual({ state: 'verified', block });
    expect(cold.check).toMatchObject({ state: 'verified' });
    const plain = await createQuoteReader(chainClient(localNetwork(url)), contracts).read(
      ask(NATIVE, demo.USDC, parseEther('1'), block),
    );
    expect(best(cold.reading).amountOut).toBe(best(plain).amountOut);

    await node.mine({ blocks: 1 });
    proxy.resetCounts();
    const warm = await reader.read(ask(NATIVE, demo.USDC, parseEther('1'), block + 1n), agreement);
    expect(warm.proof).toEqual({ state: 'verified', block: block + 1n });
    // The reading and the header in one request, the proofs (hinted by the last check) in one.
    expect(proxy.requests).toBe(2);
    // The code of every account is the code the last check was given under the same proven hash.
    expect(proxy.calls.eth_getCode ?? 0).toBe(0);
  });

  it('proves a pair’s first quote in two round trips to a node that names no reads (Hardhat)', async () => {
    const block = await node.getBlockNumber();
    proxy.resetCounts();
    const cold = await checkedReader().read(ask(NATIVE, demo.USDC, parseEther('1'), block), agreement);
    expect(cold.proof).toEqual({ state: 'verified', block });
    // The pools' states, then the quotes beside the proofs of what the run is foreseen to read
    // (quoteHint.ts: pool states, token balances, v4's pool manager), which is all the run reads.
    expect(proxy.requests).toBeLessThanOrEqual(2);
  });

  it('catches a node that quotes a tenth too low: the proven run of its calls contradicts it', async () => {
    const block = await node.getBlockNumber();
    const honest = best(
      await createQuoteReader(chainClient(localNetwork(url)), contracts).read(
        ask(NATIVE, demo.USDC, parseEther('1'), block),
      ),
    );
    proxy.setFault({ kind: 'lie', lie: 'underQuote' });
    const lied = await reader.read(ask(NATIVE, demo.USDC, parseEther('1'), block), agreement);
    expect(best(lied.reading).amountOut).toBe((honest.amountOut * 9n) / 10n);
    expect(lied.proof).toMatchObject({
      state: 'contradicted',
      block,
      problem: { id: 'core.chain:verify.quoteDiffers' },
    });
    expect(lied.check).toMatchObject({ state: 'differs', source: proxy.url });
  });

  it('leaves a quote unproven, saying why, when the trusted block is far behind it', async () => {
    const block = await node.getBlockNumber();
    const pinned = await node.getBlock({ blockNumber: block });
    await node.mine({ blocks: 3 });
    const result = await checkedReader().read(ask(NATIVE, demo.USDC, parseEther('1'), block + 3n), {
      kind: 'pinned',
      number: block,
      hash: pinned.hash,
    });
    expect(result.proof).toMatchObject({ state: 'unproven', reason: { id: 'core.chain:verify.quoteBehind' } });
    expect(result.reading.block).toBe(block + 3n);
  });
});
