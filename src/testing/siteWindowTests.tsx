// For a test file of the dom project that opens Cairn's window for a site: before each test a new
// test wallet (testWallet.tsx) whose chain reads go to a fake node (fakeSimulationNode, on the
// wallet's chain); after it, what was rendered is taken away, the wallet closed and fetch restored.
// `view` is the window as the file renders it for a site's connection (the features' components,
// which src/testing may not import); without it, a test renders what it wants itself.
import type { ReactNode } from 'react';
import type { Address } from 'viem';
import { afterEach, beforeEach, vi } from 'vitest';
import type { DappConnection } from '../core/dapp/connection';
import { selectedNetwork } from '../core/session/sessionStore';
import type { SettingsSchema } from '../core/session/settingsSchema';
import type { KeyValueStore } from '../core/storage/keyValueStore';
import { FAKE_BLOCK, type FakeBlock, fakeSimulationNode } from './fakeSimulationNode';
import { connectTestSite } from './testSiteWindow';
import { createTestWallet, renderInWallet, type TestWallet } from './testWallet';

type Node = ReturnType<typeof fakeSimulationNode>;
type Fetch = Node['fetch'];

/** A node for tests that read nothing from the chain: any read that slipped through fails here, not on a network. */
const readsNothing = () => new Error('not asked in these tests');

export function siteWindowTests(
  view: ((connection: DappConnection) => ReactNode) | undefined,
  {
    answer = readsNothing,
    fetch = (node) => node.fetch,
    settings,
  }: {
    /** What the node answers besides a preview's context reads (see fakeSimulationNode). */
    answer?: (method: string, params: unknown[]) => unknown;
    /** What stands for fetch, given the node (a test may hold or change its answers). */
    fetch?: (node: Node) => Fetch;
    /** Where each test's wallet stores its settings (memory storage unless given: see heldStorage). */
    settings?: () => KeyValueStore<SettingsSchema>;
  } = {},
) {
  let current: { wallet: TestWallet; node: Node; block: FakeBlock } | undefined;
  let shown: { unmount(): void } | undefined;
  beforeEach(async () => {
    const wallet = await createTestWallet({ settings: settings?.() });
    const block = { ...FAKE_BLOCK };
    const node = fakeSimulationNode(answer, { block, chainId: selectedNetwork(wallet.store.getState()).chainId });
    vi.stubGlobal('fetch', fetch(node));
    current = { wallet, node, block };
  });
  afterEach(() => {
    shown?.unmount();
    shown = undefined;
    current?.wallet.close();
    current = undefined;
    vi.unstubAllGlobals();
  });
  const now = () => {
    if (!current) throw new Error('only inside a test');
    return current;
  };
  /** Shows `screen` in place of what the test showed before. */
  const show = (screen: ReactNode) => {
    shown?.unmount();
    shown = renderInWallet(now().wallet, screen);
  };
  return {
    /** This test's wallet. */
    get wallet() {
      return now().wallet;
    },
    /** This test's node (what it was asked). */
    get node() {
      return now().node;
    },
    /** This test's chain head: a test moves the chain on by changing it. */
    get block() {
      return now().block;
    },
    /** Connects the site with `accounts` (see connectTestSite) and opens its window (`view`); the site. */
    open(accounts: readonly Address[], options: { alsoOn?: readonly string[]; atomic?: boolean } = {}) {
      const site = connectTestSite(now().wallet, accounts, options);
      if (view) show(view(site.connection));
      return site;
    },
    /** Renders `screen` over this test's wallet, in place of what it showed before. */
    render: show,
  };
}
