// Safe multisig (issue 38), on the seeded local chain behind a counting proxy. First, loading a
// Safe: the time and requests core's readSafe takes for the seeded Safe (owners, threshold, nonce,
// version, modules and the code check), beside a bare viem read of one of those values (getOwners),
// with 50 ms per HTTP request; budget: one round trip. Then Execute → in the node's mempool in the
// app (Chromium, the production build): a Safe transaction two owners signed, imported as a cairn:
// link, executed from Demo account 3 and timed as Send's Confirm (confirmTiming.ts), beside a bare
// viem execTransaction of the same kind from Node; budget: 1.3× the bare send.
import type { Page } from 'playwright-core';
import { type Address, createPublicClient, getAddress, type Hex, http, parseEther } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { demoSafeAddress } from '../devchain/demoSafe.ts';
import { demoAccount, demoAddress } from '../devchain/seedSupport.ts';
import { Onboarding } from '../e2e/pages/Onboarding.ts';
import { SafeScreen } from '../e2e/pages/Safe.ts';
import { chainClient } from '../src/core/chain/client.ts';
import { DEMO_MNEMONIC, LOCAL_CHAIN_ID } from '../src/core/chain/localChain.ts';
import { localNetwork } from '../src/core/chain/networks.ts';
import { readSafe } from '../src/core/safe/readSafe.ts';
import { safeAbi } from '../src/core/safe/safeAbi.ts';
import { callSafeTx, execTransactionCall, type SafeTx, safeTxTypedData } from '../src/core/safe/safeTx.ts';
import { safeTxFile, safeTxLink } from '../src/core/safe/safeTxFile.ts';
import { encodeSignatures, type SafeSignature } from '../src/core/safe/signatures.ts';
import { type BenchRun, sized } from './benchRun.ts';
import { bareSender, timeConfirm } from './confirmTiming.ts';
import type { Held } from './held.ts';
import { inMempool, settled } from './sendCalls.ts';
import { SEND_TRACE_SCRIPT, type SendSteps, sendSteps, stepLines, type TraceEvent } from './sendTrace.ts';
import { type BenchStage, startBenchStage } from './stage.ts';
import { median } from './stats.ts';
import { PAGE_WAIT_MS, until } from './wait.ts';

const LATENCY_MS = 50;
const FULL_LOADS = 15;
const FULL_RUNS = Number(process.env.BENCH_SAFE_RUNS ?? 7);
const CONFIRM_RATIO_BUDGET = 1.3;
/** Demo account 3 executes in the app; the bare send comes from demo account 13. */
const EXECUTOR = 2;
const BARE_EXECUTOR = 13;
/** The seeded Safe's owners who sign each transaction (Demo accounts 1 and 2). */
const SIGNERS = [0, 1] as const;
/** Enough for execTransaction of a plain ETH transfer: the bare send estimates nothing. */
const BARE_EXEC_GAS = 150_000n;

const verdict = (within: boolean) => (within ? 'within budget' : 'OVER BUDGET');

export async function benchSafe(bench: BenchRun, held: Held): Promise<string> {
  const stage = await startBenchStage(bench, held);
  const load = await loadSafe(bench, stage);
  const page = await openSafeScreen(stage);
  return [
    'Safe multisig (seeded local chain behind a counting proxy)',
    ...load,
    ...(await executeToMempool(bench, sized(bench, FULL_RUNS, 1), stage, page)),
  ].join('\n');
}

/** readSafe of the seeded Safe through the proxy at +50 ms a request, beside one bare getOwners. */
async function loadSafe(bench: BenchRun, { proxy }: BenchStage): Promise<string[]> {
  const network = { ...localNetwork(proxy.url), id: 'bench-safe' };
  const bare = createPublicClient({ chain: hardhat, transport: http(proxy.url) });
  const safe = demoSafeAddress();
  const loads = sized(bench, FULL_LOADS, 1);
  const cairn: number[] = [];
  const baseline: number[] = [];
  let requests = 0;
  let calls = 0;
  proxy.setFault({ kind: 'delay', ms: LATENCY_MS });
  for (let run = 0; run < loads; run++) {
    proxy.resetCounts();
    let start = performance.now();
    const state = await readSafe(chainClient(network), LOCAL_CHAIN_ID, safe);
    cairn.push(performance.now() - start);
    requests = Math.max(requests, proxy.requests);
    calls = Math.max(
      calls,
      Object.values(proxy.calls).reduce((sum, n) => sum + n, 0),
    );
    if (!state.known) throw new Error('the seeded Safe was not recognised');
    start = performance.now();
    await bare.readContract({ address: safe, abi: safeAbi, functionName: 'getOwners' });
    baseline.push(performance.now() - start);
  }
  proxy.setFault({ kind: 'none' });
  const mid = median(cairn);
  const base = median(baseline);
  return [
    `  Load a Safe (owners, threshold, nonce, version, modules, guard, code check), +${LATENCY_MS} ms per HTTP request, median of ${loads}`,
    `    Cairn ${mid.toFixed(1)} ms, ${requests} HTTP request(s), ${calls} JSON-RPC call(s)   bare viem getOwners alone ${base.toFixed(1)} ms   ratio ${(mid / base).toFixed(2)}×   budget 1 round trip: ${verdict(requests <= 1)}`,
  ];
}

/** The demo wallet, the seeded Safe added, on its screen, with the send trace installed. */
async function openSafeScreen({ app, browser }: BenchStage): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(SEND_TRACE_SCRIPT);
  const page = await context.newPage();
  await page.goto(app.url);
  await new Onboarding(page).openDemoWallet();
  const screen = new SafeScreen(page);
  await screen.startAdding(demoSafeAddress());
  await screen.finishAdding('Bench Safe');
  return page;
}

/** A Safe transaction of 0.001 ETH to demo account 17 at `nonce`, with two owners' signatures. */
async function signedSafeTx(nonce: bigint): Promise<{ tx: SafeTx; signatures: SafeSignature[] }> {
  const tx = callSafeTx({ to: demoAddress(17), value: parseEther('0.001'), data: '0x' }, nonce);
  const typed = safeTxTypedData({ chainId: LOCAL_CHAIN_ID, address: demoSafeAddress() }, tx);
  const signatures = await Promise.all(
    SIGNERS.map(async (index) => {
      const owner = demoAccount(index);
      return { signer: getAddress(owner.address), kind: 'eip712' as const, data: await owner.signTypedData(typed) };
    }),
  );
  return { tx, signatures };
}

/** Execute → mempool in the app, beside a bare execTransaction of the same kind from Node. */
async function executeToMempool(bench: BenchRun, runs: number, stage: BenchStage, page: Page): Promise<string[]> {
  const { chain, proxy } = stage;
  const node = createPublicClient({ chain: hardhat, transport: http(chain.url) });
  const mine = () => node.request({ method: 'evm_mine' } as never);
  const setAutomine = (on: boolean) => node.request({ method: 'evm_setAutomine', params: [on] } as never);
  const safe = demoSafeAddress();
  const screen = new SafeScreen(page);
  const executor = demoAddress(EXECUTOR);
  const bareAccount = mnemonicToAccount(DEMO_MNEMONIC, { addressIndex: BARE_EXECUTOR });
  const bare = bareSender(proxy.url, chain.url, bareAccount);
  const succeeded = async (hash: Hex) => {
    const receipt = await node.getTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`the execution ${hash} reverted`);
  };
  await setAutomine(false);
  const cairn: number[] = [];
  const bareTimes: number[] = [];
  const steps: SendSteps[] = [];
  // Run 0 warms up (the screen's reads, caches); a smoke run has none.
  for (let run = bench.smoke ? 1 : 0; run < runs + 1; run++) {
    const nonce = await node.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' });
    const own = await signedSafeTx(nonce);
    await screen.importText(safeTxLink(safeTxFile({ chainId: LOCAL_CHAIN_ID, safe, ...own })));
    const card = screen.transaction(nonce);
    await until('the imported transaction to be confirmed 2 of 2', PAGE_WAIT_MS, async () =>
      ((await card.textContent()) ?? '').includes('2 of 2 confirmed'),
    );
    await card.getByRole('button', { name: 'Execute', exact: true }).click();
    await card.getByLabel('Execute from').selectOption({ label: `Demo account 3 — ${getAddress(executor)}` });
    await card.getByRole('button', { name: 'Review the execution' }).click();
    const confirm = card.getByRole('region', { name: 'Review' }).getByRole('button', { name: 'Confirm and send' });
    await until('Confirm to be enabled on the execution’s review', PAGE_WAIT_MS, () => confirm.isEnabled());
    const before = await node.getTransactionCount({ address: executor, blockTag: 'pending' });
    await settled(proxy);
    proxy.setFault({ kind: 'delay', ms: LATENCY_MS });
    const { clickAt, elapsed } = await timeConfirm(page, confirm);
    await inMempool(chain.url, executor, before);
    proxy.setFault({ kind: 'none' });
    const events = await page.evaluate(() => {
      const trace = globalThis as unknown as { __sendTrace: TraceEvent[]; __sendTraceOn: boolean };
      trace.__sendTraceOn = false;
      return trace.__sendTrace.slice();
    });
    await mine();
    const block = await node.getBlock({ includeTransactions: true });
    const sent = block.transactions.find((t) => t.from.toLowerCase() === executor.toLowerCase());
    if (!sent) throw new Error(`no execution from ${executor} in block ${block.number}`);
    await succeeded(sent.hash);

    // The same kind of execution from Node, at the next nonce.
    const next = await signedSafeTx(nonce + 1n);
    const call = execTransactionCall(safe, next.tx, encodeSignatures(next.signatures));
    if (!bench.smoke) await settled(proxy);
    proxy.setFault({ kind: 'delay', ms: LATENCY_MS });
    const bareSent = await bare.send({ to: call.to as Address, value: 0n, data: call.data, gas: BARE_EXEC_GAS });
    proxy.setFault({ kind: 'none' });
    await mine();
    await succeeded(bareSent.hash);
    if (run === 0) continue;
    cairn.push(elapsed);
    bareTimes.push(bareSent.elapsed);
    steps.push(sendSteps(events, clickAt));
  }
  await setAutomine(true);
  await page.context().close();
  const mid = median(cairn);
  const base = median(bareTimes);
  const ratio = mid / base;
  return [
    `  Execute → in the node's mempool, a Safe transaction two owners signed, +${LATENCY_MS} ms per HTTP request (median of ${runs} runs, headless Chromium, automine off)`,
    `    Cairn ${mid.toFixed(1)} ms   bare viem execTransaction from Node ${base.toFixed(1)} ms   ratio ${ratio.toFixed(2)}×   budget ≤ ${CONFIRM_RATIO_BUDGET}×: ${verdict(ratio <= CONFIRM_RATIO_BUDGET)}`,
    `    runs (ms): Cairn ${cairn.map((t) => t.toFixed(1)).join(', ')}; bare ${bareTimes.map((t) => t.toFixed(1)).join(', ')}`,
    '    where Cairn’s time goes (median ms; page-side notes of Web Locks, fetch, IndexedDB, the vault port)',
    ...stepLines(steps),
  ];
}
