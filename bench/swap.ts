// Swapping (issue 36), against the seeded local chain's Uniswap contracts behind a counting proxy.
// The quote: every fee tier, v4 and the routes through one hub read for a pair, cold (a new
// reader) and warm (the same reader at the next block), in HTTP round trips, JSON-RPC calls and ms,
// against the budget of 2 round trips and 300 ms. Then a swap's Confirm → in the node's mempool in
// the app (Chromium, the production build), timed as the send section times a send
// (confirmTiming.ts), beside a bare viem UniversalRouter call from Node of the same kind of swap,
// built with swapTransaction from a fresh quote, against the budget of 1.3× the bare call.
// Beside the quote, the same quote with proof checks on (issue 48): its calls run again in Cairn's
// EVM over state proven at a header the two sources agree on, against the budget of 3 round trips
// and 2× the unverified quote of the same run.
import {
  type Address,
  createPublicClient,
  http,
  isAddressEqual,
  type PublicClient,
  parseEther,
  parseUnits,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { demoAddress, demoContractAddresses } from '../devchain/seed.ts';
import { Onboarding } from '../e2e/pages/Onboarding.ts';
import { Swap } from '../e2e/pages/Swap.ts';
import { chainClient } from '../src/core/chain/client.ts';
import { DEMO_MNEMONIC } from '../src/core/chain/localChain.ts';
import { LOCAL_UNISWAP_DEPLOYMENT } from '../src/core/chain/localUniswap.ts';
import { localNetwork } from '../src/core/chain/networks.ts';
import { createCheckedQuoteReader } from '../src/core/swap/checkedQuote.ts';
import { NATIVE } from '../src/core/swap/pools.ts';
import { createQuoteReader, type QuoteReading } from '../src/core/swap/readQuote.ts';
import type { SwapQuote } from '../src/core/swap/routeChoice.ts';
import { candidateRoutes, poolsOf } from '../src/core/swap/routes.ts';
import { minimumOut } from '../src/core/swap/slippage.ts';
import { swapHubs } from '../src/core/swap/swapNetwork.ts';
import { swapTransaction } from '../src/core/swap/swapTransaction.ts';
import { sourcesOf } from '../src/core/verify/sources.ts';
import { accessListOf, startAccessListNode } from '../src/testing/accessListNode.ts';
import type { RpcFaultProxy } from '../src/testing/rpcFaultProxy.ts';
import { type BenchRun, sized } from './benchRun.ts';
import { type BareSteps, bareSender, timeConfirm } from './confirmTiming.ts';
import type { Held } from './held.ts';
import { inMempool, settled } from './sendCalls.ts';
import { SEND_TRACE_SCRIPT, type SendSteps, sendSteps, stepLines, type TraceEvent } from './sendTrace.ts';
import { type BenchStage, openProxy, startBenchStage } from './stage.ts';
import { median } from './stats.ts';

const FULL_RUNS = Number(process.env.BENCH_SWAP_RUNS ?? 7);
const ROUND_TRIPS_BUDGET = 2;
const QUOTE_MS_BUDGET = 300;
const CONFIRM_RATIO_BUDGET = 1.3;
/** The quote with proof checks on: round trips to the node, and time against the unverified quote. */
const CHECKED_ROUND_TRIPS_BUDGET = 3;
const CHECKED_RATIO_BUDGET = 2;
/** What each swap through the app and the bare call pays. */
const SWAP_ETH = '0.1';
/** Enough for UniversalRouter's wrap and a v3 or v4 swap: the bare call estimates nothing, as send's. */
const BARE_SWAP_GAS = 500_000n;

const verdict = (within: boolean) => (within ? 'within budget' : 'OVER BUDGET');

type QuoteRun = { requests: number; calls: Record<string, number>; ms: number; other?: number };

/** "2 (eth_call 2, eth_getCode 1)": a run's calls, by method. */
const callsText = (calls: Record<string, number>) => {
  const entries = Object.entries(calls).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return `${entries.reduce((n, [, c]) => n + c, 0)} (${entries.map(([m, c]) => `${m} ${c}`).join(', ')})`;
};

/** The runs' value when they agree, else the median and each run's. */
const agreed = (values: number[]) =>
  values.every((v) => v === values[0]) ? `${values[0]}` : `${median(values)} (runs ${values.join(', ')})`;

/**
 * A checked quote's line: round trips (the node's requests go one after another; the second
 * source's header goes beside the first), calls, time, and the ratio to the unverified quote.
 */
function checkedLine(label: string, runs: QuoteRun[], unverified: QuoteRun[]): string {
  const ms = median(runs.map((r) => r.ms));
  const base = median(unverified.map((r) => r.ms));
  const requests = runs.map((r) => r.requests);
  const worst = Math.max(...requests);
  const last = runs.at(-1);
  const within = worst <= CHECKED_ROUND_TRIPS_BUDGET && ms <= CHECKED_RATIO_BUDGET * base;
  return `      ${label.padEnd(32)}round trips ${agreed(requests)} (+ ${agreed(runs.map((r) => r.other ?? 0))} to the second source, beside the first), eth_getProof ${agreed(runs.map((r) => r.calls.eth_getProof ?? 0))}   ${ms.toFixed(1)} ms, ${(ms / base).toFixed(2)}× the unverified ${base.toFixed(1)} ms   budget ≤ ${CHECKED_ROUND_TRIPS_BUDGET} round trips, ≤ ${CHECKED_RATIO_BUDGET}×: ${verdict(within)}   (calls, last run: ${last ? callsText(last.calls) : '—'})`;
}

function quoteLine(label: string, runs: QuoteRun[]): string {
  const ms = median(runs.map((r) => r.ms));
  const requests = runs.map((r) => r.requests);
  const worst = Math.max(...requests);
  const ethCalls = runs.map((r) => r.calls.eth_call ?? 0);
  const last = runs.at(-1);
  return `      ${label.padEnd(32)}round trips ${agreed(requests)}, eth_call ${agreed(ethCalls)}   ${ms.toFixed(1)} ms   budget ≤ ${ROUND_TRIPS_BUDGET} round trips, ≤ ${QUOTE_MS_BUDGET} ms: ${verdict(worst <= ROUND_TRIPS_BUDGET && ms <= QUOTE_MS_BUDGET)}   (calls, last run: ${last ? callsText(last.calls) : '—'})`;
}

const percent = (fee: number) => `${fee / 10_000}%`;

/** "v3 0.05%", "v3 0.3% + 0.05% (2 hops)", "v4 0.05%". */
function routeText(quote: SwapQuote): string {
  const { hops } = quote.route;
  return `${quote.route.protocol} ${hops.map((h) => percent(h.fee)).join(' + ')}${hops.length > 1 ? ` (${hops.length} hops)` : ''}`;
}

function quoted(reading: QuoteReading, pair: string) {
  if (reading.kind !== 'quoted') throw new Error(`no quote for ${pair}: ${reading.kind}`);
  return reading;
}

export async function benchSwap(bench: BenchRun, held: Held): Promise<string> {
  const RUNS = sized(bench, FULL_RUNS, 1);
  const { chain, proxy, app, browser } = await startBenchStage(bench, held);
  const node = createPublicClient({ chain: hardhat, transport: http(chain.url) });
  const mine = () => node.request({ method: 'evm_mine' } as never);
  const setAutomine = (on: boolean) => node.request({ method: 'evm_setAutomine', params: [on] } as never);
  const deployment = LOCAL_UNISWAP_DEPLOYMENT;
  const tokens = demoContractAddresses();
  // Through the proxy, as Cairn reads quotes; the bare call's fresh quote goes to the node directly.
  const network = { ...localNetwork(proxy.url), id: 'bench-swap-quote' };
  const hubs = swapHubs(network, deployment);

  // With proof checks on, the second source the header is agreed with sits behind a counting proxy
  // of its own; the node checked is the proxy, or a front that answers eth_createAccessList (as
  // geth, Nethermind, Besu, Erigon and Reth do; Hardhat does not) behind another.
  const otherSource = await openProxy(held, chain.url);
  const front = await held.open(startAccessListNode(chain.url), (listing) => listing.close());
  const listing = await openProxy(held, front.url);
  // Loaded first, as in a wallet that checks balances or previews.
  await import('../src/core/verify/verifiedCall.ts');
  let readers = 0;
  /** Cold and warm quotes of `pair` with proof checks on, the node checked behind `checked`; run 0 warms up. */
  const checkedRuns = async (pair: (typeof pairs)[number], checked: RpcFaultProxy) => {
    const runs = { cold: [] as QuoteRun[], warm: [] as QuoteRun[] };
    for (let run = bench.smoke ? 1 : 0; run < RUNS + 1; run++) {
      const sources = sourcesOf(
        { ...localNetwork([checked.url, otherSource.url]), id: `bench-swap-checked-${readers++}` },
        'prompt',
      );
      const reader = createCheckedQuoteReader(sources, deployment);
      const timed = async (block: bigint): Promise<QuoteRun> => {
        checked.resetCounts();
        otherSource.resetCounts();
        const start = performance.now();
        const result = await reader.read({ ...pair, hubs, block }, { kind: 'agreement' });
        const ms = performance.now() - start;
        if (result.proof.state !== 'verified')
          throw new Error(`the quote of ${pair.label} with proof checks on is ${result.proof.state}`);
        quoted(result.reading, pair.label);
        return { requests: checked.requests, calls: { ...checked.calls }, ms, other: otherSource.requests };
      };
      const first = await timed(await node.getBlockNumber());
      await mine();
      const next = await timed(await node.getBlockNumber());
      if (run === 0) continue;
      runs.cold.push(first);
      runs.warm.push(next);
    }
    return runs;
  };

  const lines = [
    'Swap (seeded local chain behind a counting proxy)',
    `  Quote, no added latency: every fee tier, v4 and the routes through one hub (${hubs.length} hubs), cold (a new reader) and warm (the same reader, next block); median of ${RUNS} runs`,
    '  With proof checks on: the same quote, its calls run again in Cairn’s EVM over state proven at a header both sources agree on (round trips to the node checked; the second source’s header goes beside the first)',
  ];
  const pairs: readonly { label: string; tokenIn: Address; tokenOut: Address; amountIn: bigint }[] = [
    { label: '1 ETH → USDC', tokenIn: NATIVE, tokenOut: tokens.USDC, amountIn: parseEther('1') },
    { label: '1,000 DAI → USDC', tokenIn: tokens.DAI, tokenOut: tokens.USDC, amountIn: parseUnits('1000', 18) },
  ];
  for (const pair of pairs) {
    const cold: QuoteRun[] = [];
    const warm: QuoteRun[] = [];
    let last: Extract<QuoteReading, { kind: 'quoted' }> | undefined;
    // Run 0 warms up (Node's JIT, the client's first connection); a smoke run has none.
    for (let run = bench.smoke ? 1 : 0; run < RUNS + 1; run++) {
      const reader = createQuoteReader(chainClient(network), deployment);
      const ask = { ...pair, hubs };
      const timed = async (block: bigint): Promise<QuoteRun> => {
        proxy.resetCounts();
        const start = performance.now();
        last = quoted(await reader.read({ ...ask, block }), pair.label);
        const ms = performance.now() - start;
        return { requests: proxy.requests, calls: { ...proxy.calls }, ms };
      };
      const first = await timed(await node.getBlockNumber());
      await mine();
      const next = await timed(await node.getBlockNumber());
      if (run === 0) continue;
      cold.push(first);
      warm.push(next);
    }
    // A smoke run checks the first pair only, once: it is there to run, not to measure.
    const checked = bench.smoke && pair !== pairs[0] ? undefined : await checkedRuns(pair, proxy);
    const candidates = candidateRoutes(deployment, pair.tokenIn, pair.tokenOut, hubs);
    lines.push(
      `    ${pair.label}   ${candidates.length} candidate routes over ${poolsOf(candidates).length} pools; ${last ? `${1 + last.others.length} quoted, best ${routeText(last.best)}` : '—'}`,
      quoteLine('cold (a new reader)', cold),
      quoteLine('warm (same reader, next block)', warm),
      ...(checked
        ? [
            checkedLine('proof checks on, cold', checked.cold, cold),
            checkedLine('proof checks on, warm', checked.warm, warm),
          ]
        : []),
    );
    if (pair !== pairs[0] || bench.smoke) continue;
    // The same on a node that answers eth_createAccessList: the front answers with the list a
    // first check of the pair proved (its eth_getProof calls), one block before the runs.
    listing.resetCounts();
    await createCheckedQuoteReader(
      sourcesOf({ ...localNetwork([listing.url, otherSource.url]), id: `bench-swap-listing-${readers++}` }, 'prompt'),
      deployment,
    ).read({ ...pair, hubs, block: await node.getBlockNumber() }, { kind: 'agreement' });
    front.list = accessListOf(listing.log);
    await mine();
    const listed = await checkedRuns(pair, listing);
    lines.push(
      checkedLine('…with eth_createAccessList, cold', listed.cold, cold),
      checkedLine('…with eth_createAccessList, warm', listed.warm, warm),
    );
  }

  lines.push(
    ...(await confirmToMempool({ bench, runs: RUNS, stage: { chain, proxy, app, browser }, setAutomine, mine })),
  );
  return lines.join('\n');
}

/** Throws unless `from`'s transaction in the head block succeeded: each timed swap is a real one. */
async function swapSucceeded(node: PublicClient, from: Address): Promise<void> {
  const block = await node.getBlock({ includeTransactions: true });
  const tx = block.transactions.find((t) => isAddressEqual(t.from, from));
  if (!tx) throw new Error(`no swap from ${from} in block ${block.number}`);
  const receipt = await node.getTransactionReceipt({ hash: tx.hash });
  if (receipt.status !== 'success') throw new Error(`the swap ${tx.hash} from ${from} reverted`);
}

/** Confirm → mempool of an ETH → USDC swap in the app, beside the bare UniversalRouter call. */
async function confirmToMempool(args: {
  bench: BenchRun;
  runs: number;
  stage: BenchStage;
  setAutomine(on: boolean): Promise<unknown>;
  mine(): Promise<unknown>;
}): Promise<string[]> {
  const { bench, runs, setAutomine, mine } = args;
  const { chain, proxy, app, browser } = args.stage;
  const node = createPublicClient({ chain: hardhat, transport: http(chain.url) });
  const deployment = LOCAL_UNISWAP_DEPLOYMENT;
  const tokens = demoContractAddresses();
  const direct = { ...localNetwork(chain.url), id: 'bench-swap-bare' };
  const bareReader = createQuoteReader(chainClient(direct), deployment);
  const hubs = swapHubs(direct, deployment);
  const bareAccount = mnemonicToAccount(DEMO_MNEMONIC, { addressIndex: 1 });
  const bare = bareSender(proxy.url, chain.url, bareAccount);
  const from = demoAddress(0);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(SEND_TRACE_SCRIPT);
  const page = await context.newPage();
  await page.goto(app.url);
  await new Onboarding(page).openDemoWallet();
  const swap = new Swap(page);
  await setAutomine(false);
  const lines: string[] = [];
  // As Send's bench: with no added latency and with 50 ms per HTTP request, where round trips
  // count as they do on a real node; a smoke run only through the delay.
  for (const latency of bench.smoke ? [50] : [0, 50]) {
    const delay = () => proxy.setFault(latency ? { kind: 'delay', ms: latency } : { kind: 'none' });
    const cairn: number[] = [];
    const bareTimes: number[] = [];
    const steps: SendSteps[] = [];
    const bareSteps: BareSteps[] = [];
    // Run 0 warms up (the lazy Swap screen loads, caches fill); a smoke run has none.
    for (let run = bench.smoke ? 1 : 0; run < runs + 1; run++) {
      await swap.open();
      await swap.fill({ pay: 'ETH', amount: SWAP_ETH, receive: 'USDC' });
      await swap.quotedOut(6);
      await swap.review();
      // The review is ready: its simulation gives exactly the quote.
      await swap.simulatedEqual(6);
      const before = await node.getTransactionCount({ address: from, blockTag: 'pending' });
      // What the last block set off in the background is not this swap's.
      await settled(proxy);
      delay();
      const { clickAt, elapsed } = await timeConfirm(
        page,
        swap.send.review.getByRole('button', { name: 'Confirm and send' }),
      );
      await inMempool(chain.url, from, before);
      proxy.setFault({ kind: 'none' });
      const events = await page.evaluate(() => {
        const trace = globalThis as unknown as { __sendTrace: TraceEvent[]; __sendTraceOn: boolean };
        trace.__sendTraceOn = false;
        return trace.__sendTrace.slice();
      });
      await page.getByRole('region', { name: 'Sent', exact: true }).waitFor();
      // Mined before the bare swap's quote is read: a swap still pending ahead of it in the same
      // pools would leave that quote stale (the bare swap then reverts below its minimum).
      await mine();
      await swapSucceeded(node, from);

      // The same kind of swap from Node: a fresh quote at the head, built as Cairn builds it, then only
      // sent (chain id, pending nonce, sign, eth_sendRawTransaction) in the timed span, once the app's
      // work after that block has ended, as Cairn's Confirm was timed (a smoke run's figure means
      // nothing, and the wait is exercised before each Confirm).
      if (!bench.smoke) await settled(proxy);
      const block = await node.getBlock();
      const reading = quoted(
        await bareReader.read({
          tokenIn: NATIVE,
          tokenOut: tokens.USDC,
          amountIn: parseEther(SWAP_ETH),
          hubs,
          block: block.number,
        }),
        'the bare swap',
      );
      const tx = swapTransaction({
        router: deployment.universalRouter,
        quote: reading.best,
        tokenIn: NATIVE,
        tokenOut: tokens.USDC,
        amountOutMin: minimumOut(reading.best.amountOut, 50n),
        deadline: block.timestamp + 600n,
      });
      delay();
      const sent = await bare.send({ ...tx, gas: BARE_SWAP_GAS });
      proxy.setFault({ kind: 'none' });
      await mine();
      await swapSucceeded(node, bareAccount.address);
      if (run === 0) continue;
      cairn.push(elapsed);
      bareTimes.push(sent.elapsed);
      steps.push(sendSteps(events, clickAt));
      bareSteps.push(sent.steps);
    }
    const mid = median(cairn);
    const base = median(bareTimes);
    const ratio = mid / base;
    lines.push(
      `  Confirm → in the node's mempool, ${SWAP_ETH} ETH → USDC, ${latency ? `+${latency} ms per HTTP request` : 'no added latency'} (median of ${runs} runs, headless Chromium, automine off)`,
      `    Cairn ${mid.toFixed(1)} ms   bare viem UniversalRouter call from Node ${base.toFixed(1)} ms   ratio ${ratio.toFixed(2)}×   ${latency ? `budget ≤ ${CONFIRM_RATIO_BUDGET}×: ${verdict(ratio <= CONFIRM_RATIO_BUDGET)}` : `(the ${CONFIRM_RATIO_BUDGET}× budget is judged with latency, where round trips count)`}`,
      `    runs (ms): Cairn ${cairn.map((t) => t.toFixed(1)).join(', ')}; bare ${bareTimes.map((t) => t.toFixed(1)).join(', ')}`,
      '    where Cairn’s time goes (median ms; page-side notes of Web Locks, fetch, IndexedDB, the vault port)',
      ...stepLines(steps, { swap: true }),
      `    bare UniversalRouter call: reads (chain id, nonce) ${median(bareSteps.map((s) => s.reads)).toFixed(1)}, → sign, eth_sendRawTransaction sent ${median(bareSteps.map((s) => s.broadcastStart - s.reads)).toFixed(1)}, → node’s answer ${median(bareSteps.map((s, i) => (bareTimes[i] ?? Number.NaN) - s.broadcastStart)).toFixed(1)}`,
    );
  }
  await context.close();
  return lines;
}
