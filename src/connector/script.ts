// connect.js: the classic script a site includes with <script src=".../connect.js">. Cairn is
// the folder the script came from, unless data-wallet-url says otherwise; data-rpc-urls gives the
// site's own read URLs as JSON ({"1":"https://…"}) and data-chain-id the chain before connection.
import { announceCairnProvider } from './announce';
import { createCairnProvider } from './provider';

const script = document.currentScript as HTMLScriptElement;
const { walletUrl, rpcUrls, chainId } = script.dataset;
announceCairnProvider(
  createCairnProvider({
    walletUrl: new URL(walletUrl ?? './', walletUrl ? document.baseURI : script.src).href,
    rpcUrls: JSON.parse(rpcUrls ?? '{}'),
    chainId: Number(chainId ?? 1),
  }),
);
