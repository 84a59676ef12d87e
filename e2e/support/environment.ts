// One end-to-end environment per spec file: a local chain, the production build served by Cairn's
// static server pointing at that chain, and the worker's Chromium (its pages closed with the file). The chain is the worker's seeded one, taken
// back to its seeded state (sharedChain.ts), unless the file asks for another chain id, an
// unseeded chain or one of its own to stop and restart: then a fresh node is started for it.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { type ChainOptions, type LocalChain, startChain, startOpChain } from '../../devchain/chain.ts';
import { type OpSeedManifest, seedOpChain } from '../../devchain/opSeed.ts';
import { type SeedManifest, seedChain } from '../../devchain/seed.ts';
import { findFreePort } from '../../scripts/serve/ports.ts';
import { type StaticServer, startStaticServer } from '../../scripts/serve/static-server.ts';
import { type RpcFaultProxy, startRpcFaultProxy } from '../../src/testing/rpcFaultProxy.ts';
import { launchChromium } from './browser.ts';
import { e2eDistDir } from './paths.ts';
import { chainGenesisDate, resetSharedChain } from './sharedChain.ts';
import { phaseTimer } from './timings.ts';

export type EnvironmentOptions = {
  /** Chain id the node reports (default 31337, what the app expects for "Local chain"). */
  chainId?: number;
  seed?: boolean;
  /**
   * A fresh node for this file alone, for a file that stops or restarts it (stopChain,
   * restartChain). Implied by `chainId` and `seed: false`; otherwise the file gets the worker's
   * shared seeded chain, taken back to its seeded state.
   */
  ownChain?: boolean;
  basePath?: string;
  /** Put an RPC fault proxy between the app and the node (see env.proxy). */
  proxy?: boolean;
  /**
   * With `proxy`, list the node itself too, after the proxy: the local chain then has two RPC
   * URLs, and its balances are checked by their agreement (the proxy serves the balances).
   */
  nodeListedToo?: boolean;
  /** The build to serve (default: the production build made by globalSetup). */
  distDir?: string;
  /**
   * A local OP Stack chain of this file's own beside the local chain, seeded (devchain/opSeed.ts)
   * and named in the page as npm start names it: only the files that use one pay for it.
   */
  opChain?: boolean;
  /** With `opChain`, put an RPC fault proxy between the app and the OP node (see env.opProxy). */
  opProxy?: boolean;
  /** Give the app's address as http://localhost:<port> (where passkeys work) rather than 127.0.0.1. */
  urlHost?: 'localhost';
};

export type Environment = {
  chain: LocalChain;
  /** Present when started with `proxy: true`: the app reaches the node through it. */
  proxy: RpcFaultProxy | undefined;
  manifest: SeedManifest | undefined;
  /** Present when started with `opChain: true`. */
  opChain: LocalChain | undefined;
  opManifest: OpSeedManifest | undefined;
  /** Present when started with `opProxy: true`: the app reaches the OP node through it. */
  opProxy: RpcFaultProxy | undefined;
  /** Stops the OP node (the local chain runs on). Needs `opChain`. */
  stopOpChain(): Promise<void>;
  server: StaticServer;
  browser: Browser;
  /**
   * A new page in its own context (own IndexedDB), with console errors collected. Cairn's service
   * worker is blocked unless asked for: it would download the whole build in every test's context.
   */
  newPage(options?: {
    colorScheme?: 'light' | 'dark';
    width?: number;
    serviceWorkers?: boolean;
    /** The browser's language (default en-US, whatever the machine's). */
    locale?: string;
    /** What the profile holds before the page opens (cookies, local storage, IndexedDB). */
    storageState?: BrowserContextOptions['storageState'];
    /** Kept open past the test that opens it (a profile several tests share), closed with the file. */
    keepOpen?: boolean;
  }): Promise<AppPage>;
  /** Closes every page opened so far, so their background work (head polls, syncs) stops. */
  closePages(): Promise<void>;
  /** Stops the node and starts a fresh (unseeded) one on the same port. Needs `ownChain`. */
  restartChain(): Promise<void>;
  /** Needs `ownChain`. */
  stopChain(): Promise<void>;
  close(): Promise<void>;
};

/** What Playwright logs in a page of a context made with `serviceWorkers: 'block'`. */
const PLAYWRIGHT_BLOCKED_WORKER = 'Service Worker registration blocked by Playwright';

export type AppPage = { page: Page; context: BrowserContext; consoleErrors: string[] };

/**
 * Adds to `into` the page's console errors and warnings and its uncaught errors. A warning
 * counts: a production build has nothing to warn about (Lingui warned on every plain message
 * once, unseen while only errors were collected), and React's development build warns of misuse.
 * Playwright's own note that it blocked the service worker is the harness speaking, not the page.
 */
export function collectConsoleProblems(page: Page, into: string[]): void {
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'warning' && text === PLAYWRIGHT_BLOCKED_WORKER) return;
    if (message.type() === 'error' || message.type() === 'warning') into.push(text);
  });
  page.on('pageerror', (error) => into.push(error.message));
}

/**
 * The contexts the running test opened with newPage, closed when it ends (testPages.ts): a page
 * left open goes on polling the node and rendering through every later test of its file, on the
 * two cores every file shares. Undefined outside a test: what a beforeAll opens stays open.
 */
let testContexts: BrowserContext[] | undefined;

export function beginTestPages(): void {
  testContexts = [];
}

export async function closeTestPages(): Promise<void> {
  const opened = testContexts ?? [];
  testContexts = undefined;
  for (const context of opened) await context.close().catch(() => {});
}

/**
 * The worker's Chromium: launched by its first file, shared by the later ones, each file's pages
 * in contexts of their own that close with it (close). A launch per file took about 2 s, 0.7 s of
 * it CPU, 61 times a run. Launched again if it went away; Playwright ends it with the worker.
 */
let workerBrowser: Promise<Browser> | undefined;

function sharedBrowser(): Promise<Browser> {
  if (workerBrowser === undefined) {
    const launched = launchChromium();
    workerBrowser = launched;
    launched.then(
      (browser) =>
        browser.on('disconnected', () => {
          if (workerBrowser === launched) workerBrowser = undefined;
        }),
      () => {
        if (workerBrowser === launched) workerBrowser = undefined;
      },
    );
  }
  return workerBrowser;
}

/** The RPC fault proxy: its absence must fail a fault test, not quietly run it without the fault. */
export function proxyOf(env: Environment): RpcFaultProxy {
  if (!env.proxy) throw new Error('this suite needs the RPC fault proxy');
  return env.proxy;
}

const ONLY_OWN_CHAIN =
  'The worker’s shared chain cannot be stopped or restarted: start the environment with { ownChain: true }.';

export async function startEnvironment(options: EnvironmentOptions = {}): Promise<Environment> {
  const timer = phaseTimer();
  const ownChain = options.ownChain === true || options.chainId !== undefined || options.seed === false;
  const chainOptions: ChainOptions | undefined = ownChain
    ? {
        port: await findFreePort(),
        ...(options.chainId !== undefined ? { chainId: options.chainId } : {}),
        genesisDate: chainGenesisDate(),
      }
    : undefined;
  let chain: LocalChain;
  let manifest: SeedManifest | undefined;
  if (chainOptions) {
    chain = await timer.time('chain', () => startChain(chainOptions));
    const started = chain;
    manifest = options.seed === false ? undefined : await timer.time('seed', () => seedChain(started.url));
  } else {
    ({ chain, manifest } = await timer.time('reset', () => resetSharedChain()));
  }
  // The proxy forwards to the chain's port, so it keeps working across restartChain().
  const proxy = options.proxy ? await startRpcFaultProxy(chain.url) : undefined;
  const op = options.opChain ? await timer.time('op-chain', startSeededOpChain) : undefined;
  const opProxy = op && options.opProxy ? await startRpcFaultProxy(op.chain.url) : undefined;
  let opRunning = op !== undefined;
  const server = await timer.time('server', async () =>
    startStaticServer({
      root: options.distDir ?? e2eDistDir,
      port: await findFreePort(),
      localRpcUrl: proxy ? (options.nodeListedToo ? `${proxy.url} ${chain.url}` : proxy.url) : chain.url,
      devchain: true,
      ...(op ? { localOpRpcUrl: opProxy ? opProxy.url : op.chain.url } : {}),
      ...(options.basePath ? { basePath: options.basePath } : {}),
      ...(options.urlHost ? { urlHost: options.urlHost } : {}),
    }),
  );
  const browser = await timer.time('browser', sharedBrowser);
  const contexts: BrowserContext[] = [];
  let chainRunning = true;

  return {
    get chain() {
      return chain;
    },
    manifest,
    proxy,
    opChain: op?.chain,
    opManifest: op?.manifest,
    opProxy,
    async stopOpChain() {
      if (!op) throw new Error('this suite has no OP chain: start the environment with { opChain: true }');
      if (opRunning) await op.chain.stop();
      opRunning = false;
    },
    server,
    browser,
    async newPage(pageOptions = {}) {
      const context = await browser.newContext({
        viewport: { width: pageOptions.width ?? 1280, height: 800 },
        colorScheme: pageOptions.colorScheme ?? 'light',
        serviceWorkers: pageOptions.serviceWorkers ? 'allow' : 'block',
        locale: pageOptions.locale ?? 'en-US',
        ...(pageOptions.storageState ? { storageState: pageOptions.storageState } : {}),
      });
      contexts.push(context);
      if (!pageOptions.keepOpen) testContexts?.push(context);
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      collectConsoleProblems(page, consoleErrors);
      return { page, context, consoleErrors };
    },
    async stopChain() {
      if (!ownChain) throw new Error(ONLY_OWN_CHAIN);
      await chain.stop();
      chainRunning = false;
    },
    async restartChain() {
      if (!chainOptions) throw new Error(ONLY_OWN_CHAIN);
      if (chainRunning) await chain.stop();
      chain = await timer.time('restart', () => startChain(chainOptions));
      chainRunning = true;
    },
    async closePages() {
      for (const context of contexts.splice(0)) await context.close().catch(() => {});
    },
    async close() {
      await timer.time('close', async () => {
        // Every context of the file's, those it made without newPage too (feel's reduced motion).
        for (const context of [...contexts, ...browser.contexts()]) await context.close().catch(() => {});
        await server.close();
        await proxy?.close();
        await opProxy?.close();
        if (chainRunning) await chain.stop();
        if (op && opRunning) await op.chain.stop();
      });
      timer.write();
    },
  };
}

/** A fresh local OP chain on a free port, seeded, with the seed's genesis a month back like the shared chains'. */
async function startSeededOpChain(): Promise<{ chain: LocalChain; manifest: OpSeedManifest }> {
  const chain = await startOpChain({ port: await findFreePort(), genesisDate: chainGenesisDate() });
  try {
    return { chain, manifest: await seedOpChain(chain.url) };
  } catch (error) {
    await chain.stop();
    throw error;
  }
}
