// Verified call (issue 39): the demo wallet's balances multicall (Multicall3 aggregate3 of the block
// number and time, getEthBalance and balanceOf for accounts 0–2 and DAI, USDC, USDT, MKR) run in
// Cairn's EVM over state proven against a trusted header, beside the node's plain eth_call of it:
// HTTP requests and JSON-RPC calls (at a counting proxy) and time, median of N, with no added
// latency and with 50 ms per HTTP request. The verified call three ways: on the local Hardhat node
// as it is (it has no eth_createAccessList, so the EVM finds what to prove, a batch per run); on a
// node that answers eth_createAccessList (a front answering with the call's true list); and proving
// each read as the EVM meets it (no discovery: the first prototype's way). The trusted header is
// given (agreeing on it is a request to each source of its own). Then a verified batch preview
// beside the unverified one (verifiedBatchPreview.ts). Prints figures; never fails.
import type { Hex } from 'viem';
import { call } from 'viem/actions';
import { chainClient, type ReadPace } from '../src/core/chain/client.ts';
import { localNetwork } from '../src/core/chain/networks.ts';
import { headerFrom, type Source } from '../src/core/verify/sources.ts';
import type { TrustedHeader } from '../src/core/verify/trustedHeader.ts';
import type { VerifiedCallOptions } from '../src/core/verify/verifiedCall.ts';
import { accessListOf, startAccessListNode } from '../src/testing/accessListNode.ts';
import { demoBalancesMulticall } from '../src/testing/balancesMulticall.ts';
import { type BenchRun, sized } from './benchRun.ts';
import type { Held } from './held.ts';
import { openProxy, openSeededChain } from './stage.ts';
import { median } from './stats.ts';
import { benchVerifiedBatchPreview } from './verifiedBatchPreview.ts';

const FULL_RUNS = Number(process.env.BENCH_VERIFIED_CALL_RUNS ?? 15);
const LATENCIES = [0, 50];

type Cell = { ms: number[]; requests: number[]; calls: number[] };
const cell = (): Cell => ({ ms: [], requests: [], calls: [] });

export async function benchVerifiedCall(run: BenchRun, held: Held): Promise<string> {
  const RUNS = sized(run, FULL_RUNS, 1);
  const chain = await openSeededChain(held, run, 'recent');
  const front = await held.open(startAccessListNode(chain.url), (node) => node.close());
  const proxy = await openProxy(held, front.url);
  const balances = demoBalancesMulticall();
  let clients = 0;
  const client = (pace: ReadPace) =>
    chainClient({ ...localNetwork(proxy.url), id: `bench-verified-call-${clients++}` }, pace);
  const source = (pace: ReadPace): Source => ({ url: proxy.url, client: client(pace) });

  const loadStart = performance.now();
  const { verifiedCall } = await import('../src/core/verify/verifiedCall.ts');
  const loadMs = performance.now() - loadStart;

  const direct = chainClient({ ...localNetwork(chain.url), id: 'bench-verified-call-direct' });
  const number = BigInt(await direct.request({ method: 'eth_blockNumber' }));
  const fields = await headerFrom({ url: chain.url, client: direct }, number);
  if (!fields) throw new Error(`the node has no block ${number}`);
  const header: TrustedHeader = {
    number,
    hash: fields.hash,
    stateRoot: fields.stateRoot,
    timestamp: BigInt(fields.timestamp),
    via: 'agreement',
    sources: [chain.url],
    fields,
  };
  const { data: honest } = await call(direct, { ...balances, blockNumber: number });

  // The list an honest node gives is what the call reads: what a verified run proved.
  proxy.resetCounts();
  await verifiedCall(source('background'), header, balances);
  const trueList = accessListOf(proxy.log);

  type Row = { label: string; list: boolean; work: () => Promise<Hex | undefined> };
  const verified =
    (pace: ReadPace, options: VerifiedCallOptions = {}) =>
    async () =>
      (await verifiedCall(source(pace), header, balances, options)).data;
  const rows: Row[] = [
    {
      label: 'node eth_call (unverified)',
      list: false,
      work: async () => (await call(client('prompt'), { ...balances, blockNumber: number })).data,
    },
    { label: 'verified, node without eth_createAccessList', list: false, work: verified('background') },
    { label: 'verified, node with eth_createAccessList', list: true, work: verified('background') },
    { label: 'verified, each read proven as met', list: false, work: verified('background', { discoveringRuns: 0 }) },
    { label: 'verified, no access list, prompt-paced client', list: false, work: verified('prompt') },
  ];

  const lines = [
    `Verified call: the demo wallet's balances multicall (3 accounts × 4 tokens + native), median of ${RUNS} run(s), Node, local Hardhat 2.29 node`,
    `  module load (first import of core/verify/verifiedCall, Node): ${loadMs.toFixed(0)} ms`,
  ];
  let mismatches = 0;
  for (const latency of LATENCIES) {
    proxy.setFault(latency ? { kind: 'delay', ms: latency } : { kind: 'none' });
    const cells = rows.map(cell);
    // One warm-up round (JIT, the node's caches), then the rows alternate so noise falls on all alike.
    for (let i = run.smoke ? 1 : 0; i <= RUNS; i++) {
      for (const [r, row] of rows.entries()) {
        front.list = row.list ? trueList : undefined;
        proxy.resetCounts();
        const start = performance.now();
        const data = await row.work();
        const ms = performance.now() - start;
        if (data !== honest) mismatches++;
        if (i === 0) continue;
        const into = cells[r] as Cell;
        into.ms.push(ms);
        into.requests.push(proxy.requests);
        into.calls.push(Object.values(proxy.calls).reduce((sum, n) => sum + n, 0));
      }
    }
    front.list = undefined;
    const base = median((cells[0] as Cell).ms);
    lines.push(`  ${latency ? `+${latency} ms per HTTP request` : 'no added latency'}`);
    for (const [r, row] of rows.entries()) {
      const c = cells[r] as Cell;
      const ms = median(c.ms);
      lines.push(
        `    ${row.label.padEnd(48)} ${String(median(c.requests)).padStart(2)} HTTP request(s), ${String(median(c.calls)).padStart(2)} JSON-RPC calls, ${ms.toFixed(1).padStart(6)} ms${r === 0 ? '' : `  (${(ms / base).toFixed(1)}× the eth_call)`}`,
      );
    }
  }
  proxy.setFault({ kind: 'none' });
  lines.push(
    `  every answer the same bytes as the node's honest eth_call: ${mismatches === 0 ? 'yes' : `NO (${mismatches} differed)`}`,
    "  sources batch at the 'background' pace (40 ms wait per request, sourcesOf); the prompt-paced row shows that wait's share",
    ...(await benchVerifiedBatchPreview(run, held, chain.url)),
  );
  return lines.join('\n');
}
