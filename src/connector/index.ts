// connect.mjs: the connector as an ES module, for sites that import it rather than include
// connect.js (which announces itself; see script.ts).
export { announceCairnProvider, CAIRN_ICON, type ProviderDetail } from './announce';
export type { ProviderRpcError } from './errors';
export type { ProviderEvents } from './events';

import * as extras from './extras';
import { type CairnProvider, type CairnProviderOptions, createProvider } from './provider';

export type { CairnProvider, CairnProviderOptions, RequestArguments } from './provider';
/** For connect.js, which imports this module for its rare parts (extras.ts): not for sites. */
export { extras };

/** An EIP-1193 provider that talks to the Cairn at `walletUrl` in its dApp window. */
export const createCairnProvider = (options: CairnProviderOptions): CairnProvider =>
  createProvider({
    ...options,
    rpcUrls: options.rpcUrls ?? {},
    chainId: options.chainId ?? 1,
    extras: async () => extras,
  });

/**
 * The wallet this module was loaded from: the folder of connect.mjs, which is Cairn's. (Not
 * `new URL('./', import.meta.url)`: Vite would take that for an asset and inline it.)
 */
export const walletUrl: string = import.meta.url.replace(/[?#].*/, '').replace(/[^/]*$/, '');
