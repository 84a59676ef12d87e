import { describe, expect, it } from 'vitest';
import { FAKE_BALANCE, FAKE_BLOCK, FAKE_GAS_PRICE, fakeSimulationNode } from '@/testing/fakeSimulationNode';
import type { HeadBlock } from '../chain/chainHead';
import type { FeeMarket } from '../chain/fees';
import { gasWithin, knownReads, nextBaseFee, paidGasPrice, readSimulationContext, TX_GAS_CAP } from './nextBlock';

const from = '0xa11ce00000000000000000000000000000000001';
const unreachable = () => new Error('not asked in this test');

describe('the next block a preview runs as', () => {
  it('reads the latest block, the next base fee and the balance in one batch, and takes the transaction’s own fees', async () => {
    const { client, asked } = fakeSimulationNode(unreachable);
    const fees = { maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 100_000_000n };
    const context = await readSimulationContext(client, { from, ...fees }, { balance: true, now: 0 });
    expect(asked.map((a) => a.method).sort()).toEqual(['eth_feeHistory', 'eth_getBalance', 'eth_getBlockByNumber']);
    expect(context.block).toEqual({
      latest: FAKE_BLOCK.number,
      number: FAKE_BLOCK.number + 1n,
      timestamp: FAKE_BLOCK.timestamp + 12n,
      baseFee: FAKE_BLOCK.nextBaseFee,
      gasCap: TX_GAS_CAP,
      latestHash: FAKE_BLOCK.hash,
      prevRandao: FAKE_BLOCK.mixHash,
      beaconRoot: FAKE_BLOCK.parentBeaconBlockRoot,
    });
    expect(context.fees).toEqual(fees);
    // The next base fee plus the tip, below the most offered.
    expect(context.gasPrice).toBe(FAKE_BLOCK.nextBaseFee + 100_000_000n);
    expect(context.balance).toBe(FAKE_BALANCE);
  });

  it('pays the node’s gas price when the transaction names no fees, and never below the next base fee', async () => {
    const { client, asked } = fakeSimulationNode(unreachable);
    const context = await readSimulationContext(client, { from }, { balance: false, now: 0 });
    expect(asked.map((a) => a.method)).toContain('eth_gasPrice');
    expect(asked.map((a) => a.method)).not.toContain('eth_getBalance');
    expect(context.fees).toEqual({ gasPrice: FAKE_GAS_PRICE });
    expect(context.gasPrice).toBe(FAKE_GAS_PRICE);
    const cheap = fakeSimulationNode(unreachable, {
      block: { ...FAKE_BLOCK, nextBaseFee: FAKE_GAS_PRICE * 2n },
    });
    const raised = await readSimulationContext(cheap.client, { from }, { balance: false, now: 0 });
    expect(raised.gasPrice).toBe(FAKE_GAS_PRICE * 2n);
  });

  it('keeps the next block’s time at least the present, and one call’s gas within the block and EIP-7825', async () => {
    const small = fakeSimulationNode(unreachable, { block: { ...FAKE_BLOCK, gasLimit: 8_000_000n } });
    const now = Number(FAKE_BLOCK.timestamp) + 600;
    const context = await readSimulationContext(small.client, { from, gasPrice: 1n }, { balance: false, now });
    expect(context.block.timestamp).toBe(BigInt(now));
    expect(context.block.gasCap).toBe(8_000_000n);
  });

  it('prices legacy and EIP-1559 fees as a block with that base fee charges them', () => {
    expect(paidGasPrice({ gasPrice: 7n }, 5n)).toBe(7n);
    expect(paidGasPrice({ maxFeePerGas: 10n, maxPriorityFeePerGas: 2n }, 5n)).toBe(7n);
    expect(paidGasPrice({ maxFeePerGas: 6n, maxPriorityFeePerGas: 2n }, 5n)).toBe(6n);
    // A gas price of 0 is what a contract sees in a preview without fee fields: never given here.
    expect(paidGasPrice({ maxFeePerGas: 10n, maxPriorityFeePerGas: 0n }, 5n)).toBe(5n);
  });

  it('asks the pending block for the next base fee when the node has no fee history', async () => {
    const pendingFee = 1_234_567_890n;
    const node = fakeSimulationNode(unreachable);
    const request = node.client.request as (args: { method: string; params: unknown[] }) => Promise<unknown>;
    const client = {
      ...node.client,
      request: async (args: { method: string; params: unknown[] }) => {
        if (args.method === 'eth_feeHistory') throw new Error('the method eth_feeHistory does not exist');
        if (args.method === 'eth_getBlockByNumber' && args.params[0] === 'pending')
          return { ...((await request(args)) as object), baseFeePerGas: `0x${pendingFee.toString(16)}` };
        return request(args);
      },
    } as typeof node.client;
    const context = await readSimulationContext(client, { from, gasPrice: 1n }, { balance: false, now: 0 });
    expect(context.block.baseFee).toBe(pendingFee);
  });

  it('gives a call without a limit what its sender can pay for at the fee cap, within the block', async () => {
    const { client } = fakeSimulationNode(unreachable);
    const fees = { maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 1n };
    const context = { ...(await readSimulationContext(client, { from, ...fees }, { balance: true, now: 0 })) };
    // 0.2 ETH at 10 gwei pays for 20 million gas: more than one call may have.
    expect(gasWithin(context, 2n * 10n ** 17n, 1, 21_000n)).toBe(TX_GAS_CAP);
    // 0.01 ETH pays for a million, shared between two calls.
    expect(gasWithin(context, 10n ** 16n, 2, 21_000n)).toBe(500_000n);
    expect(gasWithin(context, -1n, 2, 21_000n)).toBe(21_000n);
    expect(gasWithin(context, undefined, 2, 21_000n)).toBe(TX_GAS_CAP);
  });

  it('works the next base fee out of a block as EIP-1559 does, when the node has no fee history', () => {
    expect(nextBaseFee(1_000n, 15n, 30n)).toBe(1_000n);
    expect(nextBaseFee(1_000n, 30n, 30n)).toBe(1_125n);
    expect(nextBaseFee(1_000n, 0n, 30n)).toBe(875n);
  });
});

describe('what a preview takes as read rather than asking the node again', () => {
  const head = (number: bigint): HeadBlock => ({
    number,
    hash: FAKE_BLOCK.hash,
    parentHash: `0x${'00'.repeat(32)}`,
    timestamp: FAKE_BLOCK.timestamp,
    gasLimit: FAKE_BLOCK.gasLimit,
    gasUsed: 0n,
    baseFeePerGas: FAKE_BLOCK.baseFee,
    mixHash: FAKE_BLOCK.mixHash,
    parentBeaconBlockRoot: FAKE_BLOCK.parentBeaconBlockRoot,
  });
  const market = (block: bigint | undefined): FeeMarket => ({
    kind: 'eip1559',
    baseFee: FAKE_BLOCK.nextBaseFee,
    tips: { slow: 1n, normal: 2n, fast: 3n },
    block,
  });
  const fees = { maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 100_000_000n };

  it('asks nothing the caller read at the latest block, and runs as the same next block', async () => {
    const read = fakeSimulationNode(unreachable);
    const asked = await readSimulationContext(read.client, { from, ...fees }, { balance: true, now: 0 });
    const { client, asked: requests } = fakeSimulationNode(unreachable);
    const known = { block: head(FAKE_BLOCK.number), nextBaseFee: FAKE_BLOCK.nextBaseFee, balance: FAKE_BALANCE };
    const context = await readSimulationContext(client, { from, ...fees }, { balance: true, now: 0, known });
    expect(requests).toEqual([]);
    expect(context).toEqual(asked);
  });

  it('asks only for the next base fee when the block is known without it', async () => {
    const { client, asked } = fakeSimulationNode(unreachable);
    const known = { block: head(FAKE_BLOCK.number) };
    const context = await readSimulationContext(client, { from, ...fees }, { balance: true, now: 0, known });
    expect(asked.map((a) => a.method).sort()).toEqual(['eth_feeHistory', 'eth_getBalance']);
    expect(context.block.baseFee).toBe(FAKE_BLOCK.nextBaseFee);
  });

  it('takes a prepared send’s reads while its block is the head, and the head’s block alone once it moved on', () => {
    const before = { block: head(100n), market: market(100n), balance: 7n };
    expect(knownReads(head(100n), before)).toEqual({
      block: before.block,
      nextBaseFee: FAKE_BLOCK.nextBaseFee,
      balance: 7n,
    });
    // No head read yet: what was read now is the newest there is.
    expect(knownReads(undefined, before)?.balance).toBe(7n);
    // A newer head: the balance and the base fee read at 100 are older than the chain now.
    const moved = knownReads(head(101n), before);
    expect(moved).toEqual({ block: head(101n), nextBaseFee: undefined, balance: undefined });
    // A fee market read at the new head's very block gives its next base fee.
    expect(knownReads(head(101n), before, [market(101n)])?.nextBaseFee).toBe(FAKE_BLOCK.nextBaseFee);
    // Never a market of another block, nor one that does not say its block.
    expect(knownReads(head(101n), before, [market(102n), market(undefined)])?.nextBaseFee).toBeUndefined();
    expect(knownReads(undefined, undefined)).toBeUndefined();
  });
});
