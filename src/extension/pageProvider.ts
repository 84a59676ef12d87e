import type { OpenChannel } from '../connector/channel';
import * as extras from '../connector/extras';
import { type CairnProvider, createProvider } from '../connector/provider';
import type { ConnectorWindow } from '../connector/types';
import { lazyProvider } from './lazyProvider';

/**
 * The key the provider keeps the site's grant under (in the site's own storage): the Cairn it
 * talks to is the extension's to choose, and may change.
 */
export const EXTENSION_WALLET_KEY = 'https://cairn-extension.invalid/';

/**
 * The provider the extension offers a page (inpage.ts), made on first use: the connector's, its
 * requests for Cairn's window carried by the extension (`openChannel`). It names no chain: the
 * extension runs in every page a person opens, and a site learns no chain (eth_chainId and
 * net_version are refused with 4100) before the person connects it.
 */
export function extensionProvider(page: ConnectorWindow, openChannel: OpenChannel): CairnProvider {
  return lazyProvider(() =>
    createProvider({
      walletUrl: EXTENSION_WALLET_KEY,
      window: page,
      chainId: null,
      extras: async () => extras,
      openChannel,
    }),
  );
}
