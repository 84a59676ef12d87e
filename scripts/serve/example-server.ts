// The sample dApp (examples/dapp): its build, and a server for it on 127.0.0.1 on a port of its
// own, so it is another origin than the wallet, with the wallet's URL written into its pages.
// Used by `npm start`, the end-to-end tests (e2e/support/sampleDapp.ts) and its own unit test.
//   /                         the sample dApp (index.html)
//   /coop.html                the same page sent with Cross-Origin-Opener-Policy: same-origin
//   /coop-allow-popups.html   the same with same-origin-allow-popups (what such a site must send)
//   /hostile.html             opens Cairn claiming another origin and forges the handshake
//   /frame.html               puts Cairn's dApp window in an iframe
//   /legacy.html              a dApp written for MetaMask: window.ethereum only, gated on isMetaMask
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeAttribute } from '../../src/core/build/pageConfig.ts';
import { type ServedPage, type StaticServer, startFileServer, type UrlHost } from './static-server.ts';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Where the pages of the sample dApp name the wallet's URL (a folder URL, ending in "/"). */
export const WALLET_URL_PLACEHOLDER = '%CAIRN_WALLET_URL%';
export const sampleDappConfig = join(projectRoot, 'examples', 'dapp', 'vite.config.ts');
/** Where `npm start` builds it (ignored by git). */
export const sampleDappDist = join(projectRoot, 'examples', 'dapp', 'dist');

/** The wallet's URL as the pages need it: http(s), the folder of its index.html, ending in "/". */
export function normaliseWalletUrl(walletUrl: string): string {
  const url = new URL(walletUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`The wallet URL must be http or https, got "${walletUrl}".`);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  url.search = '';
  url.hash = '';
  return url.href;
}

/** A page of the sample dApp with the wallet's URL in place of every placeholder. */
export function renderSamplePage(html: string, walletUrl: string): string {
  return html.replaceAll(WALLET_URL_PLACEHOLDER, escapeAttribute(normaliseWalletUrl(walletUrl)));
}

/**
 * What a careful dApp sends: scripts only from itself and the wallet (whose connect.js it loads),
 * so no inline script runs; no plugins; no framing of the dApp itself.
 */
export function sampleDappHeaders(walletUrl: string): Record<string, string> {
  const walletOrigin = new URL(walletUrl).origin;
  return {
    'Content-Security-Policy': `script-src 'self' ${walletOrigin}; object-src 'none'; base-uri 'none'; frame-ancestors 'none'`,
    'X-Content-Type-Options': 'nosniff',
  };
}

/** Builds the sample dApp into `outDir` (in a process of its own, with NODE_ENV=production). */
export function buildSampleDapp(outDir: string = sampleDappDist): Promise<void> {
  const viteBin = join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const args = [viteBin, 'build', '--config', sampleDappConfig, '--outDir', resolve(outDir), '--emptyOutDir'];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...args, '--logLevel', 'warn'], {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    });
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`The sample dApp's build failed (${code}).`))));
  });
}

export type SampleDappServerOptions = {
  port: number;
  /** The wallet's URL (the folder of its index.html): the pages load `<walletUrl>connect.js`. */
  walletUrl: string;
  /** The built sample dApp (default: where buildSampleDapp() puts it). */
  root?: string;
  /** Extra or replaced headers on every response; an empty value removes one (the CSP, say). */
  headers?: Record<string, string>;
  /**
   * false: the pages without Cairn's connect.js, as a dApp that has never heard of Cairn (reached
   * through Cairn's companion extension).
   */
  connector?: boolean;
  /** The host name of the URL given back (see FileServerOptions.urlHost). */
  urlHost?: UrlHost;
};

/** A page without its <script> of Cairn's connect.js. */
export const withoutConnector = (html: string): string =>
  html.replace(/[ \t]*<script src="[^"]*connect\.js"><\/script>\n?/g, '');

export async function startSampleDappServer(options: SampleDappServerOptions): Promise<StaticServer> {
  const root = resolve(options.root ?? sampleDappDist);
  const walletUrl = normaliseWalletUrl(options.walletUrl);
  const files = await readdir(root).catch(() => []);
  const built = files.filter((file) => file.endsWith('.html'));
  if (!built.includes('index.html'))
    throw new Error(`No build of the sample dApp in ${root}. Build it first (buildSampleDapp).`);
  const pages: Record<string, ServedPage> = {};
  for (const file of built) {
    const html = await readFile(join(root, file), 'utf8');
    if (!html.includes(WALLET_URL_PLACEHOLDER)) throw new Error(`${file} in ${root} does not name the wallet's URL.`);
    const page = renderSamplePage(html, walletUrl);
    pages[file] = { body: options.connector === false ? withoutConnector(page) : page };
  }
  const index = pages['index.html'] as ServedPage;
  pages[''] = index;
  pages['coop.html'] = { ...index, headers: { 'Cross-Origin-Opener-Policy': 'same-origin' } };
  pages['coop-allow-popups.html'] = { ...index, headers: { 'Cross-Origin-Opener-Policy': 'same-origin-allow-popups' } };
  const headers = { ...sampleDappHeaders(walletUrl), ...options.headers };
  const urlHost = options.urlHost ? { urlHost: options.urlHost } : {};
  return startFileServer({ root, port: options.port, pages, headersFor: () => headers, ...urlHost });
}
