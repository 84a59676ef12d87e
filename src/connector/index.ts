// connect.mjs: the connector as an ES module, for sites that import it rather than include
// connect.js (which announces itself; see script.ts).
export { announceCairnProvider, CAIRN_ICON, type ProviderDetail } from './announce';
export type { ProviderRpcError } from './errors';
export type { ProviderEvents } from './events';
export { type CairnProvider, type CairnProviderOptions, createCairnProvider, type RequestArguments } from './provider';

/**
 * The wallet this module was loaded from: the folder of connect.mjs, which is Cairn's. (Not
 * `new URL('./', import.meta.url)`: Vite would take that for an asset and inline it.)
 */
export const walletUrl: string = import.meta.url.replace(/[?#].*/, '').replace(/[^/]*$/, '');
