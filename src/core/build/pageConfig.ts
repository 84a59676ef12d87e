import { DEFAULT_LOCAL_RPC_URL } from '../chain/localChain.ts';

/**
 * The facts a server running the local chains (`npm start`, the tests) writes into Cairn's built
 * pages: the local node's URL, the local OP chain's (when it runs one) and that the demo wallet
 * may be offered. Data in <meta> tags, never code, and the page accepts only loopback URLs
 * (app/runtimeConfig.ts). The service worker checks a served page against the build manifest
 * after undoing exactly these changes.
 */
export type PageConfig = { localRpcUrl?: string | undefined; localOpRpcUrl?: string | undefined; devchain: boolean };

/** The tag exactly as the build and writePageConfig write it: no other spelling is undone. */
const LOCAL_RPC_META = /<meta name="cairn-local-rpc-url" content="[^"<>]*" \/>/;
const DEVCHAIN_META = '  <meta name="cairn-devchain" content="1" />\n  </head>';
/** Added only where a local OP chain runs: the built page has no such tag. */
const LOCAL_OP_RPC_META = / {2}<meta name="cairn-local-op-rpc-url" content="[^"<>]*" \/>\n {2}<\/head>/;

/** Escapes text for a double-quoted HTML attribute. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const localRpcMeta = (url: string) => `<meta name="cairn-local-rpc-url" content="${escapeAttribute(url)}" />`;

/** The built page `html` with `config` written in. */
export function writePageConfig(html: string, { localRpcUrl, localOpRpcUrl, devchain }: PageConfig): string {
  const devchainMarked = devchain ? html.replace('</head>', DEVCHAIN_META) : html;
  const marked = localOpRpcUrl
    ? devchainMarked.replace(
        '</head>',
        () => `  <meta name="cairn-local-op-rpc-url" content="${escapeAttribute(localOpRpcUrl)}" />\n  </head>`,
      )
    : devchainMarked;
  if (!localRpcUrl) return marked;
  if (!LOCAL_RPC_META.test(marked)) throw new Error('the page has no cairn-local-rpc-url meta tag');
  // A function, so a `$` in the URL is not read as a replacement pattern.
  return marked.replace(LOCAL_RPC_META, () => localRpcMeta(localRpcUrl));
}

/** The page as the build wrote it, from one a server wrote its config into: what its manifest hash is of. */
export function resetPageConfig(html: string): string {
  return html
    .replace(LOCAL_OP_RPC_META, '</head>')
    .replace(DEVCHAIN_META, '</head>')
    .replace(LOCAL_RPC_META, () => localRpcMeta(DEFAULT_LOCAL_RPC_URL));
}

/** Cairn's two pages (the wallet and the window dApps open), the only files a server may write into. */
export const CONFIGURABLE_PAGES: readonly string[] = ['index.html', 'dapp.html'];
