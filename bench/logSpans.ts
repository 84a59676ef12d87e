// Log spans (issue 50): a quiet 100,000-block Safe history, the search for a kept Safe
// transaction's outcome over the same blocks, and a first approvals scan of an owner with none,
// on a fresh local chain of 100,000 empty blocks behind a counting proxy. Each is read by the one
// log-span rule (chain/logSpan.ts), beside the rule approvals and the Safe's outcome search used
// before it (doubling after 4 quiet reads from 8 blocks), read through the same proxy in the same
// run, and beside one bare viem eth_getLogs a span the node takes. With no added latency, with
// 50 ms per request, and through a node refusing log ranges over 10,000 blocks (read twice: the
// second read of that network starts within the limit it learnt). Budget: the Safe history in at
// most 6 requests. Prints figures; never fails on timing.
import { type Address, createPublicClient, http, keccak256, numberToHex, toHex } from 'viem';
import { hardhat } from 'viem/chains';
import { memoryApprovalStore } from '../src/core/approvals/approvalStore.ts';
import { scanApprovals } from '../src/core/approvals/scanApprovals.ts';
import { headBlockOf } from '../src/core/chain/chainHead.ts';
import { chainClient } from '../src/core/chain/client.ts';
import { FIRST_LOG_SPAN } from '../src/core/chain/logRanges.ts';
import { localNetwork } from '../src/core/chain/networks.ts';
import { readSafeHistory } from '../src/core/safe/safeHistory.ts';
import { outcomeAfterNonce } from '../src/core/safe/safeOutcome.ts';
import type { Fault } from '../src/testing/rpcFaultProxy.ts';
import { type BenchRun, sized } from './benchRun.ts';
import type { Held } from './held.ts';
import { openChain, openProxy } from './stage.ts';

const BUDGET_REQUESTS = 6;
/** A Safe and an owner with no logs: any address reads as a quiet one. */
const QUIET = '0x5afe00000000000000000000000000000000c0de' as Address;

/**
 * The rule before issue 50, for the baseline: from 8 blocks, doubling after 4 quiet reads, halving
 * what it asked on a refusal and then never growing again.
 */
async function doublingReads(read: (from: bigint, to: bigint) => Promise<unknown>, from: bigint, to: bigint) {
  let span = FIRST_LOG_SPAN;
  let quiet = 0;
  let refused = false;
  for (let cursor = from; cursor <= to; ) {
    const end = cursor + span - 1n < to ? cursor + span - 1n : to;
    try {
      await read(cursor, end);
    } catch {
      [span, quiet, refused] = [(end - cursor + 1n) / 2n, 0, true];
      continue;
    }
    cursor = end + 1n;
    if (++quiet >= 4 && !refused) [span, quiet] = [span * 2n, 0];
  }
}

export async function benchLogSpans(run: BenchRun, held: Held): Promise<string> {
  const blocks = sized(run, 100_000n, 10_000n);
  const chain = await openChain(held);
  const proxy = await openProxy(held, chain.url);
  const bare = createPublicClient({ chain: hardhat, transport: http(proxy.url) });
  await bare.request({ method: 'hardhat_mine', params: [numberToHex(blocks)] } as never);
  const head = headBlockOf(await bare.getBlock());
  const from = head.number - blocks;
  let networks = 0;
  const client = () => chainClient({ ...localNetwork(proxy.url), id: `bench-log-spans-${networks++}` });
  const measure = async (work: () => Promise<unknown>) => {
    proxy.resetCounts();
    const start = performance.now();
    await work();
    return `${proxy.requests} requests, ${(performance.now() - start).toFixed(0)} ms`;
  };
  const getLogs = (address?: Address) => (fromBlock: bigint, toBlock: bigint) =>
    bare.request({
      method: 'eth_getLogs',
      params: [{ fromBlock: numberToHex(fromBlock), toBlock: numberToHex(toBlock), ...(address ? { address } : {}) }],
    } as never);
  const lines = [
    `Log spans: ${blocks.toLocaleString('en')} quiet blocks (head ${head.number}), Node, local Hardhat node; budget: the Safe history in ≤ ${BUDGET_REQUESTS} requests`,
  ];
  const rows: [string, Fault][] = [
    ['no added latency', { kind: 'none' }],
    ['+50 ms per HTTP request', { kind: 'delay', ms: 50 }],
    ['node refusing log ranges over 10,000 blocks', { kind: 'logRangeLimit', maxBlocks: 10_000 }],
  ];
  for (const [label, fault] of rows) {
    proxy.setFault(fault);
    const limited = fault.kind === 'logRangeLimit';
    const network = client();
    let safeRequests = 0;
    const history = await measure(async () => {
      await readSafeHistory(network, QUIET, head);
      safeRequests = proxy.requests;
    });
    const again = limited ? await measure(() => readSafeHistory(network, QUIET, head)) : '';
    const outcome = await measure(() =>
      outcomeAfterNonce(client(), { safe: QUIET, hash: keccak256(toHex('kept')), from, head: head.number }),
    );
    const approvals = await measure(() =>
      scanApprovals({ client: client(), store: memoryApprovalStore() }, QUIET, { evenIfNeverSent: true }),
    );
    const before = await measure(() => doublingReads(getLogs(QUIET), from, head.number));
    const floor = await measure(async () => {
      const step = limited ? 10_000n : blocks + 1n;
      for (let start = from; start <= head.number; start += step)
        await getLogs(QUIET)(start, start + step - 1n < head.number ? start + step - 1n : head.number);
    });
    lines.push(
      `  ${label}`,
      `    Safe history            ${history}${limited ? `; again on that network ${again}` : ''}`,
      `    Safe outcome search     ${outcome}`,
      `    approvals first scan    ${approvals}`,
      `    before (doubling)       ${before} (the rule the outcome search read by, and approvals after a refusal)`,
      `    bare viem eth_getLogs   ${floor} (${limited ? '10,000-block spans' : 'one span: approvals’ first scan before'})`,
    );
    // A node taking 10,000 blocks a read needs 10 for 100,000 whatever the rule: no budget there.
    if (!limited)
      lines.push(
        `    budget ≤ ${BUDGET_REQUESTS} requests for the Safe history: ${safeRequests <= BUDGET_REQUESTS ? 'within budget' : 'OVER BUDGET'}`,
      );
  }
  return lines.join('\n');
}
