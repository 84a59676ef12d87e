import { parseEther, parseGwei } from 'viem';
import { describe, expect, it } from 'vitest';
import { inWords } from '@/testing/inWords';
import type { DecimalFormat } from '../tx/amount';
import type { OfflineTxField } from './offlineTx';
import { buildUnsignedTx, type UnsignedTxDraft } from './unsignedTx';

const checksummed = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

const draft: UnsignedTxDraft = {
  type: 'eip1559',
  chainId: '1',
  nonce: '7',
  to: checksummed,
  value: '0.25',
  gasLimit: '21000',
  maxFeePerGas: '30',
  maxPriorityFeePerGas: '1.5',
  data: '',
  accessList: '',
};

/** Each field's problem in words (English, in tests). */
function errorsOf(changes: Partial<UnsignedTxDraft>): Partial<Record<OfflineTxField, string>> {
  const result = buildUnsignedTx({ ...draft, ...changes });
  if (result.ok) return {};
  return inWords(result.errors) as Partial<Record<OfflineTxField, string>>;
}

describe('buildUnsignedTx', () => {
  it('builds an EIP-1559 transaction with exact amounts', () => {
    expect(buildUnsignedTx(draft)).toEqual({
      ok: true,
      tx: {
        type: 'eip1559',
        chainId: 1,
        nonce: 7,
        to: checksummed,
        value: parseEther('0.25'),
        gas: 21_000n,
        data: '0x',
        maxFeePerGas: parseGwei('30'),
        maxPriorityFeePerGas: parseGwei('1.5'),
        accessList: [],
      },
    });
  });

  it('builds legacy and EIP-2930 transactions with a gas price, and a contract creation', () => {
    const legacy = buildUnsignedTx({ ...draft, type: 'legacy', gasPrice: '2.000000001' });
    expect(legacy.ok && legacy.tx).toMatchObject({ type: 'legacy', gasPrice: 2_000_000_001n });
    expect(legacy.ok && 'accessList' in legacy.tx).toBe(false);
    const accessList = JSON.stringify([{ address: checksummed, storageKeys: [`0x${'ab'.repeat(32)}`] }]);
    const berlin = buildUnsignedTx({ ...draft, type: 'eip2930', gasPrice: '3', gasLimit: '25300', accessList });
    expect(berlin.ok && berlin.tx).toMatchObject({
      type: 'eip2930',
      gasPrice: parseGwei('3'),
      accessList: [{ address: checksummed, storageKeys: [`0x${'ab'.repeat(32)}`] }],
    });
    const create = buildUnsignedTx({ ...draft, to: '', value: '0', data: '0x6000', gasLimit: '60000' });
    expect(create.ok && create.tx).toMatchObject({ to: null, data: '0x6000' });
  });

  it('names every bad field at once', () => {
    expect(
      errorsOf({
        chainId: 'one',
        nonce: '-1',
        to: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeD',
        value: '1e-3',
        gasLimit: '21k',
        maxFeePerGas: 'fast',
        maxPriorityFeePerGas: '0.0000000001',
        data: '0xabc',
        accessList: '[{',
      }),
    ).toEqual({
      chainId: 'The chain id is a whole number, such as 1 for Ethereum.',
      nonce: 'The nonce is a whole number.',
      to: 'The capital letters in this address do not match its checksum (EIP-55). It probably has a typo: check it against the source.',
      value: 'Write the amount in full digits, without exponent notation (e.g. 0.001, not 1e-3).',
      gasLimit: 'The gas limit is a whole number, such as 21000.',
      maxFeePerGas: 'The max fee is a number of gwei, such as 1.5 (at most 9 decimals).',
      maxPriorityFeePerGas: 'The priority fee is a number of gwei, such as 1.5 (at most 9 decimals).',
      data: 'Data must have an even number of hex digits (whole bytes).',
      accessList:
        'The access list is JSON, such as [{"address": "0x…", "storageKeys": ["0x…"]}]; this text is not valid JSON.',
    });
  });

  it('asks for each empty field', () => {
    expect(
      errorsOf({ chainId: '', nonce: ' ', value: '', gasLimit: '', maxFeePerGas: '', maxPriorityFeePerGas: undefined }),
    ).toEqual({
      chainId: 'Enter the chain id of the network, such as 1 for Ethereum.',
      nonce: 'Enter the nonce: the number of transactions this account has sent (0 for a new account).',
      value: 'Enter an amount.',
      gasLimit: 'Enter a gas limit: 21,000 for a plain transfer, more for a contract call.',
      maxFeePerGas: 'Enter the max fee in gwei, such as 1.5.',
      maxPriorityFeePerGas: 'Enter the priority fee in gwei, such as 1.5.',
    });
    expect(errorsOf({ type: 'legacy', gasPrice: '' })).toEqual({
      gasPrice: 'Enter the gas price in gwei, such as 1.5.',
    });
  });

  it('checks ranges: chain id, nonce, gas limit, value, fees', () => {
    expect(errorsOf({ chainId: '0' }).chainId).toBe(
      'The chain id is a whole number from 1 to 9,007,199,254,740,991, such as 1 for Ethereum.',
    );
    expect(errorsOf({ chainId: '9007199254740992' }).chainId).toMatch(/from 1 to 9,007,199,254,740,991/);
    expect(errorsOf({ nonce: '9007199254740992' }).nonce).toBe(
      'The nonce is too large: Cairn signs nonces up to 9,007,199,254,740,991.',
    );
    expect(errorsOf({ gasLimit: '18446744073709551616' }).gasLimit).toBe(
      'The gas limit is too large: at most 18,446,744,073,709,551,615.',
    );
    expect(errorsOf({ gasLimit: '20999' }).gasLimit).toBe('Every transaction needs at least 21,000 gas.');
    expect(errorsOf({ value: '1'.padEnd(80, '0') }).value).toMatch(/^The amount is too large to fit in a transaction/);
    expect(errorsOf({ value: '0.1234567890123456789' }).value).toBe('ETH has 18 decimals; this amount has 19.');
    const pol = buildUnsignedTx({ ...draft, value: '0.1234567890123456789' }, 'POL');
    expect(pol.ok ? undefined : inWords(pol.errors.value ?? '')).toBe('POL has 18 decimals; this amount has 19.');
    expect(errorsOf({ maxFeePerGas: '1'.padEnd(80, '0') }).maxFeePerGas).toMatch(/^The max fee is too large/);
    expect(errorsOf({ maxFeePerGas: '1'.padEnd(65, '0') }).maxFeePerGas).toBe(
      'The gas limit times this fee is too large to pay (more than 2^256 − 1 wei).',
    );
  });

  it('takes chain id and nonce as plain digits: no separator silently joins two numbers', () => {
    expect(errorsOf({ chainId: '1 0' }).chainId).toBe('The chain id is a whole number, such as 1 for Ethereum.');
    expect(errorsOf({ chainId: '1_0' }).chainId).toBe('The chain id is a whole number, such as 1 for Ethereum.');
    expect(errorsOf({ nonce: '1 2' }).nonce).toBe('The nonce is a whole number.');
  });

  it('refuses a priority fee above the max fee', () => {
    expect(errorsOf({ maxFeePerGas: '1', maxPriorityFeePerGas: '2' })).toEqual({
      maxPriorityFeePerGas: 'The priority fee (2 gwei) cannot be above the max fee (1 gwei).',
    });
    // Said together with other fields' problems, not only after they are fixed.
    expect(errorsOf({ nonce: 'x', maxFeePerGas: '1', maxPriorityFeePerGas: '2' })).toMatchObject({
      nonce: expect.any(String),
      maxPriorityFeePerGas: 'The priority fee (2 gwei) cannot be above the max fee (1 gwei).',
    });
  });

  it('needs the intrinsic gas for data, access list and contract creation, and the Prague data floor', () => {
    expect(errorsOf({ data: '0x0001', gasLimit: '21000' }).gasLimit).toBe(
      'This transaction needs at least 21,020 gas before it runs (21,000 plus 20 for its data); the gas limit is 21,000.',
    );
    const accessList = JSON.stringify([{ address: checksummed, storageKeys: [] }]);
    expect(errorsOf({ accessList }).gasLimit).toBe(
      'This transaction needs at least 23,400 gas before it runs (21,000 plus 2,400 for its access list); the gas limit is 21,000.',
    );
    expect(errorsOf({ to: '', data: '0x60', gasLimit: '53000' }).gasLimit).toBe(
      'This transaction needs at least 53,018 gas before it runs (21,000 plus 16 for its data, 32,002 to create a contract); the gas limit is 53,000.',
    );
    // 100 non-zero bytes: intrinsic 22,600, floor 25,000.
    expect(errorsOf({ data: `0x${'ff'.repeat(100)}`, gasLimit: '23000' }).gasLimit).toBe(
      'Networks with the Prague upgrade (EIP-7623) charge at least 25,000 gas for this much data; the gas limit is 23,000.',
    );
    expect(errorsOf({ data: `0x${'ff'.repeat(100)}`, gasLimit: '25000' })).toEqual({});
  });

  it('needs a recipient or contract code, and keeps contract code within EIP-3860', () => {
    expect(errorsOf({ to: '' }).to).toBe(
      'Enter a recipient address. Leave it empty only to create a contract, with the contract code in Data.',
    );
    expect(errorsOf({ to: '', data: `0x${'01'.repeat(49_153)}`, gasLimit: '2000000' }).data).toBe(
      'Contract code is 49,153 bytes; a contract creation carries at most 49,152 (EIP-3860).',
    );
    expect(errorsOf({ data: `0x${'01'.repeat(128 * 1024 + 1)}`, gasLimit: '5000000' }).data).toBe(
      'Data is 131,073 bytes; nodes accept at most 128 KiB per transaction.',
    );
  });

  it('applies EIP-55 to the recipient: lowercase and uppercase pass, a wrong capital does not', () => {
    expect(buildUnsignedTx({ ...draft, to: checksummed.toLowerCase() })).toMatchObject({
      ok: true,
      tx: { to: checksummed },
    });
    expect(buildUnsignedTx({ ...draft, to: `0x${checksummed.slice(2).toUpperCase()}` })).toMatchObject({ ok: true });
    expect(errorsOf({ to: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe' }).to).toBe(
      'An address has 40 hex digits after 0x; this has 39.',
    );
  });

  it('refuses an access list on a legacy transaction and malformed entries', () => {
    expect(errorsOf({ type: 'legacy', gasPrice: '1', accessList: '[]' }).accessList).toBe(
      'Legacy transactions have no access list: choose EIP-2930 or EIP-1559 to use one.',
    );
    expect(errorsOf({ accessList: '{}' }).accessList).toBe('The access list must be a JSON list ([…]).');
    expect(errorsOf({ accessList: '[{"address":"0x12"}]' }).accessList).toBe(
      'Access list entry 1: An address has 40 hex digits after 0x; this has 2.',
    );
    expect(errorsOf({ accessList: `[{"address":"${checksummed}"}]` }).accessList).toBe(
      'Access list entry 1 needs "storageKeys", a list (possibly empty).',
    );
    expect(errorsOf({ accessList: `[{"address":"${checksummed}","storageKeys":["0x01"]}]` }).accessList).toBe(
      'Access list entry 1, storage key 1: a storage key is 0x followed by exactly 64 hex digits (32 bytes).',
    );
    expect(errorsOf({ accessList: `[{"address":"${checksummed}","storageKeys":[],"x":1}]` }).accessList).toBe(
      'Access list entry 1 has an unknown field "x": only "address" and "storageKeys" belong there.',
    );
  });

  it('refuses an unknown type', () => {
    expect(buildUnsignedTx({ ...draft, type: 'eip4844' as never }).ok).toBe(false);
    expect(errorsOf({ type: 'eip4844' as never })).toEqual({
      type: 'Choose the transaction type: EIP-1559, EIP-2930 or legacy.',
    });
  });

  it('reads the value and fees in the language’s one format (German: 1.234,5), the same transaction', () => {
    const german: DecimalFormat = { decimal: ',', group: '.' };
    const typed = { ...draft, value: '0,25', maxFeePerGas: '30', maxPriorityFeePerGas: '1,5' };
    expect(buildUnsignedTx(typed, 'ETH', german)).toEqual(buildUnsignedTx(draft));
    const legacy = buildUnsignedTx({ ...typed, type: 'legacy', gasPrice: '2,000000001' }, 'ETH', german);
    expect(legacy.ok && legacy.tx).toMatchObject({ type: 'legacy', gasPrice: 2_000_000_001n });
    const refused = buildUnsignedTx({ ...typed, value: '1,234.5', maxFeePerGas: '1.234,5678901234' }, 'ETH', german);
    expect(refused.ok ? {} : inWords(refused.errors)).toEqual({
      value: 'A thousands separator (“.”) cannot come after the decimal separator (“,”): write, for example, 1,25.',
      maxFeePerGas: 'The max fee is a number of gwei, such as 1,5 (at most 9 decimals).',
    });
  });
});
