// The sample dApp's build: four pages (the dApp, one written for MetaMask, and the hostile and
// framing pages the end-to-end tests use), no inline script. The wallet's URL is written in when a page is served
// (scripts/serve/example-server.ts); `vite` in this folder writes CAIRN_WALLET_URL (default: the
// wallet of `npm start`) for development.
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { renderSamplePage, WALLET_URL_PLACEHOLDER } from '../../scripts/serve/example-server.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

function walletUrlInDevelopment(): Plugin {
  return {
    name: 'cairn-sample-wallet-url',
    apply: 'serve',
    transformIndexHtml: (html) => renderSamplePage(html, process.env.CAIRN_WALLET_URL ?? 'http://localhost:5173/'),
  };
}

/**
 * Cairn's connector is a classic script from the wallet's origin, on purpose: Vite's warning that
 * it cannot bundle that one tag says nothing useful, and would hide the warnings that do.
 */
function quietAboutTheConnector(): Plugin {
  return {
    name: 'cairn-sample-quiet-connector',
    configResolved({ logger }) {
      const warn = logger.warn.bind(logger);
      logger.warn = (message, options) => {
        if (message.includes(`${WALLET_URL_PLACEHOLDER}connect.js`) && message.includes("can't be bundled")) return;
        warn(message, options);
      };
    },
  };
}

export default defineConfig({
  root,
  base: './',
  publicDir: false,
  plugins: [walletUrlInDevelopment(), quietAboutTheConnector()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        hostile: fileURLToPath(new URL('hostile.html', import.meta.url)),
        frame: fileURLToPath(new URL('frame.html', import.meta.url)),
        legacy: fileURLToPath(new URL('legacy.html', import.meta.url)),
      },
    },
  },
  server: { host: '127.0.0.1', port: 5174, strictPort: true },
});
