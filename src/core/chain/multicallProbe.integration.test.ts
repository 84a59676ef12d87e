// One probe of Multicall3 per network: the first reader asks eth_getCode, every later one (the
// portfolio's background client, approvals, a swap quote, a new quote reader) takes its answer.
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { demoContractAddresses } from '../../../devchain/seed.ts';
import { demoAddress } from '../../../devchain/seedSupport.ts';
import { uniswapAddresses } from '../../../devchain/uniswap.ts';
import { memoryApprovalStore } from '../approvals/approvalStore';
import { readAccountApprovals } from '../approvals/readApprovals';
import { readPortfolio } from '../assets/portfolio';
import { sameAddress } from '../keys/sameAddress';
import { NATIVE } from '../swap/pools';
import { createQuoteReader } from '../swap/readQuote';
import { chainClient } from './client';
import { MULTICALL3_ADDRESS } from './localChain';
import { LOCAL_UNISWAP_DEPLOYMENT } from './localUniswap';
import { hasMulticall, knownMulticall } from './multicallProbe';
import { localNetwork } from './networks';

const url = localChainUrl();
const demo = demoContractAddresses();
const owner = demoAddress(0);

describe('the Multicall3 probe', () => {
  let proxy: RpcFaultProxy;
  beforeAll(async () => {
    proxy = await startRpcFaultProxy(url);
  });
  afterAll(async () => {
    await proxy.close();
  });

  it('asks each network once: the portfolio, approvals and swap readers share the answer', async () => {
    const network = { ...localNetwork(proxy.url), id: 'multicall-probe' };
    // Approvals ask the spenders' code too: only Multicall3's counts here.
    const codes = () =>
      proxy.log.filter((c) => c.method === 'eth_getCode' && sameAddress(c.params[0] as string, MULTICALL3_ADDRESS))
        .length;
    proxy.resetCounts();
    const portfolio = await readPortfolio(
      chainClient(network, 'background'),
      { accounts: [owner], tokens: [demo.DAI], feeds: [] },
      undefined,
    );
    expect(portfolio.multicall).toBe(true);
    expect(codes()).toBe(1);
    // The network's other clients know it too.
    expect(knownMulticall(chainClient(network))).toBe(true);

    await readAccountApprovals(chainClient(network), memoryApprovalStore(), owner);
    const block = BigInt((await chainClient(network).request({ method: 'eth_blockNumber' })) as string);
    const uniswap = uniswapAddresses();
    const ask = { tokenIn: NATIVE, tokenOut: demo.USDC, amountIn: parseEther('1'), hubs: [uniswap.WETH9], block };
    await createQuoteReader(chainClient(network), LOCAL_UNISWAP_DEPLOYMENT).read(ask);
    expect(codes()).toBe(1);
  });

  it('asks once for callers asking together; another chain id is another node', async () => {
    const network = { ...localNetwork(proxy.url), id: 'multicall-probe-together', chainId: 31338 };
    proxy.resetCounts();
    const answers = await Promise.all([hasMulticall(chainClient(network)), hasMulticall(chainClient(network))]);
    expect(answers).toEqual([true, true]);
    expect(proxy.calls.eth_getCode).toBe(1);
    // Another node (here the same proxy by another chain id) is another probe.
    expect(knownMulticall(chainClient({ ...network, chainId: 31339 }))).toBeUndefined();
  });
});
