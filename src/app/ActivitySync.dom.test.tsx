// The history sync of every followed network, over a whole test wallet with a fake node per
// network: each network is followed on its own head (its own node, its own chain id), the
// header's at each block and the others in the background (no newHeads socket, no block-by-block
// poll, each pass at the network's next tick), and each names only the accounts its node may be
// told of (accountsToRead, per network).
import { flushSync } from 'react-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { HistorySync } from '@/core/activity/historySync';
import type { SyncStatusState } from '@/core/activity/syncStatus';
import { BACKGROUND_POLL_MS } from '@/core/chain/refreshPolicy';
import { BACKGROUND_HEAD_OBSERVER, chainKeys } from '@/lib/queries/chainQueries';
import { ActivityProvider } from '@/lib/stores/activity';
import { FAKE_BLOCK, fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { ActivitySync } from './ActivitySync';

const poll = { timeout: 4_000, interval: 10 };
let wallet: TestWallet;
let unmount: () => void = () => undefined;
/** What the sync was asked: each pass's network, accounts and head. */
let follows: { network: string; accounts: string[]; block: bigint }[];

/** A sync that records what it is asked and does nothing. */
const recordingSync = (): HistorySync => ({
  request: async () => undefined,
  follow: async (network, accounts, head) => {
    follows.push({ network: network.id, accounts: [...accounts], block: head.number });
  },
  status: createStore<SyncStatusState>()(() => ({ byKey: {} })),
  onWritten: () => () => undefined,
});

/** The background networks' next tick (their passes wait for it): the clock moved on one pace. */
const nextTick = () => vi.advanceTimersByTimeAsync(BACKGROUND_POLL_MS);

beforeEach(async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  follows = [];
  wallet = await createTestWallet();
  // Ethereum's and Base's nodes, each answering for its own chain, at its own head.
  const nodes = {
    ethereum: fakeSimulationNode(() => undefined, { block: { ...FAKE_BLOCK, number: 500n }, chainId: 1 }),
    base: fakeSimulationNode(() => undefined, { block: { ...FAKE_BLOCK, number: 9_000n }, chainId: 8453 }),
  };
  const state = wallet.store.getState();
  const urlOf = (id: string) => state.networks.find((n) => n.id === id)?.rpcUrls[0] ?? '';
  vi.stubGlobal('fetch', (url: unknown, init?: { body?: unknown }) =>
    String(url).startsWith(urlOf('base')) ? nodes.base.fetch(url, init) : nodes.ethereum.fetch(url, init),
  );
  state.followNetwork('base');
  state.selectNetwork('ethereum');
});
afterEach(() => {
  unmount();
  wallet.close();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function show() {
  unmount = renderInWallet(
    wallet,
    <ActivityProvider store={wallet.storage.activity} sync={recordingSync()}>
      <ActivitySync />
    </ActivityProvider>,
  ).unmount;
}

describe('the history sync of every followed network', () => {
  it('follows each network at its own head, the header’s at each block, the others in the background', async () => {
    // The window shows Ethereum alone (the chip): Ethereum is the one worked on.
    wallet.store.getState().setNetworkView('ethereum');
    show();
    await expect
      .poll(() => follows.map((f) => `${f.network}@${f.block}`).sort(), poll)
      .toEqual(['base@9000', 'ethereum@500']);
    const observers = (id: string) => {
      const network = wallet.store.getState().networks.find((n) => n.id === id);
      if (!network) throw new Error(id);
      return wallet.queries.getQueryCache().find({ queryKey: chainKeys.head(network) })?.observers ?? [];
    };
    expect(observers('ethereum').map((o) => o.options.meta)).not.toContainEqual(BACKGROUND_HEAD_OBSERVER);
    expect(observers('base').map((o) => o.options.meta)).toEqual([BACKGROUND_HEAD_OBSERVER]);
    // All networks viewed at once: none is worked on, the header's too is followed in the background.
    flushSync(() => wallet.store.getState().setNetworkView('all'));
    await expect.poll(() => observers('ethereum').map((o) => o.options.meta), poll).toEqual([BACKGROUND_HEAD_OBSERVER]);
  });

  it('names only the selected account through a node the person did not choose, per network', async () => {
    const accounts = () => follows.map((f) => `${f.network}:${f.accounts.length}`);
    show();
    await expect.poll(() => accounts().sort(), poll).toEqual(['base:1', 'ethereum:1']);
    // All accounts allowed on Base alone: Base's pass names both, Ethereum's still one.
    follows = [];
    wallet.store.getState().setAllAccountReads('base', true);
    // After the first, a background pass waits for the network's tick, when its figures are read:
    // one request for both.
    await new Promise((done) => setTimeout(done, 200));
    expect(accounts()).toEqual([]);
    await nextTick();
    await expect.poll(() => accounts(), poll).toContain('base:2');
    expect(accounts().filter((a) => a.startsWith('ethereum:'))).not.toContain('ethereum:2');
  });
});
