// connect.js: the classic script a site includes with <script src=".../connect.js">. Cairn is
// the folder the script came from, unless data-wallet-url says otherwise; data-rpc-urls gives the
// site's own read URLs as JSON ({"1":"https://…"}) and data-chain-id the chain before connection.
import { announceCairnProvider } from './announce';
import { EXTRAS_FILE, type Extras } from './extras';
import { createProvider } from './provider';

const script = document.currentScript;
// An element named "currentScript" injected into the page (DOM clobbering) could stand in for the
// script and point Cairn, and the code it imports, anywhere: only a real <script> is believed.
if (script instanceof HTMLScriptElement) {
  const { walletUrl, rpcUrls, chainId } = script.dataset;
  // The rare parts (extras.ts) come from connect.mjs beside this script, once, when first needed;
  // a load that failed is tried again at the next need.
  const extrasUrl = new URL(EXTRAS_FILE, script.src).href;
  let extras: Promise<Extras> | undefined;
  announceCairnProvider(
    createProvider({
      walletUrl: new URL(walletUrl ?? './', walletUrl ? document.baseURI : script.src).href,
      rpcUrls: JSON.parse(rpcUrls ?? '{}'),
      chainId: Number(chainId ?? 1),
      extras: () => {
        extras ??= import(/* @vite-ignore */ extrasUrl).then(
          (module: { extras: Extras }) => module.extras,
          (error: unknown) => {
            extras = undefined;
            throw error;
          },
        );
        return extras;
      },
    }),
  );
}
