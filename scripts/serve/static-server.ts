// A small static server for the built app (dist/), used by `npm start`, the end-to-end tests and
// the benchmark. It binds 127.0.0.1 only, sends Cairn's security headers, and writes the local
// chain's RPC URL into index.html so the "Local chain" network points at the right node. The file
// server underneath (startFileServer) also serves the sample dApp (scripts/serve/example-server.ts).
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join, normalize, resolve, sep } from 'node:path';
import { type PageConfig, writePageConfig } from '../../src/core/build/pageConfig.ts';
import { contentTypeOf, securityHeadersFor } from '../../src/core/build/securityHeaders.ts';
import { CONNECTOR_FILES } from '../build/connectorFiles.ts';
import { LOOPBACK } from './ports.ts';

export type StaticServerOptions = {
  root: string;
  port: number;
  /** Written into <meta name="cairn-local-rpc-url">; the built default is kept when absent. */
  localRpcUrl?: string;
  /** Written into <meta name="cairn-local-op-rpc-url"> where a local OP chain runs; no tag when absent. */
  localOpRpcUrl?: string;
  /** Mark the page as served with the embedded local chain (offers the demo wallet). */
  devchain?: boolean;
  /** Serve the app under this path prefix (e.g. "/wallet/") to prove sub-path hosting works. */
  basePath?: string;
  /** Extra or replaced headers; an empty value removes a header (tests use this as a control). */
  headers?: Record<string, string>;
  /** Send none of Cairn's security headers, like a bare static host (tests of header-less hosting). */
  withoutSecurityHeaders?: boolean;
  /** The host name of the URL given back (see FileServerOptions.urlHost). */
  urlHost?: UrlHost;
};

export type StaticServer = { url: string; close(): Promise<void> };

export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const root = resolve(options.root);
  // Cairn's pages: the wallet, and the window sites open (both carry the local chain's URL).
  const config: PageConfig = {
    localRpcUrl: options.localRpcUrl,
    localOpRpcUrl: options.localOpRpcUrl,
    devchain: options.devchain === true,
  };
  const indexHtml = await renderPage(root, 'index.html', config);
  const dappHtml = await renderPage(root, 'dapp.html', config);
  const pages: Record<string, ServedPage> = {};
  if (indexHtml !== undefined) {
    pages[''] = { body: indexHtml, headersFrom: 'index.html' };
    pages['index.html'] = { body: indexHtml };
  }
  if (dappHtml !== undefined) pages['dapp.html'] = { body: dappHtml };
  return startFileServer({
    root,
    port: options.port,
    ...(options.basePath ? { basePath: options.basePath } : {}),
    ...(options.urlHost ? { urlHost: options.urlHost } : {}),
    pages,
    headersFor: (path) => ({
      ...(options.withoutSecurityHeaders ? {} : securityHeadersFor(path)),
      // The connector is loaded by dApp pages of any origin; connect.mjs as a module script, which
      // browsers fetch with CORS.
      ...(CONNECTOR_FILES.includes(path)
        ? { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' }
        : {}),
      ...options.headers,
    }),
  });
}

/** An HTML page rendered once at start and served from memory. */
export type ServedPage = {
  body: string;
  /** Headers on top of `headersFor` (an empty value removes one). */
  headers?: Record<string, string>;
  /** The file whose headers it gets from `headersFor` (default: its own path). */
  headersFrom?: string;
};

export type FileServerOptions = {
  root: string;
  port: number;
  /** Serve under this path prefix (default "/"). */
  basePath?: string;
  /** Pages served from memory, by path relative to the base ("" is the base itself). */
  pages: Record<string, ServedPage>;
  /** The headers of a file, by its path relative to the root; an empty value removes a header. */
  headersFor(path: string): Record<string, string>;
  /**
   * The host name of the URL given back: the address bound (default), or `localhost`, the same
   * computer by name. Browsers refuse passkeys at an IP address, so `npm start` opens Cairn there.
   */
  urlHost?: UrlHost;
};

/** Where a server is reached: at its address, or by the loopback name (it binds 127.0.0.1 either way). */
export type UrlHost = typeof LOOPBACK | 'localhost';

/**
 * The static file server under `npm start`, the end-to-end tests and the sample dApp: GET and
 * HEAD only, 127.0.0.1 only, never a file outside `root`, some pages rendered in memory.
 */
export async function startFileServer(options: FileServerOptions): Promise<StaticServer> {
  const root = resolve(options.root);
  const basePath = options.basePath ?? '/';
  const pages = new Map(Object.entries(options.pages));
  const headers = (path: string, extra: Record<string, string> = {}) =>
    Object.fromEntries(Object.entries({ ...options.headersFor(path), ...extra }).filter(([, value]) => value !== ''));

  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405, { Allow: 'GET, HEAD' }).end();
        return;
      }
      if (!url.pathname.startsWith(basePath)) {
        response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      const relative = decodeURIComponent(url.pathname.slice(basePath.length));
      const page = pages.get(relative);
      if (page) {
        response.writeHead(200, {
          ...headers(page.headersFrom ?? relative, page.headers),
          'Content-Type': contentTypeOf('index.html'),
          'Cache-Control': 'no-cache',
        });
        response.end(request.method === 'HEAD' ? undefined : page.body);
        return;
      }
      const file = normalize(join(root, relative));
      if (!file.startsWith(root + sep)) {
        response.writeHead(403).end();
        return;
      }
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) {
        response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      const immutable = relative.startsWith('assets/');
      response.writeHead(200, {
        ...headers(relative),
        'Content-Type': contentTypeOf(file),
        'Content-Length': info.size,
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
      if (request.method === 'HEAD') response.end();
      else createReadStream(file).pipe(response);
    } catch {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    }
  });

  await listen(server, options.port);
  return {
    url: `http://${options.urlHost ?? LOOPBACK}:${options.port}${basePath}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** A built page with the local chain's facts written in; undefined for a page other than index.html that is missing. */
async function renderPage(root: string, page: string, config: PageConfig): Promise<string | undefined> {
  const built = await readFile(join(root, page), 'utf8').catch(() => {
    if (page !== 'index.html') return undefined;
    throw new Error(`No build found in ${root}. Run "npm run build" first.`);
  });
  return built === undefined ? undefined : writePageConfig(built, config);
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen({ host: LOOPBACK, port, exclusive: true }, () => {
      server.off('error', reject);
      resolvePromise();
    });
  });
}
