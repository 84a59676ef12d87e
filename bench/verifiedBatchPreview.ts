// Verified batch preview (issue 48): an atomic batch of two calls (1 ETH and 5 USDC to another
// account) from demo account 0, previewed as the one transaction that is mined (to itself, the
// delegate's `execute`, a plain account's signed authorization with it), as the review previews
// it on the local Hardhat node (struct logs; the strategy given, as the probe would find it): alone
// (unverified), and then checked (verified: the same call run by the node and by Cairn's EVM over
// state proven at the preview's block, agreed by both URLs, and the preview's events and coin
// moves held against the run). HTTP requests at both URLs' counting proxies and ms, median of N,
// alternating, with no added latency and with 50 ms per HTTP request. Prints figures; never fails.
import { encodeFunctionData, erc20Abi, parseEther } from 'viem';
import { demoAddress, demoContractAddresses } from '../devchain/seed.ts';
import { chainClient } from '../src/core/chain/client.ts';
import { LOCAL_CHAIN_ID } from '../src/core/chain/localChain.ts';
import { localNetwork } from '../src/core/chain/networks.ts';
import type { ProbeCache } from '../src/core/simulation/probe.ts';
import { simulateTransaction } from '../src/core/simulation/simulate.ts';
import type { UnsignedTransaction } from '../src/core/simulation/types.ts';
import { readSmartAccountState } from '../src/core/smartAccount/accountState.ts';
import { selfPaidBatch } from '../src/core/smartAccount/atomicSend.ts';
import { sourcesOf } from '../src/core/verify/sources.ts';
import type { RpcFaultProxy } from '../src/testing/rpcFaultProxy.ts';
import { demoSigner, testNode } from '../src/testing/txFixtures.ts';
import { type BenchRun, sized } from './benchRun.ts';
import type { Held } from './held.ts';
import { openProxy } from './stage.ts';
import { median } from './stats.ts';

const FULL_RUNS = Number(process.env.BENCH_VERIFIED_BATCH_RUNS ?? 15);
const LATENCIES = [0, 50];

type Cell = { ms: number[]; requests: number[] };

/** The section's lines for the verified batch preview, on the seeded chain at `chainUrl`. */
export async function benchVerifiedBatchPreview(run: BenchRun, held: Held, chainUrl: string): Promise<string[]> {
  const RUNS = sized(run, FULL_RUNS, 1);
  const first = await openProxy(held, chainUrl);
  const second = await openProxy(held, chainUrl);
  const proxies: RpcFaultProxy[] = [first, second];
  let networks = 0;
  const network = () => ({ ...localNetwork([first.url, second.url]), id: `bench-verified-batch-${networks++}` });

  const { USDC } = demoContractAddresses();
  const account = await demoSigner(0);
  const client = chainClient({ ...localNetwork(chainUrl), id: 'bench-verified-batch-direct' });
  const state = await readSmartAccountState(client, account.address);
  const nonce = await testNode(chainUrl).getTransactionCount({ address: account.address });
  const calls = [
    { to: demoAddress(9), value: parseEther('1'), data: '0x' as const },
    {
      to: USDC,
      value: 0n,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [demoAddress(9), 5_000_000n] }),
    },
  ];
  const batch = await selfPaidBatch({ client, chainId: LOCAL_CHAIN_ID }, account, state, calls, nonce);
  const tx: UnsignedTransaction & { to: `0x${string}` } = {
    from: account.address,
    ...batch.call,
    ...(batch.authorizations.length ? { authorizationList: batch.authorizations } : {}),
    gas: 300_000n,
  };

  const { checkPreview } = await import('../src/core/simulation/previewCheck.ts');
  const preview = (on: ReturnType<typeof network>) =>
    simulateTransaction(chainClient(on, 'prompt'), tx, { cache: new Map() as ProbeCache, strategy: 'structLogs' });
  let proven = 0;
  let checked = 0;
  const rows = [
    { label: 'preview alone (unverified)', work: async () => void (await preview(network())) },
    {
      label: 'preview, then its check (verified)',
      work: async () => {
        const on = network();
        const shown = await preview(on);
        const check = await checkPreview(sourcesOf(on, 'prompt'), { kind: 'agreement' }, tx, shown, 0n);
        checked++;
        if (check.state === 'verified' && check.changes.state === 'proven') proven++;
      },
    },
  ];

  const lines = [
    `Verified batch preview: 2 calls (ETH and USDC) from a ${state.kind} account as the one transaction mined${batch.authorizations.length ? ' (with its authorization)' : ''}, median of ${RUNS} run(s), Node, local Hardhat 2.29 node (struct-log traces, no eth_createAccessList)`,
  ];
  for (const latency of LATENCIES) {
    for (const proxy of proxies) proxy.setFault(latency ? { kind: 'delay', ms: latency } : { kind: 'none' });
    const cells: Cell[] = rows.map(() => ({ ms: [], requests: [] }));
    // One warm-up round, then the rows alternate so noise falls on both alike.
    for (let i = run.smoke ? 1 : 0; i <= RUNS; i++) {
      for (const [r, row] of rows.entries()) {
        for (const proxy of proxies) proxy.resetCounts();
        const start = performance.now();
        await row.work();
        const ms = performance.now() - start;
        if (i === 0) continue;
        const into = cells[r] as Cell;
        into.ms.push(ms);
        into.requests.push(first.requests + second.requests);
      }
    }
    const base = median((cells[0] as Cell).ms);
    lines.push(`  ${latency ? `+${latency} ms per HTTP request` : 'no added latency'}`);
    for (const [r, row] of rows.entries()) {
      const c = cells[r] as Cell;
      const ms = median(c.ms);
      lines.push(
        `    ${row.label.padEnd(36)} ${String(median(c.requests)).padStart(2)} HTTP request(s), ${ms.toFixed(1).padStart(7)} ms${r === 0 ? '' : `  (${(ms / base).toFixed(1)}× the unverified preview)`}`,
      );
    }
  }
  for (const proxy of proxies) proxy.setFault({ kind: 'none' });
  lines.push(
    `  every check found the preview's changes proven: ${proven === checked ? 'yes' : `NO (${checked - proven} of ${checked} not)`}`,
    '  requests: both URLs (the second gives its header for the agreement); the preview and the check run one after the other',
  );
  return lines;
}
