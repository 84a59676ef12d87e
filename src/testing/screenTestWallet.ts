// The set-up of a DOM test that renders a screen into a whole test wallet: a new wallet before each
// test, its local node a fake one (through fetch) that knows the head and refuses every other
// method; after each test the screen unmounted, the test's own clean-up, the wallet closed and
// the requests the closed screen still makes refused; after the file, the real fetch back once
// nothing has asked for a while (or never, where what the screen followed is still polled then: the
// file's document goes with its last test).
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import type { ChainHead } from '@/core/chain/chainHead';
import type { AppLinks } from '@/lib/links';
import { chainKeys } from '@/lib/queries/chainQueries';
import { FAKE_BLOCK, type FakeBlock, fakeSimulationNode } from './fakeSimulationNode';
import { createTestWallet, renderInWallet, type TestWallet } from './testWallet';
import { lateRequestGuard } from './walletPortfolio';

/**
 * A fake node on `chainId` (the test wallet's, 31337, unless told) that answers the head (FAKE_BLOCK,
 * with `block`'s changes) and refuses every other method.
 */
export function refusingNode(chainId = 31337, block: Partial<FakeBlock> = {}) {
  return fakeSimulationNode(
    (method) => {
      throw { code: -32601, message: `the method ${method} does not exist` };
    },
    { block: { ...FAKE_BLOCK, ...block }, chainId },
  );
}

export type ScreenTestWallet = {
  /** This test's wallet (made before each test). */
  readonly wallet: TestWallet;
  /**
   * Renders `screen` into this test's wallet (with `links`, if given, as its links to screens);
   * what was rendered before is unmounted first.
   */
  show(screen: ReactNode, options?: { links?: AppLinks }): void;
  /** Unmounts what `show` rendered (nothing if nothing is shown). */
  unmount(): void;
};

/**
 * Registers the hooks the file's comment describes; `cleanUp` runs after the screen is unmounted
 * and before the wallet closes (to reset a flow store or end an alarm a test raised);
 * `restoreFetch: false` keeps refusing after the file.
 */
export function screenTestWallet({
  cleanUp,
  restoreFetch = true,
}: {
  cleanUp?: (wallet: TestWallet) => void;
  restoreFetch?: boolean;
} = {}): ScreenTestWallet {
  let current: TestWallet | undefined;
  let unmountShown: () => void = () => undefined;
  const lateRequests = lateRequestGuard(200);
  const unmount = () => {
    unmountShown();
    unmountShown = () => undefined;
  };
  beforeEach(async () => {
    current = await createTestWallet();
    vi.stubGlobal('fetch', refusingNode().fetch);
  });
  afterEach(() => {
    unmount();
    if (current) {
      cleanUp?.(current);
      current.close();
    }
    current = undefined;
    lateRequests.refuse();
  });
  if (restoreFetch) afterAll(() => lateRequests.restore());
  const wallet = () => {
    if (!current) throw new Error('the test wallet exists only inside a test');
    return current;
  };
  return {
    get wallet() {
      return wallet();
    },
    show(screen, options) {
      unmount();
      unmountShown = renderInWallet(wallet(), screen, options).unmount;
    },
    unmount,
  };
}

/** The state of `wallet`'s one head query for the network `id` (chainHeadQuery), once asked. */
export function headStateOf(wallet: TestWallet, id: string) {
  const network = wallet.store.getState().networks.find((n) => n.id === id);
  if (!network) throw new Error(`no network ${id} in the test wallet`);
  return wallet.queries.getQueryCache().find<ChainHead>({ queryKey: chainKeys.head(network), exact: true })?.state;
}
