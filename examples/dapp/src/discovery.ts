// EIP-6963 wallet discovery: ask every wallet in the page to announce itself, and keep each one
// that does. This is all a dApp (or wagmi, RainbowKit, Web3-Onboard) needs to find Cairn: its
// connect.js announces a provider like any extension does.

/** The EIP-1193 provider as a dApp sees it. */
export type Eip1193Provider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on?(event: string, listener: (data: unknown) => void): unknown;
  removeListener?(event: string, listener: (data: unknown) => void): unknown;
};

export type WalletInfo = { uuid: string; name: string; icon: string; rdns: string };
export type WalletDetail = { info: WalletInfo; provider: Eip1193Provider };

declare global {
  interface WindowEventMap {
    'eip6963:announceProvider': CustomEvent<unknown>;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Whether an announcement carries what EIP-6963 requires; anything else is ignored. */
export function isWalletDetail(value: unknown): value is WalletDetail {
  if (!isRecord(value) || !isRecord(value.info) || !isRecord(value.provider)) return false;
  const { uuid, name, icon, rdns } = value.info;
  return (
    typeof uuid === 'string' &&
    typeof name === 'string' &&
    typeof icon === 'string' &&
    typeof rdns === 'string' &&
    typeof value.provider.request === 'function'
  );
}

/**
 * Listens to announcements and asks for them; `found` is called for each (again when a wallet
 * announces itself again). Returns a function that asks again, for wallets that load later.
 */
export function discoverWallets(found: (wallet: WalletDetail) => void): { askAgain(): void } {
  window.addEventListener('eip6963:announceProvider', (event) => {
    if (isWalletDetail(event.detail)) found(event.detail);
  });
  const ask = () => window.dispatchEvent(new Event('eip6963:requestProvider'));
  ask();
  return { askAgain: ask };
}
