import fc from 'fast-check';
import { HttpRequestError, InvalidInputRpcError, LimitExceededRpcError, RpcRequestError } from 'viem';
import { describe, expect, it } from 'vitest';
import { isCairnError } from '../errors/base';
import type { ChainClient } from './client';
import {
  costRange,
  exactFees,
  type Fees,
  maxGasPrice,
  presetFees,
  readFeeMarket,
  replacementFees,
  withoutTips,
} from './fees';

const gwei = (n: number) => BigInt(Math.round(n * 1e9));
const market = {
  kind: 'eip1559' as const,
  baseFee: gwei(10),
  tips: { slow: gwei(0.5), normal: gwei(1), fast: gwei(2) },
};

describe('fee presets', () => {
  it('leaves headroom over the next base fee and adds the tip', () => {
    expect(presetFees(market, 'slow')).toEqual({
      kind: 'eip1559',
      maxFeePerGas: gwei(15.5),
      maxPriorityFeePerGas: gwei(0.5),
    });
    expect(presetFees(market, 'normal')).toEqual({
      kind: 'eip1559',
      maxFeePerGas: gwei(21),
      maxPriorityFeePerGas: gwei(1),
    });
    expect(presetFees(market, 'fast')).toEqual({
      kind: 'eip1559',
      maxFeePerGas: gwei(27),
      maxPriorityFeePerGas: gwei(2),
    });
  });

  it('scales the gas price on legacy networks', () => {
    const legacy = { kind: 'legacy' as const, gasPrice: gwei(10) };
    expect(presetFees(legacy, 'slow')).toEqual({ kind: 'legacy', gasPrice: gwei(9) });
    expect(presetFees(legacy, 'fast')).toEqual({ kind: 'legacy', gasPrice: gwei(12.5) });
  });

  it('computes expected and maximum cost', () => {
    const fees = presetFees(market, 'normal');
    expect(costRange(fees, 60_000n, 50_000n, gwei(10))).toEqual({
      expected: 50_000n * gwei(11),
      max: 60_000n * gwei(21),
    });
    // The expected price never exceeds the max fee, even if the base fee jumped.
    expect(costRange(fees, 21_000n, 21_000n, gwei(100)).expected).toBe(21_000n * gwei(21));
  });

  it('spends exactly the max fee for "send everything"', () => {
    expect(exactFees(presetFees(market, 'normal'))).toEqual({
      kind: 'eip1559',
      maxFeePerGas: gwei(21),
      maxPriorityFeePerGas: gwei(21),
    });
  });
});

describe('replacement fees', () => {
  const arbitraryFees: fc.Arbitrary<Fees> = fc.oneof(
    fc.record({ kind: fc.constant('legacy' as const), gasPrice: fc.bigInt({ min: 0n, max: 10n ** 15n }) }),
    fc
      .record({ tip: fc.bigInt({ min: 0n, max: 10n ** 15n }), extra: fc.bigInt({ min: 0n, max: 10n ** 15n }) })
      .map(({ tip, extra }) => ({ kind: 'eip1559' as const, maxPriorityFeePerGas: tip, maxFeePerGas: tip + extra })),
  );

  it('raises every component by at least 10 % (nodes refuse less) and keeps max fee ≥ tip', () => {
    fc.assert(
      fc.property(arbitraryFees, arbitraryFees, (old, current) => {
        fc.pre(old.kind === current.kind);
        const next = replacementFees(old, current);
        const atLeastTenPercentMore = (before: bigint, after: bigint) => after * 10n >= before * 11n && after > before;
        if (old.kind === 'legacy' && next.kind === 'legacy')
          expect(atLeastTenPercentMore(old.gasPrice, next.gasPrice)).toBe(true);
        if (old.kind === 'eip1559' && next.kind === 'eip1559') {
          expect(atLeastTenPercentMore(old.maxFeePerGas, next.maxFeePerGas)).toBe(true);
          expect(atLeastTenPercentMore(old.maxPriorityFeePerGas, next.maxPriorityFeePerGas)).toBe(true);
          expect(next.maxFeePerGas >= next.maxPriorityFeePerGas).toBe(true);
        }
        expect(maxGasPrice(next) >= maxGasPrice(current)).toBe(true);
      }),
    );
  });
});

/** A node answering from a table; a function value throws or computes the answer. */
function stubNode(answers: Record<string, unknown>): ChainClient {
  return {
    request: async ({ method }: { method: string }) => {
      const answer = answers[method];
      if (answer instanceof Error) throw answer;
      if (answer === undefined) throw new Error(`unexpected ${method}`);
      return answer;
    },
  } as unknown as ChainClient;
}

const refused = (details: string) =>
  new InvalidInputRpcError(
    new RpcRequestError({ body: {}, url: 'http://node', error: { code: -32000, message: details } }),
  );

describe('readFeeMarket when the node does not serve eth_feeHistory', () => {
  it('treats a node without base fees as legacy (pre-London rules)', async () => {
    const node = stubNode({
      eth_feeHistory: refused('eth_feeHistory is disabled. It only works with the London hardfork or a later one.'),
      eth_maxPriorityFeePerGas: refused('no such method'),
      eth_getBlockByNumber: { number: '0x5' },
      eth_gasPrice: '0x3b9aca00',
    });
    expect(await readFeeMarket(node)).toEqual({ kind: 'legacy', gasPrice: gwei(1) });
  });

  it('keeps EIP-1559 from the latest block’s base fee and the node’s tip', async () => {
    const node = stubNode({
      eth_feeHistory: refused('method disabled'),
      eth_maxPriorityFeePerGas: '0x77359400',
      eth_getBlockByNumber: { number: '0x5', baseFeePerGas: '0x2540be400' },
    });
    expect(await readFeeMarket(node)).toEqual({
      kind: 'eip1559',
      baseFee: gwei(10),
      tips: { slow: gwei(1), normal: gwei(2), fast: gwei(4) },
    });
  });

  it('does not mistake a busy or unreachable node for a legacy one', async () => {
    for (const error of [
      new LimitExceededRpcError(new Error('limit exceeded')),
      new HttpRequestError({ url: 'http://node', status: 500 }),
    ]) {
      const node = stubNode({ eth_feeHistory: error, eth_maxPriorityFeePerGas: '0x1', eth_gasPrice: '0x1' });
      const failure = await readFeeMarket(node).catch((e: unknown) => e);
      expect(isCairnError(failure)).toBe(true);
    }
  });
});

describe('readFeeMarket says the block it was read at', () => {
  it('is the newest block of the fee history, whose last base fee is the next block’s', async () => {
    const node = stubNode({
      eth_feeHistory: {
        oldestBlock: '0x5a',
        baseFeePerGas: ['0x1', '0x2', '0x3'],
        reward: [
          ['0x1', '0x2', '0x3'],
          ['0x1', '0x2', '0x3'],
        ],
      },
      eth_maxPriorityFeePerGas: '0x1',
    });
    expect(await readFeeMarket(node)).toMatchObject({ kind: 'eip1559', baseFee: 3n, block: 0x5bn });
  });
});

describe('fees on Arbitrum', () => {
  const history = {
    oldestBlock: '0x1',
    baseFeePerGas: ['0x989680', '0x989680', '0x989680'],
    reward: [
      ['0x1', '0x5f5e100', '0x3b9aca00'],
      ['0x1', '0x5f5e100', '0x3b9aca00'],
    ],
  };

  it('asks no tip: the sequencer orders by arrival', async () => {
    const node = stubNode({ eth_feeHistory: history, eth_maxPriorityFeePerGas: new Error('not to be asked') });
    const read = await readFeeMarket(node, { kind: 'arbitrum' });
    expect(read).toEqual({
      kind: 'eip1559',
      baseFee: 10_000_000n,
      tips: { slow: 0n, normal: 0n, fast: 0n },
      block: 2n,
    });
    expect(presetFees(read, 'fast')).toEqual({ kind: 'eip1559', maxFeePerGas: 25_000_000n, maxPriorityFeePerGas: 0n });
  });

  it('keeps the percentile tips elsewhere', async () => {
    const node = stubNode({ eth_feeHistory: history, eth_maxPriorityFeePerGas: '0x1' });
    const read = await readFeeMarket(node, { kind: 'opStack', oracle: '0x420000000000000000000000000000000000000F' });
    expect(read.kind === 'eip1559' && read.tips.normal).toBe(100_000_000n);
  });

  it('leaves a legacy market as it is', () => {
    expect(withoutTips({ kind: 'legacy', gasPrice: 5n })).toEqual({ kind: 'legacy', gasPrice: 5n });
  });
});
