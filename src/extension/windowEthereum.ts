/**
 * Offers `provider` as window.ethereum, for dApps that know no other way (EIP-1193 before
 * EIP-6963). Only where the page has none, unless the person chose to let Cairn take it here
 * (`takeOver`): another wallet's provider is never replaced silently. Left writable, so that a
 * wallet that comes later may set its own. Returns whether Cairn's provider is window.ethereum.
 */
export function offerWindowEthereum(win: Window, provider: object, takeOver: boolean): boolean {
  if ('ethereum' in win && (win as { ethereum?: unknown }).ethereum != null && !takeOver) return false;
  try {
    Object.defineProperty(win, 'ethereum', { value: provider, writable: true, configurable: true, enumerable: true });
    return true;
  } catch {
    // Another wallet made it unchangeable.
    return false;
  }
}
