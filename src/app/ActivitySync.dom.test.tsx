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
import { TICK_PHASE_MS } from '@/core/chain/refreshPolicy';
import { BACKGROUND_HEAD_OBSERVER, chainKeys } from '@/lib/queries/chainQueries';
import { ActivityProvider } from '@/lib/stores/activity';
import { FAKE_BLOCK, type FakeBlock, fakeSimulationNode } from '@/testing/fakeSimulationNode';
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

/** Base's head: a test moves its chain on by changing it (the fake node reads it at each request). */
let baseBlock: FakeBlock;
/** A second past one of the background networks' ticks (and of their heads' minute), in this window's phase. */
const TICK = 1_200_000 + TICK_PHASE_MS;
const START = TICK + 1_000;

beforeEach(async () => {
  // The clock runs on with real time, from a fixed point, so no tick falls within a test's waits.
  vi.useFakeTimers({
    now: START,
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  follows = [];
  wallet = await createTestWallet();
  // Ethereum's and Base's nodes, each answering for its own chain, at its own head.
  baseBlock = { ...FAKE_BLOCK, number: 9_000n };
  const nodes = {
    ethereum: fakeSimulationNode(() => undefined, { block: { ...FAKE_BLOCK, number: 500n }, chainId: 1 }),
    base: fakeSimulationNode(() => undefined, { block: baseBlock, chainId: 8453 }),
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

  it('names only the selected account through a node the person did not choose, per network, at once', async () => {
    const accounts = () => follows.map((f) => `${f.network}:${f.accounts.length}`);
    show();
    await expect.poll(() => accounts().sort(), poll).toEqual(['base:1', 'ethereum:1']);
    // All accounts allowed on Base alone: Base's pass names both, Ethereum's still one. Newly read
    // accounts are passed at once, not at the next tick.
    follows = [];
    wallet.store.getState().setAllAccountReads('base', true);
    await expect.poll(() => accounts(), poll).toContain('base:2');
    expect(accounts().filter((a) => a.startsWith('ethereum:'))).not.toContain('ethereum:2');
  });

  it('passes a new block alone, in the background, at the network’s next tick', async () => {
    show();
    const baseBlocks = () => follows.filter((f) => f.network === 'base').map((f) => f.block);
    await expect.poll(baseBlocks, poll).toEqual([9_000n]);
    const base = wallet.store.getState().networks.find((n) => n.id === 'base');
    if (!base) throw new Error('base');
    const head = () =>
      (wallet.queries.getQueryData(chainKeys.head(base)) as { blockNumber?: bigint } | undefined)?.blockNumber;
    // Base moves on; its head is asked at the next minute's tick, and its pass waits for the 12 s
    // tick after, when Base's figures are read.
    Object.assign(baseBlock, { number: 9_001n, hash: `0x${'cd'.repeat(32)}` });
    await vi.advanceTimersByTimeAsync(TICK + 60_000 - Date.now() + 50);
    await expect.poll(head, poll).toBe(9_001n);
    expect(baseBlocks()).toEqual([9_000n]);
    await vi.advanceTimersByTimeAsync(TICK + 72_000 - Date.now() - 100);
    expect(baseBlocks()).toEqual([9_000n]);
    await vi.advanceTimersByTimeAsync(200);
    await expect.poll(baseBlocks, poll).toEqual([9_000n, 9_001n]);
  });
});
