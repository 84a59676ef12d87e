// A site connected to a test wallet (testWallet.tsx), as Cairn's window for it serves it
// (app/dapp/connectSite): its permission in the wallet's session store, and a DappConnection whose
// surroundings read that store. As in that window, every change of the store (a revocation or a
// network changed in Cairn's own window; see followSettings) and every lock or unlock reaches the
// connection, and the site may move among its approved networks. Requests go in as the site's connector sends them;
// every message Cairn sends back is kept.
import type { Address } from 'viem';
import { builtInNetworks, LOCAL_NETWORK_ID } from '../core/chain/networks';
import { readAtomicGrant } from '../core/dapp/atomicGrant';
import { DappConnection } from '../core/dapp/connection';
import { followSettings } from '../core/dapp/followSettings';
import { type PortMessage, type SiteGrant, toHexChainId } from '../core/dapp/protocol';
import { grantFor, type SitePermission, siteFor, withSiteNetwork } from '../core/dapp/sites';
import { selectedNetwork } from '../core/session/sessionStore';
import { siteAtomicReads } from '../lib/send/siteAtomicReads';
import { TEST_RPC_URL, type TestWallet } from './testWallet';

export const TEST_SITE = 'https://app.example';

/**
 * Connects TEST_SITE to `wallet` with `accounts` on the local network (and may use the networks
 * `alsoOn`, by their ids, without asking), and opens its channel. `atomic`: the window reads the
 * accounts' atomic capability into the grant, as Cairn's does (app/dapp/connectSite).
 */
export function connectTestSite(
  wallet: TestWallet,
  accounts: readonly Address[],
  { alsoOn = [], atomic = false }: { alsoOn?: readonly string[]; atomic?: boolean } = {},
) {
  const { store, vault } = wallet;
  const permission: SitePermission = {
    origin: TEST_SITE,
    accounts: [...accounts],
    networkId: LOCAL_NETWORK_ID,
    networkIds: [LOCAL_NETWORK_ID, ...alsoOn],
    ownNodeReads: false,
    name: 'Example',
    grantedAt: 1_000,
    lastUsed: 1_000,
  };
  store.getState().updateSite(TEST_SITE, () => permission);
  const builtIns = builtInNetworks(TEST_RPC_URL);
  const current = () => siteFor(store.getState().dappSites, TEST_SITE);
  const grant = () => {
    const state = store.getState();
    return grantFor(current(), state.networks, builtIns, toHexChainId(selectedNetwork(state).chainId));
  };
  const atomicReads = siteAtomicReads({
    networkFor: (chainId) => store.getState().networks.find((n) => n.chainId === chainId),
    accounts: () => vault.store.getState().accounts,
  });
  const messages: PortMessage[] = [];
  const connection = new DappConnection(
    { postMessage: (m) => messages.push(m) },
    TEST_SITE,
    { name: 'Example' },
    {
      site: current,
      grant,
      ...(atomic && { atomic: (granted: SiteGrant) => readAtomicGrant(granted, atomicReads) }),
      unlocked: () => vault.store.getState().status === 'unlocked',
      revoke: () => store.getState().updateSite(TEST_SITE, () => undefined),
      switchToApproved: (chainId) => {
        const known = current();
        const target =
          known && store.getState().networks.find((n) => n.chainId === chainId && known.networkIds.includes(n.id));
        if (!target) return false;
        store.getState().updateSite(TEST_SITE, (stored) => (stored ? withSiteNetwork(stored, target.id) : stored));
        return true;
      },
      onIdle: () => undefined,
      now: () => Date.now(),
    },
  );
  followSettings(store, TEST_SITE, () => connection.siteChanged());
  vault.store.subscribe((now, before) => {
    if (now.status !== before.status) connection.siteChanged();
  });
  connection.sendGrant();
  let nextId = 1;
  /** A request as the site's connector sends it, on the site's chain; its id. */
  const send = (method: string, params: unknown[]) => {
    const id = nextId++;
    connection.receive({ type: 'request', id, method, params, chainId: grant().chainId });
    return id;
  };
  /** What the site was answered for request `id` (its `result` or `error`), or undefined while it waits. */
  const answer = (id: number) =>
    messages.find((m): m is Extract<PortMessage, { type: 'response' }> => m.type === 'response' && m.id === id);
  /** How many times the site was answered for request `id` (never more than once). */
  const answers = (id: number) => messages.filter((m) => m.type === 'response' && m.id === id).length;
  return { connection, messages, send, answer, answers };
}
