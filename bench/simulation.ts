// Transaction preview: time (median) and JSON-RPC round trips (HTTP requests counted at the proxy)
// of simulateTransaction per strategy the local Hardhat node offers (structLogs, stateOverride;
// it has neither eth_simulateV1 nor the callTracer), cold (the strategy probe's batch included, a
// fresh cache) and warm (probe cached), beside a bare eth_call of the same transaction through the
// same proxy; with no added latency and with 50 ms per HTTP request. The transaction carries what
// Send prepares: fee fields, gas limit and nonce, so each preview reads the next block (latest
// block, next base fee; the balance for stateOverride) in a batch of its own before it simulates.
// Then what a review open on a transaction asks the node at each new block. Prints figures; never fails.
import {
  type Address,
  createPublicClient,
  createTestClient,
  encodeFunctionData,
  erc20Abi,
  http,
  maxUint256,
  parseEther,
} from 'viem';
import { hardhat } from 'viem/chains';
import { scenarioContractAddresses } from '../devchain/scenarios.ts';
import { demoAddress, demoContractAddresses } from '../devchain/seed.ts';
import { seedClient } from '../devchain/seedSupport.ts';
import { chainClient } from '../src/core/chain/client.ts';
import { localNetwork } from '../src/core/chain/networks.ts';
import { demoSwapAbi } from '../src/core/contracts/exampleAbis/demoSwapAbi.generated.ts';
import { type PreviewWithFacts, previewWithFacts } from '../src/core/simulation/facts.ts';
import { createProbeCache, probeStrategy } from '../src/core/simulation/probe.ts';
import { simulateTransaction } from '../src/core/simulation/simulate.ts';
import type { SimulationStrategy, UnsignedTransaction } from '../src/core/simulation/types.ts';
import type { RpcFaultProxy } from '../src/testing/rpcFaultProxy.ts';
import { type BenchRun, sized } from './benchRun.ts';
import type { Held } from './held.ts';
import { openProxy, openSeededChain } from './stage.ts';
import { median } from './stats.ts';

const FULL_RUNS = Number(process.env.BENCH_SIMULATION_RUNS ?? 15);
const LATENCIES = [0, 50];
/** Strategies Hardhat 2.29 offers; eth_simulateV1 and debug_traceCall's callTracer it refuses. */
const LOCAL_STRATEGIES: readonly SimulationStrategy[] = ['structLogs', 'stateOverride'];
const BUDGET = { roundTrips: 2, ms: 150 };

/** The trader: a seeded account holding DAI, which approves the swap before the runs. */
const TRADER = demoAddress(0);

/** The transaction previewed: swap(DAI, 100 DAI, USDC, 99 USDC) on the seeded DemoSwap, with Send's fields. */
function swapTx(fields: { nonce: number; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }): UnsignedTransaction {
  const { DAI, USDC } = demoContractAddresses();
  return {
    from: TRADER,
    to: scenarioContractAddresses().SWAP,
    data: encodeFunctionData({
      abi: demoSwapAbi,
      functionName: 'swap',
      args: [DAI, parseEther('100'), USDC, 99_000_000n],
    }),
    gas: 300_000n,
    ...fields,
  };
}

/** An unlimited DAI allowance to the swap: its review reads the code at the spender for its warnings. */
function approveTx(): UnsignedTransaction {
  const { DAI } = demoContractAddresses();
  return {
    from: TRADER,
    to: DAI,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [scenarioContractAddresses().SWAP, maxUint256],
    }),
    gas: 80_000n,
    maxFeePerGas: 3_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
  };
}

/**
 * What a review open on each transaction asks the node at each new block, as the review does it
 * (previewWithFacts, as lib/queries/simulationQueries calls it: simulateTransaction, then the
 * facts its warnings need, read again only when they differ): JSON-RPC calls (what a provider bills) and HTTP round trips,
 * median over `BLOCKS` blocks, per strategy. The shared head follower's poll (eth_chainId and
 * eth_blockNumber, once per poll for every screen) is not the review's.
 */
async function callsPerBlock(
  freshClient: () => ReturnType<typeof chainClient>,
  proxy: RpcFaultProxy,
  chainUrl: string,
  txs: readonly UnsignedTransaction[],
  tokens: Address[],
  BLOCKS: number,
): Promise<string[]> {
  const miner = createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(chainUrl) });
  const lines = [`  calls per block with a review open (median of ${BLOCKS} blocks; the head follower's poll apart)`];
  for (const strategy of LOCAL_STRATEGIES) {
    for (const [label, tx] of [
      ['swap', txs[0]],
      ['unlimited approval', txs[1]],
    ] as const) {
      if (!tx) continue;
      const client = freshClient();
      const options = { cache: createProbeCache(), strategy, watch: { tokens } };
      const review = (previous: PreviewWithFacts | undefined) =>
        previewWithFacts(client, [TRADER], () => simulateTransaction(client, tx, options), previous);
      let shown = await review(undefined);
      const calls: number[] = [];
      const trips: number[] = [];
      for (let block = 0; block < BLOCKS; block++) {
        await miner.mine({ blocks: 1 });
        proxy.resetCounts();
        shown = await review(shown);
        calls.push(Object.values(proxy.calls).reduce((sum, n) => sum + n, 0));
        trips.push(proxy.requests);
      }
      lines.push(
        `    ${strategy.padEnd(13)} ${label.padEnd(18)}   ${median(calls)} JSON-RPC calls in ${median(trips)} round trip(s) per block`,
      );
    }
  }
  return lines;
}

type Cell = { ms: number[]; trips: number[]; node: number[] };
const cell = (): Cell => ({ ms: [], trips: [], node: [] });

export async function benchSimulation(run: BenchRun, held: Held): Promise<string> {
  const RUNS = sized(run, FULL_RUNS, 1);
  const chain = await openSeededChain(held, run, 'recent');
  const proxy = await openProxy(held, chain.url);
  const contracts = demoContractAddresses();
  const seeded = seedClient(chain.url);
  const approval = await seeded.writeContract({
    account: TRADER,
    chain: hardhat,
    address: contracts.DAI,
    abi: erc20Abi,
    functionName: 'approve',
    args: [scenarioContractAddresses().SWAP, maxUint256],
  });
  await seeded.waitForTransactionReceipt({ hash: approval });
  const fees = await seeded.estimateFeesPerGas();
  const tx = swapTx({ nonce: await seeded.getTransactionCount({ address: TRADER }), ...fees });
  // The person's portfolio tokens, which the stateOverride strategy watches besides those the call names.
  const portfolio: Address[] = [contracts.DAI, contracts.USDC, contracts.USDT, contracts.MKR];
  let clients = 0;
  const freshClient = () => chainClient({ ...localNetwork(proxy.url), id: `bench-simulation-${clients++}` });
  const bare = createPublicClient({ chain: hardhat, transport: http(proxy.url) });

  /** One measured run: the time of `work` and the HTTP requests the proxy saw meanwhile. */
  async function measure(into: Cell, work: () => Promise<unknown>) {
    proxy.resetCounts();
    const start = performance.now();
    await work();
    into.ms.push(performance.now() - start);
    into.trips.push(proxy.requests);
    into.node.push(proxy.upstreamMs);
  }

  const lines = [
    `Transaction preview: a DAI→USDC swap on DemoSwap with its fee fields, gas limit and nonce (median of ${RUNS} runs, Node, local Hardhat 2.29 node)`,
  ];
  const chosen = await probeStrategy(freshClient(), createProbeCache());
  for (const latency of LATENCIES) {
    proxy.setFault(latency ? { kind: 'delay', ms: latency } : { kind: 'none' });
    const baseline = cell();
    const cold = new Map(LOCAL_STRATEGIES.map((s) => [s, cell()]));
    const warm = new Map(LOCAL_STRATEGIES.map((s) => [s, cell()]));
    // One warm-up round (JIT, the node's caches), then alternate so noise falls on all alike.
    for (let i = run.smoke ? 1 : 0; i <= RUNS; i++) {
      const keep = i > 0;
      const sink = (c: Cell | undefined) => (keep && c ? c : cell());
      await measure(sink(baseline), () =>
        bare.call({ account: tx.from, to: tx.to, data: tx.data, gas: tx.gas, nonce: tx.nonce, ...fees }),
      );
      for (const strategy of LOCAL_STRATEGIES) {
        const client = freshClient();
        const cache = createProbeCache();
        // Cold: the probe's batch (it picks `chosen` on this node whatever the strategy run) goes
        // with the read of the next block, then the simulation; a node offering only eth_call
        // would pay the same.
        await measure(sink(cold.get(strategy)), () =>
          simulateTransaction(client, tx, { cache, strategy, watch: { tokens: portfolio } }),
        );
        await measure(sink(warm.get(strategy)), () =>
          simulateTransaction(client, tx, { cache, strategy, watch: { tokens: portfolio } }),
        );
      }
    }
    const base = median(baseline.ms);
    lines.push(
      `  ${latency ? `+${latency} ms per HTTP request` : 'no added latency'}`,
      `    bare eth_call of the same transaction   ${base.toFixed(1)} ms (node ${median(baseline.node).toFixed(1)})   ${median(baseline.trips)} round trip(s)`,
    );
    for (const strategy of LOCAL_STRATEGIES) {
      for (const [label, c] of [
        ['cold (probe included)', cold.get(strategy)],
        ['warm (probe cached)  ', warm.get(strategy)],
      ] as const) {
        if (!c) continue;
        const ms = median(c.ms);
        const trips = median(c.trips);
        const isChosen = strategy === chosen && latency === 0;
        const verdict = isChosen
          ? `   budget ≤ ${BUDGET.roundTrips} round trips, ≤ ${BUDGET.ms} ms: ${
              trips <= BUDGET.roundTrips && ms <= BUDGET.ms ? 'within budget' : 'OVER BUDGET'
            }`
          : '';
        lines.push(
          `    ${strategy.padEnd(13)} ${label}   ${ms.toFixed(1).padStart(6)} ms (node ${median(c.node).toFixed(1)})   ${trips} round trip(s)   ${(ms / base).toFixed(1)}× the bare eth_call${verdict}`,
        );
        if (process.env.BENCH_SIMULATION_ALL) lines.push(`      [${c.ms.map((t) => t.toFixed(0)).join(', ')}]`);
      }
    }
  }
  lines.push(
    `  the probe picks ${chosen} on this node; eth_simulateV1 and the callTracer are not offered by Hardhat, so not measured`,
  );
  proxy.setFault({ kind: 'none' });
  lines.push(...(await callsPerBlock(freshClient, proxy, chain.url, [tx, approveTx()], portfolio, sized(run, 5, 1))));
  return lines.join('\n');
}
