// Sending: time from Confirm to the node's answer to eth_sendRawTransaction, when the transaction
// is in its mempool (median; checked after each run), beside a bare viem send of the same
// transfer from Node through the same proxy; where Cairn's time goes between the two (see
// sendTrace.ts), and the JSON-RPC calls the whole flow makes from opening the form to that
// moment, by method, against the budget of 15 beyond the block polling (sendCalls.ts); then the
// same calls for a site's eth_sendTransaction (dappSend.ts). Run with no added latency and with
// 50 ms per HTTP request (a distant node), since sequential round trips dominate there.
import { createPublicClient, http, parseEther } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { demoAddress } from '../devchain/seed.ts';
import { Onboarding } from '../e2e/pages/Onboarding.ts';
import { Send } from '../e2e/pages/Send.ts';
import { DEMO_MNEMONIC } from '../src/core/chain/localChain.ts';
import { type BenchRun, sized } from './benchRun.ts';
import { type BareSteps, bareSender, timeConfirm } from './confirmTiming.ts';
import { benchDappSend } from './dappSend.ts';
import type { Held } from './held.ts';
import { callLines, callListing, countCalls, inMempool, type SendCalls, settled } from './sendCalls.ts';
import { SEND_TRACE_SCRIPT, type SendSteps, sendSteps, stepLines, type TraceEvent } from './sendTrace.ts';
import { startBenchStage } from './stage.ts';
import { median } from './stats.ts';

const FULL_RUNS = Number(process.env.BENCH_SEND_RUNS ?? 7);
/** A smoke run sends once, through the delay (the path with more to go wrong). */
const LATENCIES = [0, 50];

type Figures = {
  confirm: number[];
  bare: number[];
  requests: number[];
  calls: SendCalls[];
  steps: SendSteps[];
  bareSteps: BareSteps[];
};

export async function benchSend(bench: BenchRun, held: Held): Promise<string> {
  const RUNS = sized(bench, FULL_RUNS, 1);
  const latencies = sized(bench, LATENCIES, [50]);
  const { chain, proxy, app, browser } = await startBenchStage(bench, held);
  const node = createPublicClient({ chain: hardhat, transport: http(chain.url) });
  const mine = () => node.request({ method: 'evm_mine' } as never);
  const setAutomine = (on: boolean) => node.request({ method: 'evm_setAutomine', params: [on] } as never);
  const from = demoAddress(0);
  const bare = bareSender(proxy.url, chain.url, mnemonicToAccount(DEMO_MNEMONIC, { addressIndex: 1 }));
  const results = new Map<number, Figures>();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(SEND_TRACE_SCRIPT);
  const page = await context.newPage();
  await page.goto(app.url);
  await new Onboarding(page).openDemoWallet();
  const send = new Send(page);
  await setAutomine(false);

  for (const latency of latencies) {
    proxy.setFault(latency ? { kind: 'delay', ms: latency } : { kind: 'none' });
    const figures: Figures = {
      confirm: [],
      bare: [],
      requests: [],
      calls: [],
      steps: [],
      bareSteps: [],
    };
    // Run 0 warms up (lazy screens load, caches fill); a smoke run has none.
    for (let run = bench.smoke ? 1 : 0; run < RUNS + 1; run++) {
      // What the last run's block set off in the background is not this send's.
      await settled(proxy);
      proxy.resetCounts();
      await send.open();
      await send.fill({ recipient: demoAddress(17), amount: '0.001' });
      await send.continue();
      await send.review.waitFor({ timeout: 30_000 });
      const before = await node.getTransactionCount({ address: from, blockTag: 'pending' });
      const { clickAt, elapsed } = await timeConfirm(
        page,
        send.review.getByRole('button', { name: 'Confirm and send' }),
      );
      const calls = countCalls(proxy.log);
      if (process.env.BENCH_SEND_CALLS)
        console.log(`send run ${run} +${latency} ms`, ...callListing(proxy.log).map((l) => `\n${l}`));
      const requests = proxy.requests;
      await inMempool(chain.url, from, before);
      const events = await page.evaluate(() => {
        const trace = globalThis as unknown as { __sendTrace: TraceEvent[]; __sendTraceOn: boolean };
        trace.__sendTraceOn = false;
        return trace.__sendTrace.slice();
      });
      if (process.env.BENCH_SEND_TRACE) {
        console.log(`run ${run} +${latency} ms: ${elapsed.toFixed(1)} ms`);
        for (const [t, what] of events) console.log(`  ${(t - clickAt).toFixed(1).padStart(7)}  ${what}`);
      }
      await page.getByRole('region', { name: 'Sent', exact: true }).waitFor();

      const bareSent = await bare.send({ to: demoAddress(18), value: parseEther('0.001'), gas: 21_000n });
      await mine();
      await page.getByRole('button', { name: 'Send another' }).click();
      if (run === 0) continue;
      figures.confirm.push(elapsed);
      figures.bare.push(bareSent.elapsed);
      figures.requests.push(requests);
      figures.calls.push(calls);
      figures.steps.push(sendSteps(events, clickAt));
      figures.bareSteps.push(bareSent.steps);
    }
    results.set(latency, figures);
  }
  await context.close();

  const lines = [`Send (median of ${RUNS} runs, headless Chromium, automine off)`];
  const dapp = await benchDappSend({
    bench,
    stage: { chain, proxy, app, browser },
    held,
    runs: RUNS,
    latencies,
  });
  for (const [latency, f] of results) {
    const cairn = median(f.confirm);
    const base = median(f.bare);
    lines.push(
      `  ${latency ? `+${latency} ms per HTTP request` : 'no added latency'}`,
      `    Confirm → in the node's mempool   Cairn ${cairn.toFixed(1)} ms   bare viem send from Node ${base.toFixed(1)} ms   ratio ${(cairn / base).toFixed(2)}×`,
      `    RPC from opening the form to the mempool   ${median(f.requests)} HTTP requests (median)`,
      ...callLines(f.calls),
      '    where Cairn’s time goes (median ms; page-side notes of Web Locks, fetch, IndexedDB, the vault port)',
    );
    lines.push(...stepLines(f.steps));
    const bareReads = median(f.bareSteps.map((s) => s.reads));
    const bareSigned = median(f.bareSteps.map((s) => s.broadcastStart - s.reads));
    const bareRest = median(f.bareSteps.map((s, i) => (f.bare[i] ?? Number.NaN) - s.broadcastStart));
    lines.push(
      `    bare viem send: reads (chain id, nonce) ${bareReads.toFixed(1)}, → sign, eth_sendRawTransaction sent ${bareSigned.toFixed(1)}, → node’s answer ${bareRest.toFixed(1)}`,
    );
  }
  lines.push(...dapp);
  return lines.join('\n');
}
