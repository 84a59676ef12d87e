// An L2 viewed on its own (its Home, Send's value lines, Approvals): while its sequencer is down
// its assets are valued at its parent network's price, read through the parent's own node, when
// the person follows the parent; the parent is asked nothing while the L2's own prices hold, and
// never when it is not followed.
import { encodeAbiParameters, type Hex, parseAbiParameters } from 'viem';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortfolioSnapshot } from '@/core/assets/portfolio';
import { MULTICALL3_ADDRESS } from '@/core/chain/multicall';
import { useFungibleAssets } from '@/lib/portfolio/useFungibleAssets';
import { usePortfolio } from '@/lib/portfolio/usePortfolio';
import { portfolioQuery } from '@/lib/queries/portfolioQueries';
import { useSelectedNetwork } from '@/lib/stores/session';
import { FAKE_BLOCK, fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { nodesByUrl } from '@/testing/nodesByUrl';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { TEST_ADDRESS_0 } from '@/testing/vaultFixtures';
import { lateRequestGuard, walletPortfolio } from '@/testing/walletPortfolio';

const poll = { timeout: 4_000, interval: 10 };
const NOW = Math.floor(Date.now() / 1000);
const block = { ...FAKE_BLOCK, timestamp: BigInt(NOW) };
const DECIMALS = '0x313ce567';
const LATEST_ROUND = '0xfeaf968c';
/** Ethereum's ETH price on its node: $2,500.12345678. */
const PARENT_ETH = 250_012_345_678n;

let wallet: TestWallet;
let unmount: () => void = () => undefined;
let portfolio: ReturnType<typeof usePortfolio> | undefined;
let fungible: ReturnType<typeof useFungibleAssets> | undefined;
const lateRequests = lateRequestGuard(1_000);
/** The bodies of the requests Ethereum's node got. */
let parentAsked: string[] = [];

function Probe() {
  portfolio = usePortfolio();
  fungible = useFungibleAssets(useSelectedNetwork(), TEST_ADDRESS_0);
  return null;
}

/** OP Mainnet's node: the head; its figures are put in the cache, and a read of them never ends. */
const opNode = fakeSimulationNode((method) => (method === 'eth_call' ? new Promise(() => undefined) : []), {
  block,
  chainId: 10,
}).fetch;

/** Ethereum's node, without Multicall3 (read call by call): each feed at 8 decimals, ETH's at PARENT_ETH. */
function ethereumNode(ethFeed: string) {
  const node = fakeSimulationNode(
    (method, params) => {
      if (method === 'eth_getCode') return '0x';
      if (method !== 'eth_call') return [];
      const { to, data } = params[0] as { to: string; data: Hex };
      if (to.toLowerCase() === MULTICALL3_ADDRESS.toLowerCase()) return '0x';
      if (data.startsWith(DECIMALS)) return encodeAbiParameters(parseAbiParameters('uint8'), [8]);
      if (data.startsWith(LATEST_ROUND)) {
        const answer = to.toLowerCase() === ethFeed.toLowerCase() ? PARENT_ETH : 100_000_000n;
        return encodeAbiParameters(parseAbiParameters('uint80, int256, uint256, uint256, uint80'), [
          1n,
          answer,
          BigInt(NOW - 60),
          BigInt(NOW - 60),
          1n,
        ]);
      }
      return '0x';
    },
    { block, chainId: 1 },
  ).fetch;
  return (url: unknown, init?: { body?: unknown }) => {
    parentAsked.push(String(init?.body));
    return node(url, init);
  };
}

beforeEach(async () => {
  wallet = await createTestWallet();
  parentAsked = [];
  const state = wallet.store.getState();
  state.selectNetwork('optimism');
  const ethereum = state.networks.find((n) => n.id === 'ethereum');
  const op = state.networks.find((n) => n.id === 'optimism');
  const { priceFeedsFor } = await import('@/core/assets/catalogue');
  const ethFeed = priceFeedsFor({ kind: 'preset', chainId: 1 }).find((f) => f.key === 'native')?.address ?? '';
  vi.stubGlobal(
    'fetch',
    nodesByUrl(opNode, {
      ...Object.fromEntries((op?.rpcUrls ?? []).map((url) => [url, opNode])),
      ...Object.fromEntries((ethereum?.rpcUrls ?? []).map((url) => [url, ethereumNode(ethFeed)])),
    }),
  );
});
afterEach(() => {
  unmount();
  wallet.close();
  lateRequests.refuse();
});
afterAll(() => lateRequests.restore());

/**
 * OP Mainnet's figures as its node gave them: 2 ETH, each of its own feeds answering $1 a minute
 * ago (ETH's frozen there), its sequencer `sequencer` for two hours.
 */
function opFigures(sequencer: 'up' | 'down') {
  const { network, accounts, request } = walletPortfolio(wallet);
  expect(network.id).toBe('optimism');
  const dollar = { answer: 100_000_000n, decimals: 8, updatedAt: NOW - 60, roundId: 1n };
  const snapshot: PortfolioSnapshot = {
    blockNumber: block.number,
    timestamp: NOW,
    via: 'multicall',
    native: new Map(accounts.map((a) => [a.toLowerCase(), 2n * 10n ** 18n])),
    tokens: new Map(),
    prices: new Map(request.feeds.map((feed) => [feed.key, dollar])),
    sequencer: { answer: sequencer === 'up' ? 0n : 1n, startedAt: NOW - 7_200 },
  };
  wallet.queries.setQueryData(portfolioQuery(network, request).queryKey, snapshot);
  unmount = renderInWallet(wallet, <Probe />).unmount;
}

const ethRow = () => portfolio?.view?.accounts[0]?.rows.find((r) => r.key === 'native');

describe('an L2 viewed alone, its sequencer down', () => {
  it('values its assets at the followed parent’s price, read through the parent’s node, naming no account', async () => {
    wallet.store.getState().followNetwork('ethereum');
    opFigures('down');
    // 2 ETH at $2,500.12345678: $5,000.24691356 (18 decimals).
    await expect.poll(() => ethRow()?.value, poll).toBe(5_000_246_913_560_000_000_000n);
    expect(ethRow()?.priceFrom).toBe('parent');
    expect(portfolio?.prices.get('native')).toMatchObject({ price: { answer: PARENT_ETH }, from: 'parent' });
    // Send's value lines take the same price.
    expect(fungible?.priceOf('native')).toMatchObject({ price: { answer: PARENT_ETH }, from: 'parent' });
    expect(parentAsked.length).toBeGreaterThan(0);
    const accounts = walletPortfolio(wallet).accounts.map((a) => a.slice(2).toLowerCase());
    for (const body of parentAsked) for (const account of accounts) expect(body.toLowerCase()).not.toContain(account);
  });

  it('shows no price, saying why, when the parent is not followed, and asks no one for it', async () => {
    const state = wallet.store.getState();
    state.followNetwork('optimism');
    for (const other of state.networks) if (other.id !== 'optimism') state.unfollowNetwork(other.id);
    opFigures('down');
    await expect.poll(() => ethRow()?.noPrice, poll).toEqual({ id: 'core.chain:l2Price.sequencerDown' });
    expect(ethRow()?.value).toBeUndefined();
    expect(fungible?.priceOf('native')).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(parentAsked.join('\n')).toBe('');
  });
});

describe('an L2 viewed alone, its sequencer up', () => {
  it('values its assets at its own feed and asks the parent nothing', async () => {
    wallet.store.getState().followNetwork('ethereum');
    opFigures('up');
    await expect.poll(() => ethRow()?.value, poll).toBe(2n * 10n ** 18n);
    expect(ethRow()?.priceFrom).toBe('network');
    expect(fungible?.priceOf('native')).toMatchObject({ from: 'network' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(parentAsked.join('\n')).toBe('');
  });
});
