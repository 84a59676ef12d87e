// What connect.js takes only when it needs it: the prompt shown when the browser blocks Cairn's
// window, and the EIP-2255 and EIP-5792 answers a site asks for now and then with their refresh
// from the chain once the window closed (wallet_getPermissions, wallet_getCapabilities,
// wallet_getCallsStatus: the method table's rareSiteAnswers.ts). All are rare next to eth_accounts, eth_chainId and reads, so the
// script every dApp page fetches leaves them out (its budget is 4 KB gzip) and imports
// connect.mjs, which holds them, from beside itself: every hosting recipe already serves
// connect.mjs to pages of any origin. connect.mjs (index.ts) hands over its own copy without a fetch.
export { RARE_SITE_ANSWERS, SITE_REFRESHES } from '../core/dapp/rareSiteAnswers';
export { showPrompt } from './prompt';

export type Extras = typeof import('./extras');
export type LoadExtras = () => Promise<Extras>;

/** The file beside connect.js that exports `extras` (index.ts). */
export const EXTRAS_FILE = 'connect.mjs';
