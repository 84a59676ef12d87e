import { newNonce } from '../core/dapp/protocol';
import { CAIRN_NAME, CAIRN_RDNS } from '../core/identity';
import type { CairnProvider } from './provider';

/** Cairn's mark, a stack of stones, as EIP-6963 wants it: a data: URI. */
export const CAIRN_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8' fill='%23958b79'%3E%3Cellipse cx='4' cy='6.7' rx='3.5' ry='1.2'/%3E%3Cellipse cx='4' cy='4.3' rx='2.5' ry='1'/%3E%3Cellipse cx='4' cy='2.2' rx='1.5' ry='.8'/%3E%3C/svg%3E";

export type ProviderDetail = Readonly<{
  info: Readonly<{ uuid: string; name: string; icon: string; rdns: string }>;
  provider: CairnProvider;
}>;

/**
 * EIP-6963: announces `provider` now and whenever the page asks again, always with the same
 * frozen detail (one uuid for the page's life).
 */
export function announceCairnProvider(
  provider: CairnProvider,
  target: Pick<EventTarget, 'addEventListener' | 'dispatchEvent'> = window,
): void {
  const detail: ProviderDetail = Object.freeze({
    info: {
      // crypto.randomUUID exists only in secure contexts; elsewhere a nonce's random hex, shaped as a v4 UUID.
      uuid: crypto.randomUUID?.() ?? newNonce().replace(/(.{8})(.{4}).(.{3}).(.{3})/, '$1-$2-4$3-a$4-'),
      name: CAIRN_NAME,
      icon: CAIRN_ICON,
      rdns: CAIRN_RDNS,
    },
    provider,
  });
  const announce = () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  target.addEventListener('eip6963:requestProvider', announce);
  announce();
}
