// EIP-7702 smart accounts (issue 37), on the seeded local chain behind a counting proxy. First the
// gas of a batch against the same calls sent one by one, mined (smartAccountGas.ts). Then a batch's
// Confirm → in the node's mempool in the app (Chromium, the production build): two transfers added
// to a batch on Send, reviewed as one transaction, timed as the send section times a send
// (confirmTiming.ts), beside a bare viem send from Node of the same kind of transaction, against
// the budget of 1.3× the bare send.
//
// Both accounts are upgraded before the timed runs, so each run sends the same kind of
// transaction: for an upgraded account Cairn sends a type-2 transaction to itself calling
// `execute` in batch mode, with no authorization (only a plain account's first batch carries one,
// and that happens once per account). The bare send is therefore that same self-call, as a type 2:
// a type 4 would add an authorization to sign and carry that Cairn's transaction has not.

import type { Page } from 'playwright-core';
import { type Address, createPublicClient, encodeFunctionData, erc20Abi, http, parseEther, parseUnits } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { demoAddress, demoContractAddresses } from '../devchain/seed.ts';
import { Onboarding } from '../e2e/pages/Onboarding.ts';
import { Send } from '../e2e/pages/Send.ts';
import { DEMO_MNEMONIC } from '../src/core/chain/localChain.ts';
import { type ExecutionCall, selfBatchCall } from '../src/core/smartAccount/execution.ts';
import { type BenchRun, sized } from './benchRun.ts';
import { type BareSteps, bareSender, timeConfirm } from './confirmTiming.ts';
import type { Held } from './held.ts';
import { inMempool, settled } from './sendCalls.ts';
import { SEND_TRACE_SCRIPT, type SendSteps, sendSteps, stepLines, type TraceEvent } from './sendTrace.ts';
import { gasLines, measureBatchGas, upgradeDemoAccount } from './smartAccountGas.ts';
import { type BenchStage, startBenchStage } from './stage.ts';
import { median } from './stats.ts';
import { PAGE_WAIT_MS, until } from './wait.ts';

const FULL_RUNS = Number(process.env.BENCH_SMART_ACCOUNT_RUNS ?? 7);
const CONFIRM_RATIO_BUDGET = 1.3;
/** The app's account (Demo account 1) and the bare send's, both upgraded first. */
const APP_ACCOUNT = 0;
const BARE_ACCOUNT = 1;
/** The batch's two transfers, in the app and in the bare send. */
const ETH_AMOUNT = '0.001';
const DAI_AMOUNT = '1';
const ETH_TO = demoAddress(15);
const DAI_TO = demoAddress(16);
/** Enough for `execute` with an ETH and a DAI transfer: the bare send estimates nothing, as send's. */
const BARE_BATCH_GAS = 200_000n;

const verdict = (within: boolean) => (within ? 'within budget' : 'OVER BUDGET');

export async function benchSmartAccount(bench: BenchRun, held: Held): Promise<string> {
  const RUNS = sized(bench, FULL_RUNS, 1);
  const stage = await startBenchStage(bench, held);
  const nodeUrl = stage.chain.url;
  // Upgraded first: each timed batch is then the same kind of transaction (see the top), and the
  // app never sees the account plain.
  const upgrade = await upgradeDemoAccount(nodeUrl, APP_ACCOUNT);
  await upgradeDemoAccount(nodeUrl, BARE_ACCOUNT);
  // The gas figures use accounts of their own and mined gas alone: measured while the app opens.
  const [gas, page] = await Promise.all([measureBatchGas(nodeUrl), openWallet(stage)]);
  return [
    'Smart account, EIP-7702 (seeded local chain behind a counting proxy)',
    ...gasLines(gas, upgrade),
    ...(await confirmToMempool(bench, RUNS, stage, page)),
  ].join('\n');
}

/** The demo wallet open in a new context with the send trace installed. */
async function openWallet({ app, browser }: BenchStage): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(SEND_TRACE_SCRIPT);
  const page = await context.newPage();
  await page.goto(app.url);
  await new Onboarding(page).openDemoWallet();
  return page;
}

/** Throws unless `from`'s transaction in the head block is a successful call to itself: a mined batch. */
async function batchSucceeded(nodeUrl: string, from: Address): Promise<void> {
  const node = createPublicClient({ chain: hardhat, transport: http(nodeUrl) });
  const block = await node.getBlock({ includeTransactions: true });
  const tx = block.transactions.find((t) => t.from.toLowerCase() === from.toLowerCase());
  if (!tx) throw new Error(`no batch from ${from} in block ${block.number}`);
  if (tx.to?.toLowerCase() !== from.toLowerCase() || tx.type !== 'eip1559')
    throw new Error(`${tx.hash} from ${from} is a ${tx.type} transaction to ${tx.to}, not a batch to itself`);
  const receipt = await node.getTransactionReceipt({ hash: tx.hash });
  if (receipt.status !== 'success') throw new Error(`the batch ${tx.hash} from ${from} reverted`);
}

/** Confirm → mempool of a two-transfer batch in the app, beside the bare self-call from Node. */
async function confirmToMempool(bench: BenchRun, runs: number, stage: BenchStage, page: Page): Promise<string[]> {
  const { chain, proxy } = stage;
  const node = createPublicClient({ chain: hardhat, transport: http(chain.url) });
  const mine = () => node.request({ method: 'evm_mine' } as never);
  const setAutomine = (on: boolean) => node.request({ method: 'evm_setAutomine', params: [on] } as never);
  const { DAI } = demoContractAddresses();
  const from = demoAddress(APP_ACCOUNT);
  const bareAccount = mnemonicToAccount(DEMO_MNEMONIC, { addressIndex: BARE_ACCOUNT });
  const bare = bareSender(proxy.url, chain.url, bareAccount);
  const calls: ExecutionCall[] = [
    { to: ETH_TO, value: parseEther(ETH_AMOUNT), data: '0x' },
    {
      to: DAI,
      value: 0n,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [DAI_TO, parseUnits(DAI_AMOUNT, 18)],
      }),
    },
  ];
  const bareBatch = { ...selfBatchCall(bareAccount.address, calls), gas: BARE_BATCH_GAS };

  const send = new Send(page);
  const confirm = send.review.getByRole('button', { name: 'Confirm and send' });
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
    // Run 0 warms up (the batch review loads, caches fill); a smoke run has none.
    for (let run = bench.smoke ? 1 : 0; run < runs + 1; run++) {
      await send.open();
      await send.fill({ recipient: ETH_TO, asset: 'ETH', amount: ETH_AMOUNT });
      await send.addToBatch();
      await send.fill({ recipient: DAI_TO, asset: 'DAI', amount: DAI_AMOUNT });
      await send.addToBatch();
      await send.reviewBatch();
      // Ready: prepared (the fee line) and previewed (the gas against separate transactions).
      await until('the batch review’s gas against separate transactions', PAGE_WAIT_MS, async () =>
        /in one transaction: (?:less|more) than the /.test((await send.review.textContent()) ?? ''),
      );
      await until('Confirm to be enabled on the batch review', PAGE_WAIT_MS, () => confirm.isEnabled());
      const before = await node.getTransactionCount({ address: from, blockTag: 'pending' });
      // What the last block set off in the background is not this batch's.
      await settled(proxy);
      delay();
      const { clickAt, elapsed } = await timeConfirm(page, confirm);
      await inMempool(chain.url, from, before);
      proxy.setFault({ kind: 'none' });
      const events = await page.evaluate(() => {
        const trace = globalThis as unknown as { __sendTrace: TraceEvent[]; __sendTraceOn: boolean };
        trace.__sendTraceOn = false;
        return trace.__sendTrace.slice();
      });
      await page.getByRole('region', { name: 'Sent', exact: true }).waitFor();
      await mine();
      await batchSucceeded(chain.url, from);

      // The same kind of batch from Node, sent (chain id, pending nonce, sign,
      // eth_sendRawTransaction) once the app's work after that block has ended, as Cairn's
      // Confirm was timed (a smoke run's figure means nothing, and the wait is exercised above).
      if (!bench.smoke) await settled(proxy);
      delay();
      const sent = await bare.send(bareBatch);
      proxy.setFault({ kind: 'none' });
      await mine();
      await batchSucceeded(chain.url, bareAccount.address);
      await page.getByRole('button', { name: 'Send another' }).click();
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
      `  Confirm → in the node's mempool, a batch of ${ETH_AMOUNT} ETH and ${DAI_AMOUNT} DAI from an upgraded account, ${latency ? `+${latency} ms per HTTP request` : 'no added latency'} (median of ${runs} runs, headless Chromium, automine off)`,
      `    Cairn ${mid.toFixed(1)} ms   bare viem type-2 self-call (execute, batch mode) from Node ${base.toFixed(1)} ms   ratio ${ratio.toFixed(2)}×   ${latency ? `budget ≤ ${CONFIRM_RATIO_BUDGET}×: ${verdict(ratio <= CONFIRM_RATIO_BUDGET)}` : `(the ${CONFIRM_RATIO_BUDGET}× budget is judged with latency, where round trips count)`}`,
      `    runs (ms): Cairn ${cairn.map((t) => t.toFixed(1)).join(', ')}; bare ${bareTimes.map((t) => t.toFixed(1)).join(', ')}`,
      '    where Cairn’s time goes (median ms; page-side notes of Web Locks, fetch, IndexedDB, the vault port)',
      ...stepLines(steps),
      `    bare self-call: reads (chain id, nonce) ${median(bareSteps.map((s) => s.reads)).toFixed(1)}, → sign, eth_sendRawTransaction sent ${median(bareSteps.map((s) => s.broadcastStart - s.reads)).toFixed(1)}, → node’s answer ${median(bareSteps.map((s, i) => (bareTimes[i] ?? Number.NaN) - s.broadcastStart)).toFixed(1)}`,
    );
  }
  await page.context().close();
  return lines;
}
