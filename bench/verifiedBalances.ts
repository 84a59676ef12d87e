// Verified balances (issue 39): a portfolio refresh checked against proofs beside the same
// refresh unchecked, for the demo wallet (3 accounts, the local chain's tokens and feeds) and for
// 10 accounts × 200 tokens, on a seeded local chain listed twice (two counting proxies in front
// of one node, as `npm start` lists it), +50 ms per HTTP request. Counts HTTP requests at both
// proxies and times each refresh. A token's first check proves its balances by a verified call
// and learns its layout from the probed slot that holds them: shown apart. Budget for tokens with
// known layouts: at most 4 HTTP requests and 3× the unchecked refresh. Last, the demo wallet under a
// light client's header two blocks newer than its balances: the headers between linked back.
import { type Address, encodeAbiParameters, keccak256, numberToHex, pad } from 'viem';
import { compileContracts } from '../devchain/compile.ts';
import { demoAddress } from '../devchain/seedSupport.ts';
import { portfolioTokens, priceFeedsFor } from '../src/core/assets/catalogue.ts';
import { type PortfolioRequest, readPortfolio } from '../src/core/assets/portfolio.ts';
import { portfolioClaims } from '../src/core/assets/portfolioClaims.ts';
import { chainClient } from '../src/core/chain/client.ts';
import { localNetwork, type Network } from '../src/core/chain/networks.ts';
import { figuresOf } from '../src/core/verify/figureChecks.ts';
import { type LayoutBook, memoryLayoutBook } from '../src/core/verify/layoutBook.ts';
import { headerFrom, sourcesOf } from '../src/core/verify/sources.ts';
import { trusted } from '../src/core/verify/trustedHeader.ts';
import { verifyBalances } from '../src/core/verify/verifyBalances.ts';
import type { RpcFaultProxy } from '../src/testing/rpcFaultProxy.ts';
import { type BenchRun, sized } from './benchRun.ts';
import type { Held } from './held.ts';
import { openProxy, openSeededChain } from './stage.ts';
import { median } from './stats.ts';

const LATENCY_MS = 50;
const BUDGET = { requests: 4, ratio: 3 };
/** DemoToken keeps balances in the mapping at slot 3 (name, symbol, totalSupply before it). */
const DEMO_TOKEN_BALANCE_SLOT = 3n;

const verdict = (within: boolean) => (within ? 'within budget' : 'OVER BUDGET');

export async function benchVerifiedBalances(run: BenchRun, held: Held): Promise<string> {
  const RUNS = sized(run, 9, 1);
  const chain = await openSeededChain(held, run, 'recent');
  const first = await openProxy(held, chain.url);
  const second = await openProxy(held, chain.url);
  const local = localNetwork([first.url, second.url]);
  const demo: PortfolioRequest = {
    accounts: [0, 1, 2].map(demoAddress),
    tokens: portfolioTokens(local, [], [], []).map((t) => t.address),
    feeds: priceFeedsFor(local),
  };
  const large = await placeTokens(chain.url, 10, sized(run, 200, 20));
  const proxies = [first, second];
  const lines = [
    `Verified balances: a portfolio refresh checked against proofs (agreement of 2 RPC URLs), +${LATENCY_MS} ms per HTTP request, median of ${RUNS}, Node, local Hardhat 2.29 node`,
  ];
  for (const [label, request] of [
    [`demo wallet (3 accounts × ${demo.tokens.length} tokens, ${demo.feeds.length} feeds)`, demo],
    [`${large.accounts.length} accounts × ${large.tokens.length} tokens`, large],
  ] as const) {
    lines.push(`  ${label}`, ...(await measure(local, request, proxies, RUNS)));
  }
  lines.push(...(await linkedBack(chain.url, local, demo, proxies, RUNS)));
  return lines.join('\n');
}

/**
 * The demo wallet's balances read, then 2 blocks mined, and checked under a light client's header
 * of the newest block (given): the 2 headers between are linked back by parent hashes in the same
 * request as the proofs, and the balances proven where they were read.
 */
async function linkedBack(
  chainUrl: string,
  base: Network,
  request: PortfolioRequest,
  proxies: RpcFaultProxy[],
  runs: number,
) {
  const [node] = sourcesOf(localNetwork(chainUrl));
  if (!node) throw new Error('no node');
  const book = memoryLayoutBook();
  const times: number[] = [];
  let requests = 0;
  let proven = '';
  for (const p of proxies) p.setFault({ kind: 'delay', ms: LATENCY_MS });
  for (let i = 0; i <= runs; i++) {
    const net = { ...base, id: `bench-linked-${i}` };
    const { snapshot } = await readPortfolio(chainClient(net, 'background'), request, true);
    await node.client.request({ method: 'hardhat_mine', params: ['0x2'] } as never);
    const header = await headerFrom(node, snapshot.blockNumber + 2n);
    if (!header) throw new Error('no header');
    for (const p of proxies) p.resetCounts();
    const started = performance.now();
    const check = await verifyBalances(
      sourcesOf(net, 'prompt'),
      net.chainId,
      { kind: 'given', header: trusted(header, 'lightClient', ['beacon']) },
      portfolioClaims(snapshot, request),
      book,
    );
    const figures = figuresOf(check);
    // The first run learns the layouts; the rest are measured.
    if (i === 0) continue;
    times.push(performance.now() - started);
    requests = Math.max(
      requests,
      proxies.reduce((sum, p) => sum + p.requests, 0),
    );
    proven = `${figures.filter((f) => f.state === 'verified').length} of ${figures.length} figures proven at block ${check.block}, ${snapshot.blockNumber === check.block ? 'the one read' : 'NOT the one read'}`;
  }
  for (const p of proxies) p.setFault({ kind: 'none' });
  return [
    `  demo wallet under a light client's header 2 blocks newer (headers linked back by parent hash)`,
    `    checked                  ${requests} HTTP request(s)   ${median(times).toFixed(1)} ms   (${proven})`,
  ];
}

/** Refreshes unchecked and checked, alternating; the first check (layouts found) apart. */
async function measure(base: Network, request: PortfolioRequest, proxies: RpcFaultProxy[], runs: number) {
  let made = 0;
  const network = () => ({ ...base, id: `bench-verified-${made++}` });
  const requests = () => proxies.reduce((sum, p) => sum + p.requests, 0);
  const reset = () => {
    for (const p of proxies) p.resetCounts();
  };
  for (const p of proxies) p.setFault({ kind: 'delay', ms: LATENCY_MS });
  const book = memoryLayoutBook();
  const refresh = async (checked: boolean, layouts: LayoutBook) => {
    const net = network();
    reset();
    const started = performance.now();
    const { snapshot } = await readPortfolio(chainClient(net, 'background'), request, true);
    if (checked) {
      const client = chainClient(net, 'background');
      const check = await verifyBalances(
        sourcesOf(net, 'prompt'),
        net.chainId,
        { kind: 'agreement' },
        portfolioClaims(snapshot, request),
        layouts,
        async (block) => portfolioClaims((await readPortfolio(client, request, true, block)).snapshot, request),
      );
      const figures = figuresOf(check);
      const proven = figures.filter((f) => f.state === 'verified').length;
      return { ms: performance.now() - started, requests: requests(), proven, figures: figures.length };
    }
    return { ms: performance.now() - started, requests: requests(), proven: 0, figures: 0 };
  };
  const firstCheck = await refresh(true, book);
  const plain: number[] = [];
  const checked: number[] = [];
  let plainRequests = 0;
  let checkedRequests = 0;
  let proven = '';
  for (let i = 0; i < runs; i++) {
    const a = await refresh(false, book);
    const b = await refresh(true, book);
    plain.push(a.ms);
    checked.push(b.ms);
    plainRequests = Math.max(plainRequests, a.requests);
    checkedRequests = Math.max(checkedRequests, b.requests);
    proven = `${b.proven} of ${b.figures} figures proven`;
  }
  for (const p of proxies) p.setFault({ kind: 'none' });
  const ratio = median(checked) / median(plain);
  return [
    `    unchecked refresh        ${plainRequests} HTTP request(s)   ${median(plain).toFixed(1)} ms`,
    `    checked refresh          ${checkedRequests} HTTP request(s)   ${median(checked).toFixed(1)} ms   ratio ${ratio.toFixed(2)}×   (${proven})   budget ≤ ${BUDGET.requests} requests, ≤ ${BUDGET.ratio}×: ${verdict(checkedRequests <= BUDGET.requests && ratio <= BUDGET.ratio)}`,
    `    first check (a verified call proves the balances; layouts learnt)   ${firstCheck.requests} HTTP request(s)   ${firstCheck.ms.toFixed(1)} ms   (${firstCheck.proven} of ${firstCheck.figures} proven)`,
  ];
}

/**
 * `tokenCount` DemoToken contracts placed with hardhat_setCode, each holding a balance for each
 * of `accountCount` fresh accounts set straight into its storage (one JSON-RPC batch each way).
 */
async function placeTokens(url: string, accountCount: number, tokenCount: number): Promise<PortfolioRequest> {
  const runtime = compileContracts().DemoToken?.deployedBytecode;
  if (!runtime) throw new Error('missing compiled contract DemoToken');
  const accounts = Array.from(
    { length: accountCount },
    (_, i) => pad(numberToHex(0xbe00 + i), { size: 20 }) as Address,
  );
  const tokens = Array.from(
    { length: tokenCount },
    (_, i) => pad(numberToHex(0x70c0_0000 + i), { size: 20 }) as Address,
  );
  const calls: { method: string; params: unknown[] }[] = [];
  tokens.forEach((token, t) => {
    calls.push({ method: 'hardhat_setCode', params: [token, runtime] });
    accounts.forEach((account, a) => {
      const slot = keccak256(
        encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [account, DEMO_TOKEN_BALANCE_SLOT]),
      );
      calls.push({
        method: 'hardhat_setStorageAt',
        params: [token, slot, pad(numberToHex(BigInt(t * 1000 + a + 1)), { size: 32 })],
      });
    });
  });
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((call, id) => ({ jsonrpc: '2.0', id, ...call }))),
  });
  const answers = (await response.json()) as { error?: { message: string } }[];
  const failed = answers.find((answer) => answer.error);
  if (failed) throw new Error(`placing the bench's tokens failed: ${failed.error?.message}`);
  // Mined on its own, after: the node's proofs of the latest block include what hardhat_set*
  // changed only once a block holds it.
  await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'evm_mine', params: [] }),
  });
  return { accounts, tokens, feeds: [] };
}
