import { useEffect, useSyncExternalStore } from 'react';
import { createStore } from 'zustand/vanilla';
import { WalletError } from '@/core/errors/wallet';
import { readAnnouncement, type WalletAnnouncement } from '@/core/externalWallet/announcement';
import { type ExternalWallet, walletName } from '@/core/externalWallet/walletRequests';
import { msg } from '@/core/i18n/message';

/**
 * The browser wallets that announced themselves in this page (EIP-6963), one per reverse-DNS id:
 * a later announcement under an id already taken is ignored, so an extension cannot stand in for
 * the wallet the person chose once it is listed.
 */
const walletStore = createStore<{ wallets: readonly WalletAnnouncement[] }>()(() => ({ wallets: [] }));

let listening = false;

function onAnnounce(event: Event): void {
  const announced = readAnnouncement((event as CustomEvent<unknown>).detail);
  if (!announced) return;
  const { wallets } = walletStore.getState();
  if (wallets.some((w) => w.rdns === announced.rdns)) return;
  walletStore.setState({ wallets: [...wallets, announced] });
}

/** Asks the page's wallets to announce themselves (they answer at once, each with an event). */
export function discoverWallets(): void {
  if (typeof window === 'undefined') return;
  if (!listening) {
    window.addEventListener('eip6963:announceProvider', onAnnounce);
    listening = true;
  }
  window.dispatchEvent(new Event('eip6963:requestProvider'));
}

/** The wallets announced so far; asks for announcements when first used. */
export function useExternalWallets(): readonly WalletAnnouncement[] {
  useEffect(discoverWallets, []);
  return useSyncExternalStore(walletStore.subscribe, () => walletStore.getState().wallets);
}

/** How long a wallet has to announce itself before Cairn says it is not there. */
const ANNOUNCE_WAIT_MS = 500;

/**
 * The wallet an account was added from, by its reverse-DNS id. Throws WALLET_MISSING when it has
 * not announced itself in this page (removed, turned off, or not allowed on Cairn's site).
 */
export async function findWallet(rdns: string, shownName: string): Promise<ExternalWallet> {
  const found = () => walletStore.getState().wallets.find((w) => w.rdns === rdns);
  discoverWallets();
  if (!found()) await new Promise((resolve) => setTimeout(resolve, ANNOUNCE_WAIT_MS));
  const wallet = found();
  if (wallet) return { name: shownName, provider: wallet.provider };
  throw new WalletError(
    'WALLET_MISSING',
    msg('core.devices:wallet.missing', { name: walletName({ name: shownName }) }),
  );
}
