import { readFileSync } from 'node:fs';
import { type Address, type Hex, numberToHex, pad } from 'viem';
import { describe, expect, it } from 'vitest';
import { movingNode } from '../../testing/movingNode';
import { toViemChain } from './client';
import { aggregate3, type CallOutcome, chunkCalls, isTrustedMulticall, multicallAddress } from './multicall';
import { builtInNetworks } from './networks';

/** ZKsync Era's Multicall3 (viem's zksync chain, multicall3.com's deployments). */
const ZKSYNC_MULTICALL3: Address = '0xF9cda624FBC7e059355ce98a31693d299FACd963';

describe('Multicall3 helpers', () => {
  const canonical = readFileSync(
    new URL('../../../devchain/multicall3-runtime.hex', import.meta.url),
    'utf8',
  ).trim() as `0x${string}`;

  it('trusts only the canonical runtime code at the canonical address', () => {
    expect(isTrustedMulticall(canonical)).toBe(true);
    expect(isTrustedMulticall(`0x${canonical.slice(2, -2)}00`)).toBe(false);
    expect(isTrustedMulticall('0x')).toBe(false);
    expect(isTrustedMulticall(undefined)).toBe(false);
    // However the address is written.
    const lower = '0xca11bde05977b3631167028862be2a173976ca11';
    expect(isTrustedMulticall(`0x${canonical.slice(2, -2)}00`, lower)).toBe(false);
  });

  it('at a network’s own address, whose code hash is not recorded, asks only that code is there', () => {
    expect(isTrustedMulticall('0x0000008003', ZKSYNC_MULTICALL3)).toBe(true);
    expect(isTrustedMulticall('0x', ZKSYNC_MULTICALL3)).toBe(false);
    expect(isTrustedMulticall(undefined, ZKSYNC_MULTICALL3)).toBe(false);
  });

  it('reads through the network’s own Multicall3 where its facts name one, else the canonical', () => {
    const byId = new Map(builtInNetworks('http://127.0.0.1:8545').map((n) => [n.id, n]));
    const chainOf = (id: string) => {
      const network = byId.get(id);
      if (!network) throw new Error(`no ${id} preset`);
      return { chain: toViemChain(network) };
    };
    expect(multicallAddress(chainOf('zksync'))).toBe(ZKSYNC_MULTICALL3);
    for (const id of ['local', 'ethereum', 'arbitrum', 'base'])
      expect(multicallAddress(chainOf(id))).toBe('0xcA11bde05977b3631167028862bE2a173976CA11');
  });

  it('chunks calls', () => {
    expect(chunkCalls([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunkCalls([], 2)).toEqual([]);
  });
});

describe('aggregate3', () => {
  const calls = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      target: pad(numberToHex(i + 1), { size: 20 }) as Address,
      allowFailure: true,
      callData: '0x70a08231' as Hex,
    }));
  const blocks = (outcomes: CallOutcome[]) => new Set(outcomes.map((o) => (o.ok ? BigInt(o.data ?? '0x0') : -1n)));

  it('reads every chunk at one block: one the head moved past is asked again at the first’s', async () => {
    const node = movingNode(100n);
    const outcomes = await aggregate3(node.client, calls(25), 10);
    // Three eth_calls at the latest block (each read the next), then the two late ones at the first's.
    expect(node.asked).toEqual(['latest', 'latest', 'latest', numberToHex(100n), numberToHex(100n)]);
    expect(outcomes).toHaveLength(25);
    expect(blocks(outcomes)).toEqual(new Set([100n]));
  });

  it('asks no block number of one chunk, nor of chunks at a given block', async () => {
    const one = movingNode(7n);
    expect(blocks(await aggregate3(one.client, calls(10), 10))).toEqual(new Set([7n]));
    expect(one.asked).toEqual(['latest']);
    const given = movingNode(7n);
    const outcomes = await aggregate3(given.client, calls(25), 10, 5n);
    expect(given.asked).toEqual([numberToHex(5n), numberToHex(5n), numberToHex(5n)]);
    expect(outcomes).toHaveLength(25);
    expect(blocks(outcomes)).toEqual(new Set([5n]));
  });
});
