// A site's eth_sendTransaction, counted as Send is (sendCalls.ts): the sample dApp served beside
// Cairn with connect.js, connected once; then, per run, from the click on its "Send transaction"
// (the site window opens, prepares the call, previews it, waits for Approve) to the transaction in
// the node's mempool, the JSON-RPC calls the node saw, by method, against the budget of 15 beyond
// the block polling. What the site reads itself after getting the hash (its receipt) comes later.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { createPublicClient, http } from 'viem';
import { hardhat } from 'viem/chains';
import { demoAddress } from '../devchain/seed.ts';
import { Onboarding } from '../e2e/pages/Onboarding.ts';
import { type SampleButton, SampleDapp } from '../e2e/pages/SampleDapp.ts';
import { buildSampleDapp, startSampleDappServer } from '../scripts/serve/example-server.ts';
import { findFreePort } from '../scripts/serve/ports.ts';
import type { BenchRun } from './benchRun.ts';
import type { Held } from './held.ts';
import { callLines, callListing, countCalls, inMempool, type SendCalls, settled } from './sendCalls.ts';
import type { BenchStage } from './stage.ts';
import { PAGE_WAIT_MS, until, within } from './wait.ts';

/** Clicks `button` on the site and returns the Cairn window it opens, once it shows its request. */
async function windowFor(context: BrowserContext, site: SampleDapp, button: SampleButton): Promise<Page> {
  const opened = context.waitForEvent('page', { timeout: PAGE_WAIT_MS });
  await site.button(button).click();
  const popup = await opened;
  await popup.getByRole('heading', { level: 1 }).waitFor({ timeout: PAGE_WAIT_MS });
  return popup;
}

/**
 * Clicks `name` in Cairn's window once it wakes up (the approve delay), and waits for the window
 * to close; `watch`, started just before the click, is awaited too and its answer returned.
 */
async function approve<T>(popup: Page, name: string, watch: () => Promise<T>): Promise<T> {
  const button = popup.getByRole('button', { name, exact: true });
  await until(`“${name}” to wake up in Cairn's window`, PAGE_WAIT_MS, () => button.isEnabled());
  const watched = watch();
  const closed = popup.waitForEvent('close', { timeout: PAGE_WAIT_MS });
  await button.click();
  const [answer] = await Promise.all([watched, closed]);
  return answer;
}

/** The site's output `name` once it reads something other than `previous` (and is not waiting). */
async function nextResult(
  site: SampleDapp,
  name: 'Send transaction result' | 'Send transaction receipt',
  previous: string,
) {
  let text = '';
  await until(`the site's “${name}” to change`, 60_000, async () => {
    text = await site.result(name, 60_000);
    return text !== previous;
  });
  return text;
}

export async function benchDappSend(args: {
  bench: BenchRun;
  stage: BenchStage;
  held: Held;
  runs: number;
  latencies: readonly number[];
}): Promise<string[]> {
  const { bench, stage, held, runs, latencies } = args;
  const { chain, proxy, app, browser } = stage;
  const node = createPublicClient({ chain: hardhat, transport: http(chain.url) });
  const from = demoAddress(0);
  const dappDir = await held.open(mkdtemp(join(tmpdir(), 'cairn-bench-dapp-')), (path) =>
    rm(path, { recursive: true, force: true }),
  );
  await within('the sample dApp to build', 60_000, buildSampleDapp(dappDir));
  const server = await held.open(
    startSampleDappServer({ root: dappDir, port: await findFreePort(), walletUrl: app.url }),
    (opened) => opened.close(),
  );
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const wallet = await context.newPage();
  await wallet.goto(app.url);
  await new Onboarding(wallet).openDemoWallet();
  const site = new SampleDapp(await context.newPage());
  await site.open(server.url);
  await site.chooseWallet('Cairn');
  await approve(await windowFor(context, site, 'Connect'), 'Connect', async () => undefined);

  const results = new Map<number, SendCalls[]>();
  let hash = '';
  let receipt = '';
  for (const latency of latencies) {
    proxy.setFault(latency ? { kind: 'delay', ms: latency } : { kind: 'none' });
    const counted: SendCalls[] = [];
    // Run 0 warms up (the site window's files load, the sample dApp's clients start); a smoke run has none.
    for (let run = bench.smoke ? 1 : 0; run < runs + 1; run++) {
      await settled(proxy);
      const before = await node.getTransactionCount({ address: from, blockTag: 'pending' });
      proxy.resetCounts();
      const popup = await windowFor(context, site, 'Send transaction');
      await popup.getByRole('region', { name: /What this transaction does/ }).waitFor({ timeout: PAGE_WAIT_MS });
      // Counted as soon as the node has it in its mempool.
      const calls = await approve(popup, 'Confirm and send', () =>
        inMempool(chain.url, from, before).then(() => countCalls(proxy.log)),
      );
      if (process.env.BENCH_SEND_CALLS)
        console.log(`site send run ${run} +${latency} ms`, ...callListing(proxy.log).map((l) => `\n${l}`));
      hash = await nextResult(site, 'Send transaction result', hash);
      await node.request({ method: 'evm_mine' } as never);
      receipt = await nextResult(site, 'Send transaction receipt', receipt);
      if (run === 0) continue;
      counted.push(calls);
    }
    results.set(latency, counted);
  }
  await context.close();

  const lines = [
    `A site's eth_sendTransaction, from its request to the mempool (${runs} runs, sample dApp with connect.js)`,
  ];
  for (const [latency, counted] of results) {
    lines.push(`  ${latency ? `+${latency} ms per HTTP request` : 'no added latency'}`, ...callLines(counted));
  }
  return lines;
}
