import type { Network } from '@/core/chain/networks';
import { builtInNetworks } from '@/core/chain/networks';
import { readAtomicGrant } from '@/core/dapp/atomicGrant';
import { DappConnection } from '@/core/dapp/connection';
import { followSettings } from '@/core/dapp/followSettings';
import { toHexChainId } from '@/core/dapp/protocol';
import { grantFor, siteFor, withSiteNetwork } from '@/core/dapp/sites';
import type { Handshake } from '@/core/dapp/windowHandshake';
import { selectedNetwork } from '@/core/session/sessionStore';
import { siteAtomicReads } from '@/lib/send/siteAtomicReads';
import { localOpRpcUrlsFromPage, localRpcUrlsFromPage } from '../runtimeConfig';
import type { WalletParts } from '../startWallet';

/** How long the window stays open after its last answer, for the site's next request. */
const CLOSE_AFTER_IDLE_MS = 500;
/** How long closing waits at most for the accounts' atomic capability being read, for the site's grant. */
const ATOMIC_READ_WAIT_MS = 3_000;

/**
 * Serves the site that completed the handshake: its requests over its port, answered from its
 * permission in the session store, which every change is sent back from (a revocation made in
 * Cairn's own window reaches the site while this window is open).
 */
export function connectSite(wallet: WalletParts, site: Extract<Handshake, { ok: true }>): DappConnection {
  const { store, vault } = wallet;
  const builtIns = builtInNetworks(localRpcUrlsFromPage(document), localOpRpcUrlsFromPage(document));
  const current = () => siteFor(store.getState().dappSites, site.origin);
  /** The network on `chainId` the site may use, if it may use one. */
  const siteNetworkOn = (chainId: number): Network | undefined => {
    const known = current();
    return known && store.getState().networks.find((n) => n.chainId === chainId && known.networkIds.includes(n.id));
  };
  const atomicReads = siteAtomicReads({ networkFor: siteNetworkOn, accounts: () => vault.store.getState().accounts });
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const connection = new DappConnection(site.port, site.origin, site.dapp, {
    site: current,
    grant: () => {
      const state = store.getState();
      return grantFor(current(), state.networks, builtIns, toHexChainId(selectedNetwork(state).chainId));
    },
    atomic: (grant) => readAtomicGrant(grant, atomicReads),
    unlocked: () => vault.store.getState().status === 'unlocked',
    revoke: () => store.getState().updateSite(site.origin, () => undefined),
    switchToApproved: (chainId) => {
      const target = siteNetworkOn(chainId);
      if (!target) return false;
      store.getState().updateSite(site.origin, (stored) => (stored ? withSiteNetwork(stored, target.id) : stored));
      return true;
    },
    onIdle: () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(async () => {
        // Closing takes an unfinished write with it; one that failed has been said (a toast) and
        // the window stays for the person to read it.
        const stored = await store
          .getState()
          .whenSaved()
          .then(
            () => true,
            () => false,
          );
        // The site's capabilities being read (after it connected, or a batch upgraded the account)
        // reach its connector before the window goes, unless the node takes too long.
        await Promise.race([
          connection.atomic.settled(),
          new Promise((resolve) => setTimeout(resolve, ATOMIC_READ_WAIT_MS)),
        ]);
        const { pending, notice } = connection.store.getState();
        // A notice (a batch that stopped part way) stays until the person has read it.
        if (stored && pending.length === 0 && notice === undefined) window.close();
      }, CLOSE_AFTER_IDLE_MS);
    },
    now: () => Date.now(),
  });
  site.port.onmessage = (event) => connection.receive(event.data);
  store.getState().updateSite(site.origin, (stored) => stored && { ...stored, lastUsed: Date.now() });
  // A change made anywhere (a revocation in Cairn's own window) reaches the site while it is connected.
  // A request waiting for an account the site just lost, or for a chain it just left, is refused
  // before anyone can approve it; what it gains, once stored (followSettings). The unlock sends
  // what waited for it.
  followSettings(store, site.origin, () => connection.siteChanged());
  vault.store.subscribe((now, before) => {
    if (now.status !== before.status) connection.siteChanged();
  });
  connection.sendGrant();
  window.addEventListener('pagehide', () => connection.rejectAll());
  return connection;
}
