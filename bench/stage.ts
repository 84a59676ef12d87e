// What the browser benches run against: a fresh seeded local chain (a month of history), a
// counting proxy in front of it, the built app served pointing at the proxy, and Chromium.
import type { Browser } from 'playwright-core';
import { type LocalChain, startChain } from '../devchain/chain.ts';
import { seedChain } from '../devchain/seed.ts';
import { launchChromium } from '../e2e/support/browser.ts';
import { findFreePort } from '../scripts/serve/ports.ts';
import { type StaticServer, startStaticServer } from '../scripts/serve/static-server.ts';
import { type RpcFaultProxy, startRpcFaultProxy } from '../src/testing/rpcFaultProxy.ts';

export type BenchStage = {
  chain: LocalChain;
  proxy: RpcFaultProxy;
  app: StaticServer;
  browser: Browser;
  close(): Promise<void>;
};

export async function startBenchStage(appDir: string): Promise<BenchStage> {
  const chain = await startChain({ port: await findFreePort(), genesisDate: new Date(Date.now() - 30 * 86_400_000) });
  await seedChain(chain.url);
  const proxy = await startRpcFaultProxy(chain.url);
  const app = await startStaticServer({
    root: appDir,
    port: await findFreePort(),
    localRpcUrl: proxy.url,
    devchain: true,
  });
  const browser = await launchChromium();
  return {
    chain,
    proxy,
    app,
    browser,
    async close() {
      await browser.close();
      await app.close();
      await proxy.close();
      await chain.stop();
    },
  };
}
