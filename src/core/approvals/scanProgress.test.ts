// How far an approvals scan has read, as scanApprovals reports it: through a node of the test's own
// (a viem client whose transport answers) that holds one Approval event and refuses log ranges over
// a limit, so the scan halves its spans on the way.
import {
  type Address,
  createClient,
  custom,
  encodeAbiParameters,
  encodeEventTopics,
  erc20Abi,
  type Hex,
  numberToHex,
} from 'viem';
import { describe, expect, it } from 'vitest';
import type { ChainClient } from '../chain/client';
import { memoryApprovalStore } from './approvalStore';
import { type ScanProgress, scanApprovals } from './scanApprovals';

const OWNER: Address = '0x00000000000000000000000000000000000000aa';
const SPENDER: Address = '0x00000000000000000000000000000000000000bb';
const TOKEN: Address = '0x00000000000000000000000000000000000000cc';
const hashOf = (n: bigint): Hex => `0x${n.toString(16).padStart(64, '0')}`;

/** A node at `head` refusing eth_getLogs ranges over `limit` blocks, with one Approval at block 42,000. */
function node(head: bigint, limit: bigint): { client: ChainClient; ranges: [bigint, bigint][] } {
  const ranges: [bigint, bigint][] = [];
  const approval = {
    address: TOKEN,
    topics: encodeEventTopics({ abi: erc20Abi, eventName: 'Approval', args: { owner: OWNER, spender: SPENDER } }),
    data: encodeAbiParameters([{ type: 'uint256' }], [5n]),
    blockNumber: numberToHex(42_000n),
    transactionHash: hashOf(1n),
    transactionIndex: '0x0',
    logIndex: '0x0',
    blockHash: hashOf(42_000n),
    removed: false,
  };
  const client = createClient({
    chain: {
      id: 31_337,
      name: 'Test',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://node.test'] } },
    },
    transport: custom(
      {
        async request({ method, params }) {
          if (method === 'eth_getBlockByNumber') {
            const [tag] = params as [string];
            const number = tag === 'latest' ? head : BigInt(tag);
            return { number: numberToHex(number), hash: hashOf(number), timestamp: '0x0', transactions: [] };
          }
          if (method === 'eth_getTransactionCount') return '0x1';
          if (method === 'eth_getLogs') {
            const [{ fromBlock, toBlock }] = params as [{ fromBlock: Hex; toBlock: Hex }];
            const from = BigInt(fromBlock);
            const to = BigInt(toBlock);
            ranges.push([from, to]);
            if (to - from + 1n > limit) throw Object.assign(new Error('block range too large'), { code: -32005 });
            return from <= 42_000n && 42_000n <= to ? [approval] : [];
          }
          throw new Error(`not served: ${method}`);
        },
      },
      { retryCount: 0 },
    ),
  });
  return { client: client as unknown as ChainClient, ranges };
}

describe('progress of an approvals scan', () => {
  it('reports blocks done of the range, never going back, from 0 to the whole range', async () => {
    const { client, ranges } = node(99_999n, 10_000n);
    const heard: ScanProgress[] = [];
    const scan = await scanApprovals({ client, store: memoryApprovalStore() }, OWNER, {
      onProgress: (progress) => heard.push(progress),
    });
    expect(scan.events).toHaveLength(1);
    // Refused ranges were asked again smaller: more requests than reports of progress.
    expect(ranges.some(([from, to]) => to - from + 1n > 10_000n)).toBe(true);
    expect(heard.length).toBeGreaterThan(2);
    expect(heard.every((p) => p.total === 100_000n)).toBe(true);
    expect(heard[0]?.done).toBe(0n);
    expect(heard.at(-1)?.done).toBe(100_000n);
    for (let i = 1; i < heard.length; i++) {
      expect(heard[i]?.done).toBeGreaterThan(heard[i - 1]?.done ?? 0n);
    }
  });

  it('reports only the blocks a later scan reads again, and nothing when the head has not moved', async () => {
    const store = memoryApprovalStore();
    const first = node(99_999n, 1_000_000n);
    await scanApprovals({ client: first.client, store }, OWNER);
    const later = node(100_099n, 1_000_000n);
    const heard: ScanProgress[] = [];
    await scanApprovals({ client: later.client, store }, OWNER, { onProgress: (p) => heard.push(p) });
    // From REORG_DEPTH blocks before the last head to the new one.
    expect(heard).toEqual([
      { done: 0n, total: 112n },
      { done: 112n, total: 112n },
    ]);
    const still: ScanProgress[] = [];
    await scanApprovals({ client: later.client, store }, OWNER, { onProgress: (p) => still.push(p) });
    expect(still).toEqual([]);
  });
});
