import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { localNetwork } from '@/core/chain/networks';
import type { PreparedSend } from '@/core/tx/prepare';
import { simulationKeys } from '../queries/simulationQueries';
import { previewAccountsAndTokens, previewedTransaction } from './useTransactionPreview';

const granted: Address = '0xa11ce00000000000000000000000000000000001';
const other: Address = '0xb0b0000000000000000000000000000000000002';
const third: Address = '0xca10000000000000000000000000000000000003';
const listed: Address = '0x1000000000000000000000000000000000000001';
const added: Address = '0x2000000000000000000000000000000000000002';

describe('what a preview may read of the person’s accounts and tokens', () => {
  const input = { from: granted, accounts: [granted, other, third], listed: [listed], added: [added] };

  it('in a site’s window, names the request’s account alone and the listed tokens, never those the person added', () => {
    expect(previewAccountsAndTokens({ ...input, scope: { site: true } })).toEqual({
      own: [granted],
      watchTokens: [listed],
    });
  });

  it('in Cairn’s own screens, knows every account and every token of the portfolio', () => {
    expect(previewAccountsAndTokens({ ...input, scope: {} })).toEqual({
      own: [granted, other, third],
      watchTokens: [listed, added],
    });
  });
});

describe('the transaction a review previews', () => {
  const prepared = {
    draft: { from: granted },
    call: { to: other, value: 5n, data: '0x' },
    gasLimit: 21_000n,
    nonce: 4,
    fees: { kind: 'eip1559', maxFeePerGas: 30n, maxPriorityFeePerGas: 2n },
  } as unknown as PreparedSend;

  it('is the one Confirm signs: its fees, gas limit and nonce with the call', () => {
    expect(previewedTransaction(prepared)).toEqual({
      from: granted,
      to: other,
      value: 5n,
      data: '0x',
      gas: 21_000n,
      nonce: 4,
      maxFeePerGas: 30n,
      maxPriorityFeePerGas: 2n,
    });
    const legacy = { ...prepared, fees: { kind: 'legacy', gasPrice: 9n } } as PreparedSend;
    expect(previewedTransaction(legacy)).toMatchObject({ gasPrice: 9n });
    expect(previewedTransaction(legacy)).not.toHaveProperty('maxFeePerGas');
  });

  it('is simulated again when its fees change (they are part of its key)', () => {
    const network = localNetwork('http://127.0.0.1:8545');
    const tx = previewedTransaction(prepared);
    const key = (fee: bigint) => JSON.stringify(simulationKeys.preview(network, { ...tx, maxFeePerGas: fee }, []));
    expect(key(31n)).not.toBe(key(30n));
  });
});
