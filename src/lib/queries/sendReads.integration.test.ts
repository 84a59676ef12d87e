// What a send asks the node from Continue to its preview, counted at a proxy: what the screen
// read already (the shared head, the fee market of that head) is not asked again, neither by
// prepareSend nor by the preview, which takes what preparing read while it is no older than the head.
import { QueryClient } from '@tanstack/react-query';
import { createTestClient, http, parseEther } from 'viem';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localNetwork } from '@/core/chain/networks';
import { prepareSend, type SendDraft } from '@/core/tx/prepare';
import { localChainUrl } from '@/testing/localChainUrl';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { demoAddress } from '../../../devchain/seed.ts';
import { preparedReads, previewedTransaction } from '../send/useTransactionPreview';
import { chainHeadQuery, headForSend } from './chainQueries';
import { transactionPreviewQuery } from './simulationQueries';
import { feeMarketQuery } from './txQueries';

const url = localChainUrl();
// Accounts 85–86 of the demo mnemonic: this file's alone.
const from = demoAddress(85);
const to = demoAddress(86);
const context = { own: [from], savedAbis: [], contractAbis: [], watchTokens: [] };

describe('the reads of a send, from Continue to its preview', () => {
  let proxy: RpcFaultProxy;
  beforeAll(async () => {
    await createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(url) }).setBalance({
      address: from,
      value: parseEther('10'),
    });
    proxy = await startRpcFaultProxy(url);
  });
  afterAll(() => proxy.close());

  const draft = (network: SendDraft['network']): SendDraft => ({
    network,
    from,
    recipient: to,
    asset: { kind: 'native', symbol: 'ETH', decimals: 18 },
    amount: parseEther('0.01'),
    max: false,
    preset: 'normal',
  });

  /** Prepares the send with what the cache holds, then previews it: the calls both asked. */
  async function continueAndPreview(cache: QueryClient, network: SendDraft['network']) {
    const head = await cache.fetchQuery(chainHeadQuery(cache, network));
    const market = await cache.fetchQuery(feeMarketQuery(network));
    proxy.resetCounts();
    const prepared = await prepareSend(draft(network), {
      head: head.status === 'ok' ? head.block : undefined,
      market,
    });
    const preview = transactionPreviewQuery(network, previewedTransaction(prepared), context, preparedReads(prepared));
    const { result } = await cache.fetchQuery(preview);
    return { prepared, result, calls: proxy.calls };
  }

  it('asks for no block, fee market or balance the Send screen read at the head', async () => {
    const network = { ...localNetwork(proxy.url), id: 'send-reads' };
    const cache = new QueryClient();
    // The node's first preview probes it (kept for the session): not what this counts.
    await continueAndPreview(cache, network);
    const { prepared, result, calls } = await continueAndPreview(new QueryClient(), network);
    expect(result.outcome.ok).toBe(true);
    expect(result.block).toBe(prepared.block.number);
    expect(calls).toEqual({
      eth_getBalance: 1,
      eth_getTransactionCount: 1,
      eth_getCode: 1,
      eth_estimateGas: 1,
      [simulationMethod(result.strategy)]: 1,
    });
  });

  it('reads the fee market and the next base fee again once the head has moved past them', async () => {
    const network = { ...localNetwork(proxy.url), id: 'send-reads-moved' };
    const cache = new QueryClient();
    await continueAndPreview(cache, network);
    const market = await cache.fetchQuery(feeMarketQuery(network));
    await createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(url) }).mine({ blocks: 1 });
    // A window that reads the head now (the pace of heads is kept per cache).
    const later = new QueryClient();
    const head = await later.fetchQuery(chainHeadQuery(later, network));
    expect(head.blockNumber).toBeGreaterThan(market.block ?? 0n);
    proxy.resetCounts();
    const prepared = await prepareSend(draft(network), {
      head: head.status === 'ok' ? head.block : undefined,
      market,
    });
    expect(prepared.market.block).toBe(head.blockNumber);
    expect(proxy.calls).toMatchObject({ eth_feeHistory: 1, eth_maxPriorityFeePerGas: 1 });
    expect(proxy.calls.eth_getBlockByNumber).toBeUndefined();
  });

  it('in a site’s window, shares the head being read rather than asking for the block again', async () => {
    const network = { ...localNetwork(proxy.url), id: 'send-reads-site' };
    await continueAndPreview(new QueryClient(), network);
    const cache = new QueryClient();
    proxy.resetCounts();
    // The window's head query starts as it opens; the send is prepared in the same moment.
    const heading = cache.fetchQuery(chainHeadQuery(cache, network));
    const prepared = await prepareSend(draft(network), { head: headForSend(cache, network) });
    await heading;
    const preview = transactionPreviewQuery(network, previewedTransaction(prepared), context, preparedReads(prepared));
    const { result } = await cache.fetchQuery(preview);
    // (The chain id is asked with the head only on a new connection: this node's was checked above.)
    expect(proxy.calls).toEqual({
      eth_getBlockByNumber: 1,
      eth_feeHistory: 1,
      eth_maxPriorityFeePerGas: 1,
      eth_getBalance: 1,
      eth_getTransactionCount: 1,
      eth_getCode: 1,
      eth_estimateGas: 1,
      [simulationMethod(result.strategy)]: 1,
    });
  });
});

/** The one request a preview's strategy makes. */
function simulationMethod(strategy: string): string {
  if (strategy === 'simulateV1') return 'eth_simulateV1';
  return strategy === 'stateOverride' ? 'eth_call' : 'debug_traceCall';
}
