// The L1 data fee by fee family, against recorded or documented answers
// (src/testing/fixtures/feeFamilies/README.md), and the fee a receipt says was paid.
import { afterEach, describe, expect, it, vi } from 'vitest';
import opStack from '../../testing/fixtures/feeFamilies/opStack.json' with { type: 'json' };
import scroll from '../../testing/fixtures/feeFamilies/scroll.json' with { type: 'json' };
import { type RecordedNodeFixture, recordedNode, recordedResult } from '../../testing/recordedNode';
import { chainClient } from './client';
import { type L1FeeTx, l1CostForm, l1FeeMax, readL1DataFee, receiptL1Fee } from './l1Fees';
import type { FeeFamily } from './networkFacts';
import { localNetwork } from './networks';

afterEach(() => vi.unstubAllGlobals());

/** The transaction the fixtures' getL1Fee requests quote (see the README). */
const quoted = (chainId: number): L1FeeTx => ({
  chainId,
  to: '0x000000000000000000000000000000000000dEaD',
  value: 10n ** 15n,
  data: '0x',
  nonce: 7,
  gas: 21_000n,
  fees: { kind: 'eip1559', maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1_000_000n },
});

let urls = 0;
function clientOn(fixture: RecordedNodeFixture) {
  const node = recordedNode(fixture);
  vi.stubGlobal('fetch', node.fetch);
  urls += 1;
  const network = { ...localNetwork(`https://l1fee${urls}.example/`), chainId: fixture.chainId };
  return { client: chainClient(network), node };
}

describe('readL1DataFee', () => {
  it('asks the OP Stack GasPriceOracle for getL1Fee of the serialized transaction', async () => {
    const { client, node } = clientOn(opStack);
    const family: FeeFamily = { kind: 'opStack', oracle: '0x420000000000000000000000000000000000000F' };
    expect(await readL1DataFee(client, family, quoted(10))).toBe(24_681_034_813n);
    expect(node.requests).toEqual([['eth_call']]);
  });

  it("asks Scroll's L1GasPriceOracle the same way", async () => {
    const { client } = clientOn(scroll);
    const family: FeeFamily = { kind: 'scroll', oracle: '0x5300000000000000000000000000000000000002' };
    expect(await readL1DataFee(client, family, quoted(534352))).toBe(37_014_224_600n);
  });

  it('quotes another transaction differently: the serialized bytes are what is priced', async () => {
    const { client } = clientOn(opStack);
    const family: FeeFamily = { kind: 'opStack', oracle: '0x420000000000000000000000000000000000000F' };
    // A recording holds no answer for other bytes: the request itself must be the quoted one.
    await expect(readL1DataFee(client, family, { ...quoted(10), nonce: 8 })).rejects.toThrow();
  });

  it.each([
    [{ kind: 'arbitrum' }, 'inGas'],
    [{ kind: 'zkSync' }, 'inGas'],
    [{ kind: 'l1' }, 'none'],
    [{ kind: 'unknown' }, 'unknown'],
  ] as [FeeFamily, string][])('adds nothing on %o, whose L1 cost shows as %s', async (family, form) => {
    const { client, node } = clientOn({ chainId: 1, calls: [] });
    expect(await readL1DataFee(client, family, quoted(1))).toBe(0n);
    expect(node.requests).toEqual([]);
    expect(l1CostForm(family)).toBe(form);
  });

  it('gives an L1 fee 25 % headroom, rounded up', () => {
    expect(l1FeeMax(4n)).toBe(5n);
    expect(l1FeeMax(5n)).toBe(7n);
    expect(l1FeeMax(0n)).toBe(0n);
  });
});

describe('receiptL1Fee', () => {
  const receipt = recordedResult(opStack, 'eth_getTransactionReceipt');

  it("reads an OP Stack receipt's l1Fee as the node sends it (hex) and as viem's OP formatter gives it", () => {
    expect(receiptL1Fee(receipt)).toBe(24_681_034_813n);
    expect(receiptL1Fee({ ...receipt, l1Fee: 24_681_034_813n })).toBe(24_681_034_813n);
  });

  it('reads 0 where a receipt names no L1 fee', () => {
    expect(receiptL1Fee({ gasUsed: 21_000n })).toBe(0n);
    expect(receiptL1Fee({ l1Fee: null })).toBe(0n);
    expect(receiptL1Fee({ l1Fee: 'lots' })).toBe(0n);
  });
});
