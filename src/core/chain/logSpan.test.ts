import { describe, expect, it } from 'vitest';
import type { ChainClient } from './client';
import { FIRST_LOG_SPAN, LOGS_PER_READ } from './logRanges';
import { learntSpansOf, readLogs, startSpan } from './logSpan';

/**
 * A node holding `perBlock(b)` logs in block b, refusing spans over `limit` blocks as hosted
 * nodes word it (naming the limit), or without naming it when `named` is false.
 */
function node(perBlock: (block: bigint) => number, limit?: bigint, named = true) {
  const spans: bigint[] = [];
  const read = async (from: bigint, to: bigint) => {
    spans.push(to - from + 1n);
    if (limit !== undefined && to - from + 1n > limit)
      throw Object.assign(new Error(named ? `query exceeds max block range ${limit}` : 'block range too large'), {
        code: -32005,
      });
    const logs: bigint[] = [];
    for (let b = from; b <= to; b++) for (let i = 0; i < perBlock(b); i++) logs.push(b);
    return logs;
  };
  return { read, spans };
}

const quiet = () => 0;

let nodes = 0;
/** A network's client as the rule keys it (chain id and RPC URLs): another URL is another node. */
const network = (url = `http://node-${nodes++}.test`, id = 1) =>
  ({ chain: { id, rpcUrls: { default: { http: [url] } } } }) as unknown as ChainClient;

describe('the one log-span rule', () => {
  it('reads a quiet 100,000 blocks in 4 reads from the first span, and in 1 from a kept one', async () => {
    const client = network();
    const fresh = node(quiet);
    const first = await readLogs(client, { from: 0n, to: 99_999n, read: fresh.read });
    expect(fresh.spans[0]).toBe(FIRST_LOG_SPAN);
    expect(first.reads).toBe(4);
    const again = node(quiet);
    const next = await readLogs(client, { from: 100_000n, to: 199_999n, kept: first.span, read: again.read });
    expect(next.reads).toBe(1);
  });

  it('sizes each span to about LOGS_PER_READ logs: a dense history never asks for a huge answer', async () => {
    // 50 logs a block: a span of 80 blocks holds the target.
    const dense = node(() => 50);
    const read = await readLogs(network(), { from: 0n, to: 9_999n, read: dense.read });
    expect(read.items).toHaveLength(500_000);
    for (const span of dense.spans) expect(Number(span) * 50).toBeLessThanOrEqual(LOGS_PER_READ);
    expect(read.span).toBe(BigInt(LOGS_PER_READ / 50));
  });

  it('grows 32 times on a quiet answer, and shrinks to the target where logs gather', async () => {
    const quietNode = node(quiet);
    await readLogs(network(), { from: 0n, to: 99_999n, read: quietNode.read });
    expect(quietNode.spans).toEqual([8n, 256n, 8_192n, 100_000n - 8_456n]);
    // A span kept from a quiet stretch, over 2 logs a block: the next asks for about the target.
    const busy = node(() => 2);
    await readLogs(network(), { from: 0n, to: 29_999n, kept: 10_000n, read: busy.read });
    expect(busy.spans.slice(0, 3)).toEqual([10_000n, BigInt(LOGS_PER_READ / 2), BigInt(LOGS_PER_READ / 2)]);
  });

  it('shrinks and asks again when the node refuses a range, covering every block once', async () => {
    const { read, spans } = node(() => 1, 1_000n, false);
    const result = await readLogs(network(), { from: 0n, to: 29_999n, kept: 100_000n, read });
    expect(result.items).toEqual(Array.from({ length: 30_000 }, (_, i) => BigInt(i)));
    expect(spans[0]).toBe(30_000n);
    expect(result.span).toBeLessThanOrEqual(1_000n);
  });

  it('learns the limit a node names per network: the next read of it starts within it, another network’s does not', async () => {
    const limited = network('http://limited.test');
    // The same network's client built again (another window's, after a change back) is the same node;
    // the same URL on another chain id, or another URL, is another.
    const same = network('http://limited.test');
    const other = network('http://limited.test', 10);
    const first = node(quiet, 10_000n);
    await readLogs(limited, { from: 0n, to: 99_999n, kept: 1_000_000n, read: first.read });
    expect(first.spans.filter((span) => span > 10_000n)).toEqual([100_000n]);
    expect(learntSpansOf(limited)).toEqual({ limit: 10_000n });

    // A kept span past the limit (a history stored before) starts at the limit: no refusal.
    const again = node(quiet, 10_000n);
    const read = await readLogs(same, { from: 0n, to: 99_999n, kept: 5_000_000n, read: again.read });
    expect(again.spans.every((span) => span <= 10_000n)).toBe(true);
    expect(read.reads).toBe(10);
    expect(read.span).toBe(10_000n);

    expect(learntSpansOf(other)).toEqual({});
    expect(learntSpansOf(network())).toEqual({});
    expect(startSpan(other, 5_000_000n)).toBe(5_000_000n);
    expect(startSpan(limited, 5_000_000n)).toBe(10_000n);
    expect(startSpan(limited)).toBe(FIRST_LOG_SPAN);
  });
});
