import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useStore } from 'zustand';
import type { Network } from '@/core/chain/networks';
import {
  followedNetworks,
  type SessionState,
  type SessionStore,
  selectedNetwork,
  viewsAll,
  withNetwork,
} from '@/core/session/sessionStore';

const SessionContext = createContext<SessionStore | null>(null);

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

/** The store itself, for what must read its state at a moment (after an await), not render from it. */
export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSession must be used inside <SessionProvider>');
  return store;
}

/** Reads a slice of the session store; re-renders only when that slice changes. */
export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(useSessionStore(), selector);
}

/**
 * Resolves true once every change made so far is stored, false when one could not be (the window
 * has said why already, see startWallet's onWriteFailed). Say a change is done only on true: a
 * window closed or reloaded before that loses the change.
 */
export function useWhenStored(): () => Promise<boolean> {
  const whenSaved = useSession((s) => s.whenSaved);
  // Waits for all writes in flight, not only this change's: another one failing (said already) gives
  // a false "not stored", which only keeps a form from saying "Saved", and never a false "stored".
  return () =>
    whenSaved().then(
      () => true,
      () => false,
    );
}

/**
 * The network a screen took from what the person picked there (Send: the asset's network), for
 * everything inside it; outside one, the network chosen in the header.
 */
const ScreenNetworkContext = createContext<Network | null>(null);

export function ScreenNetwork({ network, children }: { network: Network; children: ReactNode }) {
  return <ScreenNetworkContext.Provider value={network}>{children}</ScreenNetworkContext.Provider>;
}

/** The network this part of the screen works on: the screen's own (ScreenNetwork), else the header's. */
export function useSelectedNetwork(): Network {
  const chosen = useSession(selectedNetwork);
  return useContext(ScreenNetworkContext) ?? chosen;
}

/** The networks Cairn follows, as networks: never empty, ids of removed networks left out. */
export function useFollowedNetworks(): Network[] {
  // The ids and the network list are each kept as they are until they change: the list is derived
  // from them here, so a render of another slice makes no new array.
  const ids = useSession((s) => s.followedNetworks);
  const networks = useSession((s) => s.networks);
  const fallback = useSession((s) => s.followedDefault);
  return useMemo(
    () => followedNetworks({ followedNetworks: ids, networks, followedDefault: fallback }),
    [ids, networks, fallback],
  );
}

/** What an action may be on: the followed networks, with `current` (if any) first when it is not one of them. */
export function useNetworkChoices(current: Network | undefined): Network[] {
  const followed = useFollowedNetworks();
  return useMemo(() => (current ? withNetwork(followed, current) : followed), [followed, current]);
}

/**
 * The network a link's `network=` names, when it is one the person may act on here (the followed
 * ones and the header's: useNetworkChoices); undefined for any other, so a link can never steer an
 * action to a network the person does not use.
 */
export function useLinkedNetwork(id: string | null | undefined): Network | undefined {
  const choices = useNetworkChoices(useSession(selectedNetwork));
  return id ? choices.find((n) => n.id === id) : undefined;
}

/**
 * The networks this window's lists show (Home, Activity, NFTs, Approvals), as the header's chip
 * says: every followed one while several are followed and all are viewed, else the one network
 * the chip shows (the one viewed, or the header's).
 */
export function useViewedNetworks(): Network[] {
  const all = useViewsAll();
  const followed = useFollowedNetworks();
  const header = useSession(selectedNetwork);
  return useMemo(() => (all ? followed : [header]), [all, followed, header]);
}

/**
 * One part per network this window's lists show (useViewedNetworks), each working on its own
 * network (ScreenNetwork); `several` tells each part it is one of several, so it names its network.
 */
export function ViewedNetworkParts({ children }: { children: (network: Network, several: boolean) => ReactNode }) {
  const networks = useViewedNetworks();
  return (
    <>
      {networks.map((network) => (
        <ScreenNetwork key={network.id} network={network}>
          {children(network, networks.length > 1)}
        </ScreenNetwork>
      ))}
    </>
  );
}

/** Whether this window shows every followed network at once (the chip reads "All networks"). */
export function useViewsAll(): boolean {
  return useSession(viewsAll);
}
