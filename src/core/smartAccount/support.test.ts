// Whether a network offers the smart account, on a ZKsync chain against recorded answers
// (src/testing/fixtures/feeFamilies/README.md): known from its family, and its node never asked
// the EIP-7702 question. (runsEip7702 against a real node: smartAccount.integration.test.ts.)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import l1 from '../../testing/fixtures/feeFamilies/l1.json' with { type: 'json' };
import zkSync from '../../testing/fixtures/feeFamilies/zkSync.json' with { type: 'json' };
import { type RecordedNodeFixture, recordedNode } from '../../testing/recordedNode';
import { forgetFeeFamilies } from '../chain/feeFamily';
import { keepFeeFamiliesWith } from '../chain/feeFamilyKeeper';
import { builtInNetworks, localNetwork, type Network } from '../chain/networks';
import { lacksEip7702, networkRunsEip7702, noEip7702Message } from './support';

function serving(fixture: RecordedNodeFixture) {
  const node = recordedNode(fixture);
  vi.stubGlobal('fetch', node.fetch);
  return node;
}

let urls = 0;
const nextUrl = () => {
  urls += 1;
  return `https://support${urls}.example/`;
};

beforeEach(() => forgetFeeFamilies());
afterEach(() => vi.unstubAllGlobals());

describe('EIP-7702 on a ZKsync chain', () => {
  it('is known to be missing from the family alone, with a sentence of its own', () => {
    expect(lacksEip7702({ kind: 'zkSync' })).toBe(true);
    for (const kind of ['l1', 'arbitrum', 'unknown'] as const) expect(lacksEip7702({ kind })).toBe(false);
    expect(noEip7702Message({ kind: 'zkSync' }).id).toBe('core.chain:smartAccount.no7702ZkSync');
    expect(noEip7702Message({ kind: 'l1' }).id).toBe('core.chain:smartAccount.no7702');
  });

  it('is not asked of the ZKsync Era preset’s node at all', async () => {
    const node = serving(zkSync);
    const preset = builtInNetworks('http://127.0.0.1:8545').find((n) => n.id === 'zksync');
    if (!preset) throw new Error('no ZKsync Era preset');
    expect(await networkRunsEip7702({ ...preset, rpcUrls: [nextUrl()] })).toBe(false);
    expect(node.requests).toEqual([]);
  });

  it('on a network added by URL, reads the family once (one request), then asks nothing more', async () => {
    const node = serving(zkSync);
    const kept: unknown[] = [];
    const stop = keepFeeFamiliesWith((...args) => kept.push(args));
    const added: Network = {
      ...localNetwork(nextUrl()),
      id: 'custom-zk',
      kind: 'custom',
      chainId: 324,
      feeFamily: { kind: 'unknown' },
    };
    expect(await networkRunsEip7702(added)).toBe(false);
    // The family's four calls in one request; no eth_call carrying an authorization.
    expect(node.requests).toHaveLength(1);
    expect([...(node.requests[0] ?? [])].sort()).toEqual(['eth_call', 'eth_getCode', 'eth_getCode', 'zks_L1ChainId']);
    expect(kept).toEqual([['custom-zk', 324, { kind: 'zkSync' }]]);
    stop();
  });

  it('is asked of any other network’s node (its answer decides)', async () => {
    const node = serving(l1);
    const network: Network = { ...localNetwork(nextUrl()), chainId: 1 };
    // The recording holds no answer to the probe (its throwaway keys are new each time): that the
    // node was asked is what this shows.
    await expect(networkRunsEip7702(network)).rejects.toMatchObject({ name: 'ChainError' });
    expect(node.requests.flat()).toEqual(['eth_call']);
  });
});
