import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isProviderError, PROVIDER_ERROR_CODES } from './providerErrors';
import { GRANTED_METHODS, MAX_REQUEST_BYTES, PERSON_METHODS, parseDappRequest, READ_METHODS } from './request';

const refusal = (raw: unknown) => {
  const parsed = parseDappRequest(raw);
  if (parsed.ok) throw new Error(`accepted ${JSON.stringify(raw)}`);
  return parsed.error;
};

describe("a site's request, checked before anything acts on it", () => {
  it('takes every offered method, with params as an array, an object or none', () => {
    for (const method of [...PERSON_METHODS, ...GRANTED_METHODS, ...READ_METHODS]) {
      expect(parseDappRequest({ method })).toEqual({ ok: true, request: { method, params: [] } });
    }
    expect(parseDappRequest({ method: 'personal_sign', params: ['0x68', '0xabc'] })).toEqual({
      ok: true,
      request: { method: 'personal_sign', params: ['0x68', '0xabc'] },
    });
    expect(parseDappRequest({ method: 'wallet_watchAsset', params: { type: 'ERC20' } })).toMatchObject({ ok: true });
  });

  it('refuses what is not a request object with -32600 and a sentence', () => {
    for (const raw of [undefined, null, 'eth_accounts', 42, ['eth_accounts'], new Map(), new Date()]) {
      expect(refusal(raw)).toEqual({
        code: PROVIDER_ERROR_CODES.invalidRequest,
        message: 'A request is an object: { method, params }.',
      });
    }
    expect(refusal({ params: [] })).toMatchObject({ code: -32600, message: expect.stringContaining('no method name') });
    expect(refusal({ method: '' })).toMatchObject({ code: -32600 });
    expect(refusal({ method: 7 })).toMatchObject({ code: -32600 });
  });

  it('refuses eth_sign and the deprecated encryption methods with 4200 and why', () => {
    expect(refusal({ method: 'eth_sign', params: ['0x0', '0x00'] })).toMatchObject({
      code: 4200,
      message: expect.stringContaining('never signs raw hashes'),
    });
    expect(refusal({ method: 'eth_getEncryptionPublicKey' })).toMatchObject({ code: 4200 });
    expect(refusal({ method: 'eth_decrypt' })).toMatchObject({ code: 4200 });
  });

  it('refuses unknown methods with 4200, naming only a well-formed name', () => {
    expect(refusal({ method: 'eth_signTransaction' })).toEqual({
      code: 4200,
      message: 'Cairn does not offer eth_signTransaction.',
    });
    // A name that is not an identifier is never echoed back (it could be anything the site wants shown).
    expect(refusal({ method: '<img src=x>' })).toEqual({ code: 4200, message: 'Cairn does not offer that method.' });
    expect(refusal({ method: 'a'.repeat(65) })).toMatchObject({ code: 4200 });
    // Names of Object.prototype's members are just unknown names (found by the property below).
    expect(refusal({ method: 'valueOf' })).toEqual({ code: 4200, message: 'Cairn does not offer valueOf.' });
    expect(refusal({ method: 'constructor' })).toMatchObject({ code: 4200 });
  });

  it('refuses params that are neither an array nor an object, or not plain JSON, with -32602', () => {
    expect(refusal({ method: 'eth_call', params: 'latest' })).toMatchObject({ code: -32602 });
    expect(refusal({ method: 'eth_call', params: 1 })).toMatchObject({ code: -32602 });
    expect(refusal({ method: 'eth_call', params: [1n] })).toMatchObject({
      code: -32602,
      message: expect.stringContaining('not plain JSON'),
    });
    const cycle: unknown[] = [];
    cycle.push(cycle);
    expect(refusal({ method: 'eth_call', params: cycle })).toMatchObject({ code: -32602 });
  });

  it('refuses a request over the size limit with its size', () => {
    const big = { method: 'eth_signTypedData_v4', params: ['0x0', 'x'.repeat(MAX_REQUEST_BYTES)] };
    expect(refusal(big)).toMatchObject({
      code: -32600,
      message: expect.stringMatching(/^The request is too large: \d+ characters, at most 262144\.$/),
    });
  });

  it('never throws, and every refusal is a provider error Cairn sends', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withMap: true, withSet: true, withDate: true }), (raw) => {
        const parsed = parseDappRequest(raw);
        if (!parsed.ok) expect(isProviderError(parsed.error)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.record({ method: fc.string(), params: fc.anything() }, { requiredKeys: [] }), (raw) => {
        const parsed = parseDappRequest(raw);
        if (parsed.ok)
          expect([...PERSON_METHODS, ...GRANTED_METHODS, ...READ_METHODS]).toContain(parsed.request.method);
        else expect(isProviderError(parsed.error)).toBe(true);
      }),
    );
  });
});
