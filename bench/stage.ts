// What the benches run against, each closed when its section ends (`held`): a local chain, a
// counting proxy, the built app served, Chromium; and the usual stage of the browser benches, all
// of them: a seeded chain (a month of history) behind the proxy, the app pointing at the proxy.
import type { Browser } from 'playwright-core';
import { type ChainOptions, type LocalChain, startChain } from '../devchain/chain.ts';
import { seedChain } from '../devchain/seed.ts';
import { launchChromium } from '../e2e/support/browser.ts';
import { findFreePort } from '../scripts/serve/ports.ts';
import { type StaticServer, type StaticServerOptions, startStaticServer } from '../scripts/serve/static-server.ts';
import { type RpcFaultProxy, startRpcFaultProxy } from '../src/testing/rpcFaultProxy.ts';
import type { Held } from './held.ts';

/** A fresh local chain on a free port. */
export const openChain = async (held: Held, options: Omit<ChainOptions, 'port'> = {}): Promise<LocalChain> =>
  held.open(startChain({ ...options, port: await findFreePort() }), (chain) => chain.stop());

/** A counting proxy, with faults to order, in front of `url`. */
export const openProxy = (held: Held, url: string): Promise<RpcFaultProxy> =>
  held.open(startRpcFaultProxy(url), (proxy) => proxy.close());

/** A static server of `options.root` on a free port. */
export const openServer = async (held: Held, options: Omit<StaticServerOptions, 'port'>): Promise<StaticServer> =>
  held.open(startStaticServer({ ...options, port: await findFreePort() }), (server) => server.close());

export const openChromium = (held: Held): Promise<Browser> => held.open(launchChromium(), (browser) => browser.close());

/** A chain whose seeded history spans the last 30 days. */
export const monthOld = () => ({ genesisDate: new Date(Date.now() - 30 * 86_400_000) });

export type BenchStage = { chain: LocalChain; proxy: RpcFaultProxy; app: StaticServer; browser: Browser };

export async function startBenchStage(appDir: string, held: Held): Promise<BenchStage> {
  const chain = await openChain(held, monthOld());
  await seedChain(chain.url);
  const proxy = await openProxy(held, chain.url);
  const app = await openServer(held, { root: appDir, localRpcUrl: proxy.url, devchain: true });
  return { chain, proxy, app, browser: await openChromium(held) };
}
