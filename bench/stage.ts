// What the benches run against, each closed when its section ends (`held`): a local chain, a
// counting proxy, the built app served, Chromium; and the usual stage of the browser benches, all
// of them: a seeded chain (a month of history) behind the proxy, the app pointing at the proxy.
//
// A smoke run seeds a chain once for every section that asks for the same kind (starting and
// seeding one took 5 to 7 s, eleven times a run) and takes it back to its seeded snapshot for
// each section, as the e2e tests share theirs (e2e/support/sharedChain.ts). A full run seeds a
// fresh chain for each section, so that no section's figures carry another's node.
import type { Browser } from 'playwright-core';
import { createTestClient, http } from 'viem';
import { hardhat } from 'viem/chains';
import { type ChainOptions, type LocalChain, startChain } from '../devchain/chain.ts';
import { type ChainRpc, revertToSnapshot } from '../devchain/revertChain.ts';
import { seedChain } from '../devchain/seed.ts';
import { launchChromium } from '../e2e/support/browser.ts';
import { findFreePort } from '../scripts/serve/ports.ts';
import { type StaticServer, type StaticServerOptions, startStaticServer } from '../scripts/serve/static-server.ts';
import { type RpcFaultProxy, startRpcFaultProxy } from '../src/testing/rpcFaultProxy.ts';
import type { BenchRun } from './benchRun.ts';
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

/** The history a seeded chain spreads over: the last 30 days, or the seconds after its start. */
export type SeededHistory = 'month' | 'recent';

type SharedChain = { chain: LocalChain; snapshot: `0x${string}` };
const sharedChains = new Map<SeededHistory, Promise<SharedChain>>();

const testClient = (url: string) => createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(url) });

async function startSharedChain(history: SeededHistory): Promise<SharedChain> {
  const chain = await startChain({ ...(history === 'month' ? monthOld() : {}), port: await findFreePort() });
  try {
    await seedChain(chain.url);
    return { chain, snapshot: await testClient(chain.url).snapshot() };
  } catch (error) {
    await chain.stop();
    throw error;
  }
}

/**
 * A seeded chain for one section: a fresh one in a full run; in a smoke run the run's shared one
 * of that kind, back at its seeded state (revertToSnapshot, its clock at the present) with
 * automine on and no interval mining, as a fresh node has them (the revert leaves those as the
 * last section set them).
 */
export async function openSeededChain(held: Held, run: BenchRun, history: SeededHistory): Promise<LocalChain> {
  if (!run.smoke) {
    const chain = await openChain(held, history === 'month' ? monthOld() : {});
    await seedChain(chain.url);
    return chain;
  }
  let starting = sharedChains.get(history);
  if (!starting) {
    starting = startSharedChain(history);
    sharedChains.set(history, starting);
  }
  const shared = await starting;
  const client = testClient(shared.chain.url);
  const rpc: ChainRpc = (method, params = []) => client.request({ method, params } as never);
  const next = await revertToSnapshot(rpc, shared.snapshot);
  if (!next) throw new Error(`the shared ${history} chain has no snapshot ${shared.snapshot} to go back to`);
  // The next section goes back to this one.
  shared.snapshot = next as `0x${string}`;
  await client.setAutomine(true);
  await client.setIntervalMining({ interval: 0 });
  return { ...shared.chain, stop: async () => undefined };
}

/** Stops the smoke run's shared chains (bench/run.ts, once every section has ended). */
export async function closeSharedChains(): Promise<void> {
  const starting = [...sharedChains.values()];
  sharedChains.clear();
  await Promise.all(starting.map((shared) => shared.then(({ chain }) => chain.stop()).catch(() => undefined)));
}

export type BenchStage = { chain: LocalChain; proxy: RpcFaultProxy; app: StaticServer; browser: Browser };

export async function startBenchStage(run: BenchRun, held: Held): Promise<BenchStage> {
  const { appDir } = run;
  const chain = await openSeededChain(held, run, 'month');
  const proxy = await openProxy(held, chain.url);
  const app = await openServer(held, { root: appDir, localRpcUrl: proxy.url, devchain: true });
  return { chain, proxy, app, browser: await openChromium(held) };
}
