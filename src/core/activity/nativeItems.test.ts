import { getAddress, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import opStack from '../../testing/fixtures/feeFamilies/opStack.json' with { type: 'json' };
import { recordedResult } from '../../testing/recordedNode';
import { type NativeTx, nativeTx, receiptFee, receiptOutcome, receivedItem, sentItem } from './nativeItems';

const me = getAddress('0x00000000000000000000000000000000000000a1');
const bob = getAddress('0x00000000000000000000000000000000000000b0');
const created = getAddress('0x00000000000000000000000000000000000000c0');
const hash = `0x${'ab'.repeat(32)}` as Hex;
const tx = (over: Partial<NativeTx> = {}): NativeTx => ({
  hash,
  blockNumber: 9n,
  timestamp: 1_700_000_000,
  txIndex: 2,
  from: me,
  to: bob,
  value: 10n,
  ...over,
});

describe('native items', () => {
  it('reads a mined transaction, a missing recipient or position as undefined and 0', () => {
    const fromNode = { hash, transactionIndex: null, from: me, to: null, value: 3n };
    expect(nativeTx(fromNode, 4n, undefined)).toEqual({
      hash,
      blockNumber: 4n,
      timestamp: undefined,
      txIndex: 0,
      from: me,
      to: undefined,
      value: 3n,
    });
  });

  it('takes the fee and the failure from a receipt', () => {
    expect(receiptOutcome({ gasUsed: 21_000n, effectiveGasPrice: 2n, status: 'reverted' })).toEqual({
      fee: 42_000n,
      failed: true,
    });
  });

  it('adds the L1 data fee an OP Stack receipt reports (recorded, see the fixtures README)', () => {
    const raw = recordedResult(opStack, 'eth_getTransactionReceipt') as { gasUsed: string; effectiveGasPrice: string };
    // viem's receipt formatter turns the known fields to bigint and leaves l1Fee as the node's hex.
    const receipt = { ...raw, gasUsed: BigInt(raw.gasUsed), effectiveGasPrice: BigInt(raw.effectiveGasPrice) };
    expect(receiptFee(receipt)).toBe(receipt.gasUsed * receipt.effectiveGasPrice + 24_681_034_813n);
  });

  it('makes a sent item: out, or self when sent to the account itself, with fee and failure', () => {
    const out = sentItem(1, me, tx(), { fee: 5n, failed: false }, 'scan');
    expect(out).toEqual({
      id: `1:${me.toLowerCase()}:${hash}:tx`,
      chainId: 1,
      account: me,
      hash,
      blockNumber: 9n,
      timestamp: 1_700_000_000,
      txIndex: 2,
      logIndex: undefined,
      direction: 'out',
      counterparty: bob,
      asset: { kind: 'native' },
      amount: 10n,
      fee: 5n,
      failed: false,
      source: 'scan',
    });
    expect(sentItem(1, me, tx({ to: me }), { fee: 5n, failed: true }, 'logs')).toMatchObject({
      direction: 'self',
      failed: true,
      source: 'logs',
    });
  });

  it('names the created contract as counterparty only when the outcome gives it', () => {
    const creation = tx({ to: undefined });
    expect(sentItem(1, me, creation, { fee: 1n, failed: false }, 'explorer').counterparty).toBeUndefined();
    expect(sentItem(1, me, creation, { fee: 1n, failed: false, contractAddress: created }, 'scan').counterparty).toBe(
      created,
    );
  });

  it('makes a received item from the sender, without fee', () => {
    const item = receivedItem(1, me, tx({ from: bob, to: me }), 'internal:3', 'explorer');
    expect(item).toMatchObject({
      id: `1:${me.toLowerCase()}:${hash}:internal:3`,
      direction: 'in',
      counterparty: bob,
      fee: undefined,
      failed: false,
    });
  });
});
