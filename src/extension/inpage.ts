// inpage.js: the companion extension's script in the page's main world, at document_start in
// every http(s) page and frame, before the page's own scripts. It is the connector (the provider
// connect.js makes), announced through EIP-6963 and, where the person's choices allow, as
// window.ethereum; its requests for Cairn's window go through the extension (extensionChannel.ts).

import { announceCairnProvider } from '../connector/announce';
import type { ConnectorWindow } from '../connector/types';
import { isRecord } from '../core/dapp/protocol';
import { type BridgePort, createExtensionChannel } from './extensionChannel';
import { takeFlags } from './flags';
import { EXTENSION_TAG } from './messages';
import { addMetaMaskCompat } from './metaMaskCompat';
import { extensionProvider } from './pageProvider';
import { offerWindowEthereum } from './windowEthereum';

const flags = takeFlags(window);

// A frame with an opaque origin (sandboxed) gets no relay and could not be told apart from any
// other site: Cairn is not offered there at all.
if (self.origin !== 'null') offerCairn();

function offerCairn() {
  // The bridge (bridge.ts, in the extension's isolated world, which runs first) posts one port to
  // this window. Taken in the capture phase and stopped there: no listener of the page sees it.
  const bridge = new Promise<BridgePort>((resolve) => {
    const take = (event: MessageEvent) => {
      const port = event.ports[0];
      if (event.source !== window || !isRecord(event.data) || event.data.tag !== EXTENSION_TAG || !port) return;
      event.stopImmediatePropagation();
      window.removeEventListener('message', take, true);
      resolve(port);
    };
    window.addEventListener('message', take, true);
  });

  const relay = createExtensionChannel(window, bridge);
  const page: ConnectorWindow = {
    open: () => null,
    addEventListener: window.addEventListener.bind(window),
    location: window.location,
    document: window.document,
    // A getter: reading storage throws in some frames, which loadStored expects.
    get localStorage() {
      return window.localStorage;
    },
    // Reads go out as connect.js sends them: from the page, under its own Content-Security-Policy.
    fetch: window.fetch.bind(window),
    setInterval: window.setInterval.bind(window),
    clearInterval: window.clearInterval.bind(window),
    MessageChannel: window.MessageChannel,
  };

  const provider = extensionProvider(page, relay.openChannel);
  if (flags.compat) addMetaMaskCompat(provider);
  announceCairnProvider(provider);
  offerWindowEthereum(window, provider, flags.takeOver);
}
