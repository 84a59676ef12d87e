// Each fee family recognised from its chain's answers, recorded or documented
// (src/testing/fixtures/feeFamilies/README.md), served over the client's real HTTP batching.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import arbitrum from '../../testing/fixtures/feeFamilies/arbitrum.json' with { type: 'json' };
import l1 from '../../testing/fixtures/feeFamilies/l1.json' with { type: 'json' };
import opStack from '../../testing/fixtures/feeFamilies/opStack.json' with { type: 'json' };
import scroll from '../../testing/fixtures/feeFamilies/scroll.json' with { type: 'json' };
import zkSync from '../../testing/fixtures/feeFamilies/zkSync.json' with { type: 'json' };
import { type RecordedNodeFixture, recordedNode } from '../../testing/recordedNode';
import { chainClient } from './client';
import { detectFeeFamily, feeFamilyOf, forgetFeeFamilies } from './feeFamily';
import { keepFeeFamiliesWith } from './feeFamilyKeeper';
import { verifyNetwork } from './networkDraft';
import type { FeeFamily } from './networkFacts';
import { localNetwork, type Network } from './networks';

let urls = 0;
/** A custom network on the fixture's chain, at a URL of its own (clients are kept per URL). */
function networkOn(fixture: RecordedNodeFixture, feeFamily: FeeFamily = { kind: 'unknown' }): Network {
  urls += 1;
  const url = `https://node${urls}.example/`;
  return { ...localNetwork(url), id: `custom-${urls}`, kind: 'custom', chainId: fixture.chainId, feeFamily };
}

function serving(fixture: RecordedNodeFixture) {
  const node = recordedNode(fixture);
  vi.stubGlobal('fetch', node.fetch);
  return node;
}

beforeEach(() => forgetFeeFamilies());
afterEach(() => vi.unstubAllGlobals());

describe('detectFeeFamily', () => {
  const cases: [name: string, fixture: RecordedNodeFixture, family: FeeFamily][] = [
    ['OP Mainnet', opStack, { kind: 'opStack', oracle: '0x420000000000000000000000000000000000000F' }],
    ['Scroll', scroll, { kind: 'scroll', oracle: '0x5300000000000000000000000000000000000002' }],
    ['Arbitrum One', arbitrum, { kind: 'arbitrum' }],
    ['zkSync Era', zkSync, { kind: 'zkSync' }],
    ['Ethereum', l1, { kind: 'l1' }],
  ];

  it.each(cases)(
    'recognises %s from its answers, in one HTTP request of four calls',
    async (_name, fixture, family) => {
      const node = serving(fixture);
      expect(await detectFeeFamily(chainClient(networkOn(fixture)))).toEqual(family);
      expect(node.requests).toHaveLength(1);
      expect([...(node.requests[0] ?? [])].sort()).toEqual(['eth_call', 'eth_getCode', 'eth_getCode', 'zks_L1ChainId']);
    },
  );

  it('does not take ArbSys answering another chain id for Arbitrum', async () => {
    // Arbitrum's answers served as if by a chain with another id: arbChainID() is not its own.
    const other = { ...arbitrum, chainId: 42170 };
    serving(other);
    expect(await detectFeeFamily(chainClient(networkOn(other)))).toEqual({ kind: 'l1' });
  });

  it('says the node failed when it cannot read code, rather than guess a family', async () => {
    const failing = {
      ...l1,
      calls: l1.calls.map((call) =>
        call.request.method === 'eth_getCode'
          ? { ...call, response: { error: { code: -32000, message: 'boom' } } }
          : call,
      ),
    };
    serving(failing as RecordedNodeFixture);
    await expect(detectFeeFamily(chainClient(networkOn(l1)))).rejects.toMatchObject({ name: 'ChainError' });
  });
});

describe('feeFamilyOf', () => {
  it('takes the family on the network record without asking the node', async () => {
    const node = serving(l1);
    const network = networkOn(l1, { kind: 'arbitrum' });
    expect(await feeFamilyOf(network)).toEqual({ kind: 'arbitrum' });
    expect(node.requests).toEqual([]);
  });

  it('reads an unknown family once per node, keeps it, and hands it to the keeper for the record', async () => {
    const node = serving(opStack);
    const kept: unknown[] = [];
    const stop = keepFeeFamiliesWith((...args) => kept.push(args));
    const network = networkOn(opStack);
    const [first, second] = await Promise.all([feeFamilyOf(network), feeFamilyOf(network)]);
    expect(await feeFamilyOf(network)).toEqual(first);
    expect(second).toEqual(first);
    expect(first).toEqual({ kind: 'opStack', oracle: '0x420000000000000000000000000000000000000F' });
    expect(node.requests).toHaveLength(1);
    expect(kept).toEqual([[network.id, 10, first]]);
    stop();
  });
});

describe('verifyNetwork', () => {
  it('returns a custom network with the fee family read from its chain, so an OP Stack chain added by URL counts its L1 fee', async () => {
    serving(opStack);
    const checked = await verifyNetwork(networkOn(opStack), { open: undefined });
    expect(checked.feeFamily).toEqual({ kind: 'opStack', oracle: '0x420000000000000000000000000000000000000F' });
  });

  it('leaves the family to be read at first use when the node cannot tell', async () => {
    const failing = {
      ...l1,
      calls: l1.calls.map((call) =>
        call.request.method === 'eth_getCode'
          ? { ...call, response: { error: { code: -32000, message: 'boom' } } }
          : call,
      ),
    };
    serving(failing as RecordedNodeFixture);
    expect((await verifyNetwork(networkOn(l1), { open: undefined })).feeFamily).toEqual({ kind: 'unknown' });
  });
});
