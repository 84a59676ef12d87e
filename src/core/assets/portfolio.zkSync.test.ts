// ZKsync Era's portfolio read against recorded and constructed answers
// (src/testing/fixtures/feeFamilies/README.md): its Multicall3 sits at an address of its own,
// which the read checks and calls in the one HTTP request of a background read, beside the chain
// id; a node without code there is read as one JSON-RPC batch of plain calls instead.
import type { Address } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import zkSync from '../../testing/fixtures/feeFamilies/zkSync.json' with { type: 'json' };
import { type RecordedCall, type RecordedNodeFixture, recordedNode } from '../../testing/recordedNode';
import { assertSameChain } from '../chain/chainHead';
import { chainClient } from '../chain/client';
import { knownMulticall } from '../chain/multicallProbe';
import { builtInNetworks, type Network } from '../chain/networks';
import { readPortfolio } from './portfolio';

const ZKSYNC_MULTICALL3 = '0xF9cda624FBC7e059355ce98a31693d299FACd963';
const CANONICAL_MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11';
/** The account the recorded aggregate3 asks about. */
const OWNER: Address = '0x000000000000000000000000000000000000dEaD';

afterEach(() => vi.unstubAllGlobals());

let urls = 0;
/** The ZKsync Era preset, at a URL of its own (clients and Multicall3 probes are kept per node). */
function zkSyncEra(): Network {
  const preset = builtInNetworks('http://127.0.0.1:8545').find((n) => n.id === 'zksync');
  if (!preset) throw new Error('no ZKsync Era preset');
  urls += 1;
  return { ...preset, rpcUrls: [`https://zksync${urls}.example/`] };
}

function serving(fixture: RecordedNodeFixture) {
  const node = recordedNode(fixture);
  vi.stubGlobal('fetch', node.fetch);
  return node;
}

/** A background read as Home makes it of a followed network: the chain id asked beside it. */
async function backgroundRead(network: Network) {
  const client = chainClient(network, 'background');
  const [, read] = await Promise.all([
    assertSameChain(client, network),
    readPortfolio(client, { accounts: [OWNER], tokens: [], feeds: [] }, knownMulticall(client)),
  ]);
  return { ...read, known: knownMulticall(client) };
}

describe('the portfolio read on ZKsync Era', () => {
  it('checks and calls its own Multicall3, never the canonical address, in one HTTP request with the chain id', async () => {
    const node = serving(zkSync);
    const { snapshot, multicall, known } = await backgroundRead(zkSyncEra());
    expect(node.requests).toHaveLength(1);
    expect([...(node.requests[0] ?? [])].sort()).toEqual(['eth_call', 'eth_chainId', 'eth_getCode']);
    expect(snapshot).toMatchObject({ via: 'multicall', blockNumber: 60_000_000n, timestamp: 1_750_000_000 });
    expect(snapshot.native.get(OWNER.toLowerCase())).toBe(500_000_000_000_000_000n);
    expect([multicall, known]).toEqual([true, true]);
    // The recording holds answers at 0xF9cd…D963 only: a call to the canonical address would have failed the read.
    expect(JSON.stringify(zkSync).toLowerCase()).not.toContain(CANONICAL_MULTICALL3.slice(2).toLowerCase());
  });

  it('reads without Multicall3, as one JSON-RPC batch, where the node has no code at its address', async () => {
    const network = zkSyncEra();
    const noCode: RecordedCall[] = zkSync.calls.map((call) =>
      call.request.method === 'eth_getCode' && call.request.params[0] === ZKSYNC_MULTICALL3
        ? { ...call, response: { result: '0x' } }
        : call.request.method === 'eth_call' && (call.request.params[0] as { to?: string }).to === ZKSYNC_MULTICALL3
          ? { ...call, response: { result: '0x' } }
          : call,
    );
    // Constructed: the head block and the owner's balance, as plain reads return them.
    const block = { number: '0x3938700', timestamp: '0x684ee180', hash: `0x${'1'.repeat(64)}`, transactions: [] };
    noCode.push(
      { request: { method: 'eth_getBlockByNumber', params: ['latest', false] }, response: { result: block } },
      { request: { method: 'eth_getBalance', params: [OWNER, 'latest'] }, response: { result: '0x6f05b59d3b20000' } },
    );
    const node = serving({ chainId: 324, calls: noCode });
    const { snapshot, multicall, known } = await backgroundRead(network);
    expect(snapshot).toMatchObject({ via: 'batch', blockNumber: 60_000_000n, timestamp: 1_750_000_000 });
    expect(snapshot.native.get(OWNER.toLowerCase())).toBe(500_000_000_000_000_000n);
    expect([multicall, known]).toEqual([false, false]);
    // The first request asked for the code beside the aggregate3; the plain reads went together after it.
    expect(node.requests).toHaveLength(2);
    expect([...(node.requests[1] ?? [])].sort()).toEqual(['eth_getBalance', 'eth_getBlockByNumber']);
  });
});
