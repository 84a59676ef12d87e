// Approvals scan (issue 15): an account with 1,000 approval events (1,000 distinct spenders of
// DAI) spread over 100,000 blocks of a fresh local chain. Counts the HTTP requests (at a proxy)
// and the time of a first scan, a rescan with nothing new, and the read of all 1,000 approvals'
// current state; with no added latency, with 50 ms per request, and through a node that refuses
// log ranges over 10,000 blocks as many hosted nodes do. Prints figures; never fails on timing.
import { type Address, encodeFunctionData, erc20Abi, type Hex, numberToHex, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { demoContractAddresses } from '../devchain/seed.ts';
import { seedClient } from '../devchain/seedSupport.ts';
import { memoryApprovalStore } from '../src/core/approvals/approvalStore.ts';
import { readCurrentApprovals } from '../src/core/approvals/currentApprovals.ts';
import { scanApprovals } from '../src/core/approvals/scanApprovals.ts';
import { chainClient } from '../src/core/chain/client.ts';
import { localNetwork } from '../src/core/chain/networks.ts';
import { startFakeExplorer } from '../src/testing/fakeExplorer.ts';
import type { Fault } from '../src/testing/rpcFaultProxy.ts';
import { type BenchRun, sized } from './benchRun.ts';
import type { Held } from './held.ts';
import { openProxy, openSeededChain } from './stage.ts';

const BLOCKS = 100_000;
const BUDGET = { firstScan: 30, rescan: 2, state: 1 };

/** A fresh key of the bench's own: no seeded history. */
const OWNER = privateKeyToAccount(`0x${'b3'.repeat(32)}` as Hex);

export async function benchApprovalsScan(run: BenchRun, held: Held): Promise<string> {
  const EVENTS = sized(run, 1_000, 20);
  const chain = await openSeededChain(held, run, 'recent');
  const proxy = await openProxy(held, chain.url);
  const { DAI } = demoContractAddresses();
  const node = seedClient(chain.url);
  await node.setBalance({ address: OWNER.address, value: parseEther('100') });
  const gap = BLOCKS / EVENTS - 1;
  const nonce0 = await node.getTransactionCount({ address: OWNER.address });
  let last: Hex = '0x';
  for (let i = 0; i < EVENTS; i++) {
    await node.request({ method: 'hardhat_mine', params: [numberToHex(gap)] } as never);
    const spender = `0x${(i + 1).toString(16).padStart(40, '0')}` as Address;
    const signed = await OWNER.signTransaction({
      chainId: hardhat.id,
      nonce: nonce0 + i,
      to: DAI,
      gas: 60_000n,
      maxFeePerGas: parseEther('0.0000001'),
      maxPriorityFeePerGas: 1n,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, BigInt(i + 1)] }),
    });
    last = await node.sendRawTransaction({ serializedTransaction: signed });
  }
  await node.waitForTransactionReceipt({ hash: last });
  const head = await node.getBlockNumber();

  let clients = 0;
  const client = () => chainClient({ ...localNetwork(proxy.url), id: `bench-approvals-${clients++}` });
  const lines = [
    `Approvals scan: ${EVENTS.toLocaleString('en')} approval events over ${BLOCKS.toLocaleString('en')} blocks (head ${head}), Node, local Hardhat 2.29 node`,
  ];
  const rows: [string, Fault][] = [
    ['no added latency', { kind: 'none' }],
    ['+50 ms per HTTP request', { kind: 'delay', ms: 50 }],
    ['node refusing log ranges over 10,000 blocks', { kind: 'logRangeLimit', maxBlocks: 10_000 }],
  ];
  for (const [label, fault] of rows) {
    proxy.setFault(fault);
    const scanner = { client: client(), store: memoryApprovalStore() };
    proxy.resetCounts();
    let start = performance.now();
    const first = await scanApprovals(scanner, OWNER.address);
    const firstMs = performance.now() - start;
    const firstRequests = proxy.requests;
    proxy.resetCounts();
    start = performance.now();
    await scanApprovals(scanner, OWNER.address);
    const rescanMs = performance.now() - start;
    const rescanRequests = proxy.requests;
    proxy.resetCounts();
    start = performance.now();
    const current = await readCurrentApprovals(scanner.client, OWNER.address, first.events, true);
    const stateMs = performance.now() - start;
    const stateRequests = proxy.requests;
    const within =
      firstRequests <= BUDGET.firstScan && rescanRequests <= BUDGET.rescan && stateRequests <= BUDGET.state;
    lines.push(
      `  ${label}`,
      `    first scan     ${firstRequests} HTTP requests (${first.logReads} log reads), ${firstMs.toFixed(0)} ms, ${first.events.length} events`,
      `    rescan         ${rescanRequests} HTTP request(s), ${rescanMs.toFixed(0)} ms (nothing new)`,
      `    current state  ${stateRequests} HTTP request(s), ${stateMs.toFixed(0)} ms, ${current.length} approvals in force`,
      `    budget ≤ ${BUDGET.firstScan} requests first, ≤ ${BUDGET.rescan} rescan, ${BUDGET.state} for the state: ${within ? 'within budget' : 'OVER BUDGET'}`,
    );
  }
  // The person's explorer reads the whole range by topic; the node only gives the head.
  const explorer = await held.open(startFakeExplorer(chain.url), (e) => e.close());
  proxy.setFault({ kind: 'logRangeLimit', maxBlocks: 10_000 });
  const config = { baseUrl: explorer.url, apiKey: explorer.apiKey };
  const scanner = { client: client(), store: memoryApprovalStore(), explorer: { config } };
  proxy.resetCounts();
  const start = performance.now();
  const scan = await scanApprovals(scanner, OWNER.address);
  const ms = performance.now() - start;
  lines.push(
    '  explorer logs by topic, node refusing log ranges over 10,000 blocks',
    `    first scan     ${proxy.requests} node + ${scan.explorerRequests ?? 0} explorer HTTP requests (${scan.logReads} log reads from the node), ${ms.toFixed(0)} ms, ${scan.events.length} events`,
  );
  return lines.join('\n');
}
