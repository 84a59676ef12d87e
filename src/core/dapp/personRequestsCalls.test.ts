// wallet_sendCalls (EIP-5792) read from a site's request: the calls (a call without `to` creates a
// contract), the site's id, and the refusals with EIP-5792's own codes.
import { describe, expect, it } from 'vitest';
import { ALICE, BOB, read, refusal } from '../../testing/personRequestReaders';
import { MAX_INITCODE_BYTES } from '../offline/intrinsicGas';
import { personRequestOf } from './personRequests';

describe('wallet_sendCalls', () => {
  const call = (i: number) => ({ to: BOB, value: `0x${(i + 1).toString(16)}`, data: '0x' });
  const batch = { version: '2.0.0', from: ALICE.toLowerCase(), chainId: '0xaa36a7', calls: [call(0), call(1)] };

  it('reads every call of the batch', () => {
    expect(read('wallet_sendCalls', [batch])).toEqual({
      method: 'wallet_sendCalls',
      account: ALICE,
      chainId: 11_155_111,
      calls: [
        { to: BOB, value: 1n, data: '0x' },
        { to: BOB, value: 2n, data: '0x' },
      ],
      batchId: undefined,
      atomicRequired: false,
    });
    expect(read('wallet_sendCalls', [{ ...batch, id: 'order-42' }])).toMatchObject({ batchId: 'order-42' });
  });

  it('takes atomicRequired and optional capabilities; refuses capabilities it lacks, with EIP-5792 codes', () => {
    const optional = { paymasterService: { url: 'https://pay.example', optional: true } };
    expect(read('wallet_sendCalls', [{ ...batch, atomicRequired: false, capabilities: optional }])).toMatchObject({
      method: 'wallet_sendCalls',
    });
    const code = (params: unknown) => {
      const result = personRequestOf({ method: 'wallet_sendCalls', params: [params] });
      return result.ok ? undefined : [result.error.code, result.error.message];
    };
    expect(read('wallet_sendCalls', [{ ...batch, atomicRequired: true }])).toMatchObject({ atomicRequired: true });
    expect(code({ ...batch, atomicRequired: 'yes' })).toEqual([-32602, 'atomicRequired must be true or false.']);
    expect(code({ ...batch, capabilities: { paymasterService: { url: 'x' } } })).toEqual([
      5700,
      expect.stringContaining('paymasterService'),
    ]);
    const callCapability = { ...batch, calls: [{ ...call(0), capabilities: { auxiliaryFunds: {} } }] };
    expect(code(callCapability)).toEqual([5700, expect.stringContaining('auxiliaryFunds')]);
    expect(code({ ...batch, id: 'with space' })).toEqual([-32602, expect.stringMatching(/^id must be/)]);
    expect(code({ ...batch, id: 7 })).toEqual([-32602, expect.stringMatching(/^id must be/)]);
  });

  it('takes a batch with no chain id as one for the site’s network, and up to 20 calls', () => {
    const { chainId: _chainId, ...noChain } = batch;
    expect(read('wallet_sendCalls', [noChain])).toMatchObject({ chainId: undefined });
    const twenty = Array.from({ length: 20 }, (_, i) => call(i));
    expect(read('wallet_sendCalls', [{ ...batch, calls: twenty }])).toMatchObject({ calls: expect.any(Array) });
  });

  it('reads a call without to as a contract creation, its init code checked as a transaction’s', () => {
    const create = { data: '0x6080604052', value: '0x7' };
    expect(read('wallet_sendCalls', [{ ...batch, calls: [create, call(0)] }])).toMatchObject({
      calls: [
        { to: undefined, value: 7n, data: '0x6080604052' },
        { to: BOB, value: 1n, data: '0x' },
      ],
    });
    expect(read('wallet_sendCalls', [{ ...batch, calls: [{ to: null, data: '0x00' }] }])).toMatchObject({
      calls: [{ to: undefined, data: '0x00' }],
    });
    const largest = `0x${'00'.repeat(MAX_INITCODE_BYTES)}`;
    expect(read('wallet_sendCalls', [{ ...batch, calls: [{ data: largest }] }])).toMatchObject({
      calls: [{ to: undefined }],
    });
    refusal('wallet_sendCalls', [{ ...batch, calls: [call(0), {}] }], 'calls[1] has no to address and no data');
    refusal('wallet_sendCalls', [{ ...batch, calls: [{ to: null, data: '0x' }] }], 'calls[0] has no to address');
    refusal('wallet_sendCalls', [{ ...batch, calls: [{ data: '0x60zz' }] }], 'calls[0].data must be hex bytes');
    refusal(
      'wallet_sendCalls',
      [{ ...batch, calls: [{ data: `${largest}00` }] }],
      'calls[0].data is init code of 49153 bytes: at most 49152',
    );
  });

  it('refuses a batch of more than 20 calls with 5740, and one that creates a contract but must be atomic with 5760', () => {
    const code = (params: unknown) => {
      const result = personRequestOf({ method: 'wallet_sendCalls', params: [params] });
      return result.ok ? undefined : [result.error.code, result.error.message];
    };
    const many = Array.from({ length: 21 }, (_, i) => call(i));
    expect(code({ ...batch, calls: many })).toEqual([5740, 'Cairn sends at most 20 calls in one batch.']);
    const creating = { ...batch, calls: [call(0), { data: '0x6080604052' }] };
    expect(code({ ...creating, atomicRequired: true })).toEqual([
      5760,
      expect.stringMatching(/^calls\[1\] creates a contract, which Cairn cannot run inside an atomic batch/),
    ]);
    expect(read('wallet_sendCalls', [{ ...creating, atomicRequired: false }])).toMatchObject({ atomicRequired: false });
  });

  it('refuses an empty or malformed batch, naming what is wrong', () => {
    refusal('wallet_sendCalls', [{ ...batch, calls: [] }], 'calls must be a non-empty list.');
    refusal('wallet_sendCalls', [{ ...batch, calls: undefined }], 'calls must be a non-empty list.');
    refusal('wallet_sendCalls', [{ ...batch, calls: call(0) }], 'calls must be a non-empty list.');
    refusal('wallet_sendCalls', [{ ...batch, calls: [call(0), { to: BOB, data: '0xabc' }] }], 'calls[1].data');
    refusal('wallet_sendCalls', [{ ...batch, calls: [{ to: 'bob' }] }], 'calls[0].to must be an address');
    refusal('wallet_sendCalls', [{ ...batch, calls: [{ to: BOB, value: 5 }] }], 'calls[0].value');
    refusal('wallet_sendCalls', [{ ...batch, calls: ['0x'] }], 'calls[0] must be an object.');
    refusal('wallet_sendCalls', [{ ...batch, from: undefined }], 'from must be an address');
    refusal('wallet_sendCalls', [{ ...batch, chainId: 11_155_111 }], 'chainId must be a chain id in hex');
    refusal('wallet_sendCalls', [], 'The first parameter must be an object.');
  });
});
