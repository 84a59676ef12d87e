// Portfolio refresh at scale: 10 accounts × 200 tokens through a proxy that adds 50 ms to
// every HTTP request (a distant node), Cairn's Multicall3 read against a naive wallet that
// sends one eth_call per balance (6 at a time, as a browser allows per host). The node's own
// execution time is printed apart (it dominates Cairn's single request on a small machine), and
// the budget is on what each client costs without it.

import { readFileSync } from 'node:fs';
import { type Address, createTestClient, encodeFunctionData, erc20Abi, http, publicActions, walletActions } from 'viem';
import { hardhat } from 'viem/chains';
import { startChain } from '../devchain/chain.ts';
import { compileContracts } from '../devchain/compile.ts';
import { demoAddress } from '../devchain/seed.ts';
import { findFreePort } from '../scripts/serve/ports.ts';
import { readPortfolio } from '../src/core/assets/portfolio.ts';
import { chainClient } from '../src/core/chain/client.ts';
import { MULTICALL3_ADDRESS } from '../src/core/chain/localChain.ts';
import { localNetwork } from '../src/core/chain/networks.ts';
import { startRpcFaultProxy } from '../src/testing/rpcFaultProxy.ts';
import { type BenchRun, sized } from './benchRun.ts';
import { median } from './stats.ts';

const LATENCY_MS = 50;
const NAIVE_CONCURRENCY = 6;

async function deployTokens(url: string, TOKENS: number): Promise<Address[]> {
  const client = createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(url) })
    .extend(publicActions)
    .extend(walletActions);
  const code = readFileSync(
    new URL('../devchain/multicall3-runtime.hex', import.meta.url),
    'utf8',
  ).trim() as `0x${string}`;
  await client.setCode({ address: MULTICALL3_ADDRESS, bytecode: code });
  const token = compileContracts().DemoToken;
  if (!token) throw new Error('DemoToken missing');
  const { abi, bytecode } = token;
  const deployer = demoAddress(19);
  await client.setAutomine(false);
  const hashes: `0x${string}`[] = [];
  for (let i = 0; i < TOKENS; i++)
    hashes.push(await client.deployContract({ account: deployer, abi, bytecode, args: [`Bench ${i}`, `B${i}`, 18] }));
  // 200 deployments take several blocks' gas: mine until they are all in.
  await client.mine({ blocks: Math.ceil(TOKENS / 10) });
  await client.setAutomine(true);
  const receipts = await Promise.all(hashes.map((hash) => client.getTransactionReceipt({ hash })));
  return receipts.map((r) => r.contractAddress as Address);
}

type Job = { method: string; params: unknown[] };

function naiveJobs(accounts: Address[], tokens: Address[]): Job[] {
  const jobs: Job[] = [];
  for (const account of accounts) {
    jobs.push({ method: 'eth_getBalance', params: [account, 'latest'] });
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [account] });
    for (const token of tokens) jobs.push({ method: 'eth_call', params: [{ to: token, data }, 'latest'] });
  }
  return jobs;
}

const send = (url: string, job: Job) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...job }),
  }).then((r) => r.text());

async function naiveRefresh(url: string, jobs: Job[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      if (job) await send(url, job);
    }
  };
  await Promise.all(Array.from({ length: NAIVE_CONCURRENCY }, worker));
}

/** The node's time for the naive refresh's requests, sent one at a time straight to it (HTTP included). */
async function naiveNodeMs(url: string, jobs: Job[]): Promise<number> {
  const start = performance.now();
  for (const job of jobs) await send(url, job);
  return performance.now() - start;
}

export async function benchPortfolio(run: BenchRun): Promise<string> {
  const ACCOUNTS = sized(run, 10, 2);
  const TOKENS = sized(run, 200, 5);
  const chain = await startChain({ port: await findFreePort() });
  const proxy = await startRpcFaultProxy(chain.url);
  try {
    const tokens = await deployTokens(chain.url, TOKENS);
    const accounts = Array.from({ length: ACCOUNTS }, (_, i) => demoAddress(i));
    proxy.setFault({ kind: 'delay', ms: LATENCY_MS });
    const network = { ...localNetwork(proxy.url), id: 'bench' };
    const client = chainClient(network);
    const request = { accounts, tokens, feeds: [] };
    let multicall: boolean | undefined;
    const times: number[] = [];
    const nodeTimes: number[] = [];
    let requests = 0;
    for (let i = 0; i < sized(run, 5, 2); i++) {
      proxy.resetCounts();
      const start = performance.now();
      const result = await readPortfolio(client, request, multicall);
      times.push(performance.now() - start);
      nodeTimes.push(proxy.upstreamMs);
      multicall = result.multicall;
      requests = Math.max(requests, proxy.requests);
    }
    const steady = median(times.slice(1));
    const node = median(nodeTimes.slice(1));
    const own = steady - node - LATENCY_MS * requests;
    const jobs = naiveJobs(accounts, tokens);
    proxy.resetCounts();
    const naiveStart = performance.now();
    await naiveRefresh(proxy.url, jobs);
    const naive = performance.now() - naiveStart;
    const naiveRequests = proxy.requests;
    const naiveNode = await naiveNodeMs(chain.url, jobs);
    // Without the node's execution on either side: what each client costs (requests, latency,
    // encoding, decoding). The naive side loses all of its node time, also what overlapped with
    // its latency, so this ratio errs against Cairn.
    const ownSpeedUp = (naive - naiveNode) / (steady - node);
    return [
      `Portfolio refresh: ${ACCOUNTS} accounts × ${TOKENS} tokens (+ native), proxy adds ${LATENCY_MS} ms per HTTP request`,
      `  Cairn (Multicall3)   first read ${times[0]?.toFixed(0)} ms (code check included), refresh ${steady.toFixed(0)} ms (median), ${requests} HTTP request(s) per refresh   budget ≤ 2: ${requests <= 2 ? 'within budget' : 'OVER BUDGET'}`,
      `    of which: the node executing it ${node.toFixed(0)} ms (timed at the proxy), added latency ${LATENCY_MS * requests} ms, Cairn itself (encode, HTTP, decode) ${own.toFixed(0)} ms`,
      `  naive (1 eth_call per balance, ${NAIVE_CONCURRENCY} at a time)   ${naive.toFixed(0)} ms, ${naiveRequests} HTTP requests for ${jobs.length} balances`,
      `    the node executing them, sent one by one straight to it: ${naiveNode.toFixed(0)} ms`,
      `  speed-up, wall clock                     ${(naive / steady).toFixed(1)}×`,
      `  speed-up of what each client itself costs (wall minus the node's execution)   ${(naive - naiveNode).toFixed(0)} ms / ${(steady - node).toFixed(0)} ms = ${ownSpeedUp.toFixed(1)}×   budget ≥ 20×: ${ownSpeedUp >= 20 ? 'within budget' : 'OVER BUDGET'}`,
    ].join('\n');
  } finally {
    await proxy.close();
    await chain.stop();
  }
}
