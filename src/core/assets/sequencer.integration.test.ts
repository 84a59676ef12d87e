// The sequencer rule on a real local OP Stack chain: its uptime feed is read in the portfolio's
// one aggregate3, and the L2's prices count only while it says up past an hour of grace; else the
// parent's (the local chain's) price of the same asset, when at hand, or none with a reason.
import { parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { useLocalOpChain } from '@/testing/localOpChain';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { OP_DEPLOYER_INDEX } from '../../../devchain/opSeed.ts';
import { demoAddress, seedClient } from '../../../devchain/seedSupport.ts';
import { chainClient } from '../chain/client';
import { LOCAL_OP_CHAIN_ID } from '../chain/localChain';
import { localNetwork, localOpNetwork } from '../chain/networks';
import { SEQUENCER_GRACE_SECONDS } from '../prices/sequencerUptime';
import { listedTokens, portfolioRequestFor } from './catalogue';
import { LOCAL_OP_SEQUENCER_FEED } from './localChainAssets';
import { type PortfolioSnapshot, readPortfolio } from './portfolio';
import { buildPortfolioView } from './portfolioView';
import type { PortfolioToken } from './token';

const sequencerAbi = parseAbi(['function setAnswer(int192)']);
const accounts = [0, 1, 5].map(demoAddress);

describe('L2 prices by the sequencer uptime feed, on the local OP chain', () => {
  const op = useLocalOpChain();
  let proxy: RpcFaultProxy;
  let counter = 0;
  beforeAll(async () => {
    proxy = await startRpcFaultProxy(op.current().chain.url);
  });
  afterAll(async () => {
    await proxy.close();
  });

  // A network of its own per read, so no client or probe kept from an earlier one answers for it.
  const network = () => ({ ...localOpNetwork([proxy.url]), id: `sequencer-test-${counter++}` });
  const tokens = (): PortfolioToken[] =>
    listedTokens(localOpNetwork([proxy.url])).map((t) => ({ ...t, origin: 'list' }));
  const request = () =>
    portfolioRequestFor(
      network(),
      accounts,
      tokens().map((t) => t.address),
    );
  const read = async () => (await readPortfolio(chainClient(network()), request(), true)).snapshot;
  const ethRow = (snapshot: PortfolioSnapshot, parent?: PortfolioSnapshot) =>
    buildPortfolioView(snapshot, network(), accounts, tokens(), { hideZero: false, parent }).accounts[0]?.rows[0];
  const setSequencer = async (answer: bigint) => {
    const client = seedClient(op.current().chain.url, LOCAL_OP_CHAIN_ID);
    const hash = await client.writeContract({
      account: demoAddress(OP_DEPLOYER_INDEX),
      address: LOCAL_OP_SEQUENCER_FEED,
      abi: sequencerAbi,
      functionName: 'setAnswer',
      args: [answer],
    });
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success');
  };

  it('reads the uptime feed in the same aggregate3: one HTTP request, one eth_call', async () => {
    const net = network();
    const asked = portfolioRequestFor(net, accounts, []);
    expect(asked.sequencer).toBe(LOCAL_OP_SEQUENCER_FEED);
    proxy.resetCounts();
    const first = await readPortfolio(chainClient(net), asked, undefined);
    expect(first.multicall).toBe(true);
    expect(proxy.requests).toBe(1);
    expect(proxy.calls).toEqual({ eth_getCode: 1, eth_call: 1 });
    proxy.resetCounts();
    const { snapshot } = await readPortfolio(chainClient(net), asked, true);
    expect(proxy.requests).toBe(1);
    expect(proxy.calls).toEqual({ eth_call: 1 });
    expect(snapshot.sequencer?.answer).toBe(0n);
    expect(snapshot.timestamp - (snapshot.sequencer?.startedAt ?? 0)).toBeGreaterThan(SEQUENCER_GRACE_SECONDS);
  });

  it('prices from the L2’s own feed while the sequencer has been up past its grace', async () => {
    const row = ethRow(await read());
    expect(row).toMatchObject({ symbol: 'ETH', priceFrom: 'network' });
    expect(row?.value).toBeGreaterThan(0n);
    expect(row?.noPrice).toBeUndefined();
  });

  it('takes no L2 price once the feed says down: the parent’s when at hand, else none, saying why', async () => {
    await setSequencer(1n);
    const snapshot = await read();
    expect(snapshot.sequencer?.answer).toBe(1n);
    expect(ethRow(snapshot)).toMatchObject({ value: undefined, noPrice: { id: 'core.chain:l2Price.sequencerDown' } });
    // The parent (the local chain), read through its own node: its ETH / USD feed stands in.
    const l1 = localNetwork(localChainUrl());
    const parent = (await readPortfolio(chainClient(l1), portfolioRequestFor(l1, [], []), undefined)).snapshot;
    const fromParent = ethRow(snapshot, parent);
    expect(fromParent).toMatchObject({ priceFrom: 'parent' });
    expect(fromParent?.value).toBeGreaterThan(0n);
  });

  it('waits out the grace period after the sequencer comes back, then prices again', async () => {
    await setSequencer(0n);
    const back = await read();
    expect(back.sequencer?.answer).toBe(0n);
    expect(ethRow(back)).toMatchObject({ value: undefined, noPrice: { id: 'core.chain:l2Price.sequencerGrace' } });

    const client = seedClient(op.current().chain.url, LOCAL_OP_CHAIN_ID);
    await client.increaseTime({ seconds: SEQUENCER_GRACE_SECONDS + 1 });
    await client.mine({ blocks: 1 });
    const later = await read();
    expect(later.timestamp - (later.sequencer?.startedAt ?? 0)).toBeGreaterThan(SEQUENCER_GRACE_SECONDS);
    const row = ethRow(later);
    expect(row).toMatchObject({ priceFrom: 'network' });
    expect(row?.value).toBeGreaterThan(0n);
    expect(row?.noPrice).toBeUndefined();
  });
});
