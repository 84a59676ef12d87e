import type { OpenChannel } from '../connector/channel';
import * as extras from '../connector/extras';
import { type CairnProvider, createProvider } from '../connector/provider';
import type { ConnectorWindow } from '../connector/types';
import type { PortRequest } from '../core/dapp/protocol';
import type { ProviderError } from '../core/dapp/providerErrors';
import { noSiteChainError, noSiteChainReadError } from '../core/dapp/rareSiteAnswers';
import { READ_METHODS } from '../core/dapp/request';
import { lazyProvider } from './lazyProvider';

/**
 * The key the provider keeps the site's grant under (in the site's own storage): the Cairn it
 * talks to is the extension's to choose, and may change.
 */
export const EXTENSION_WALLET_KEY = 'https://cairn-extension.invalid/';

const READS = new Set<string>(READ_METHODS);

/**
 * What a page asks before a chain is its own (no `chainId`: it is not connected, and the extension
 * names no chain for it), answered here as Cairn's window would, without opening it: no chain
 * (4100), and no read (4901). Undefined: the request goes on to the window.
 */
function chainless({ method, chainId }: Omit<PortRequest, 'type' | 'id'>): ProviderError | undefined {
  if (chainId) return undefined;
  if (method === 'eth_chainId' || method === 'net_version') return noSiteChainError();
  return READS.has(method) ? noSiteChainReadError(method) : undefined;
}

/**
 * The provider the extension offers a page (inpage.ts), made on first use: the connector's, its
 * requests for Cairn's window carried by the extension (`openChannel`). It names no chain: the
 * extension runs in every page a person opens, and a site learns no chain (eth_chainId and
 * net_version are refused with 4100, reads with 4901) before the person connects it.
 */
export function extensionProvider(page: ConnectorWindow, openChannel: OpenChannel): CairnProvider {
  const withoutChain: OpenChannel = (win, walletUrl, loadExtras, onNews) => {
    const channel = openChannel(win, walletUrl, loadExtras, onNews);
    return {
      connected: channel.connected,
      send: (request) => {
        const refused = chainless(request);
        return refused ? Promise.reject(refused) : channel.send(request);
      },
    };
  };
  return lazyProvider(() =>
    createProvider({
      walletUrl: EXTENSION_WALLET_KEY,
      window: page,
      rpcUrls: {},
      chainId: null,
      extras: async () => extras,
      openChannel: withoutChain,
    }),
  );
}
