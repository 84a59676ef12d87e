import { describe, expect, it } from 'vitest';
import { isPinned, KNOWN_METHODS, METHOD_TABLE, methodEntry, sendsTransaction } from './methodTable';
import { personRequestOf } from './personRequests';
import { RARE_SITE_ANSWERS, SITE_REFRESHES } from './rareSiteAnswers';
import { GRANTED_METHODS, PERSON_METHODS, parseDappRequest, READ_METHODS, REFUSED_METHODS } from './request';
import { RARE_ANSWERED, SITE_ANSWERS } from './siteAnswers';

describe('the method table', () => {
  it('has one entry for each method the connector knows or refuses, where its lists say', () => {
    const where = (methods: readonly string[]) => methods.map((m) => methodEntry(m)?.where);
    expect(where(PERSON_METHODS).every((w) => w === 'window')).toBe(true);
    expect(where(GRANTED_METHODS).every((w) => w === 'connector')).toBe(true);
    expect(where(READ_METHODS).every((w) => w === 'node')).toBe(true);
    expect(where(Object.keys(REFUSED_METHODS)).every((w) => w === 'refused')).toBe(true);
    expect(KNOWN_METHODS).toHaveLength(
      PERSON_METHODS.length + GRANTED_METHODS.length + READ_METHODS.length + Object.keys(REFUSED_METHODS).length,
    );
    expect(methodEntry('valueOf')).toBeUndefined();
    expect(methodEntry('eth_signTransaction')).toBeUndefined();
  });

  it('gives a params parser to each method the person may be asked, and an answer to the rest', () => {
    for (const method of KNOWN_METHODS) {
      const entry = METHOD_TABLE[method];
      if (entry.person !== 'never') expect(entry.params, method).toBeTypeOf('function');
      if (entry.person !== 'always' && (entry.where === 'window' || entry.where === 'connector'))
        expect(entry.answer, method).toBeTypeOf('function');
      // The window reads nothing for a site: it sends reads back to the connector.
      if (entry.where === 'node') expect(entry.unanswered?.(method)).toMatchObject({ code: 4200 });
    }
  });

  it('answers what the connector answers with the very answerers it ships', () => {
    const shipped = { ...SITE_ANSWERS, ...RARE_SITE_ANSWERS } as Record<string, unknown>;
    for (const method of GRANTED_METHODS) expect(METHOD_TABLE[method].answer, method).toBe(shipped[method]);
    expect(Object.keys(RARE_SITE_ANSWERS)).toEqual([...RARE_ANSWERED]);
    expect(METHOD_TABLE.wallet_switchEthereumChain.answer).toBe(SITE_ANSWERS.wallet_switchEthereumChain);
  });

  it('is what personRequestOf reads params with: a method the person is never asked has none', () => {
    expect(personRequestOf({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xA' }] })).toMatchObject({
      ok: true,
      request: { method: 'wallet_switchEthereumChain', chainId: 10 },
    });
    for (const method of ['eth_accounts', 'wallet_revokePermissions', 'eth_call'] as const)
      expect(personRequestOf({ method, params: [] })).toEqual({
        ok: false,
        error: { code: -32602, message: `${method} is not a request for the person.` },
      });
  });

  it('lists only methods parseDappRequest lets through, but for those it refuses (4200)', () => {
    for (const method of KNOWN_METHODS) {
      const parsed = parseDappRequest({ method });
      if (METHOD_TABLE[method].where === 'refused') expect(parsed).toMatchObject({ ok: false, error: { code: 4200 } });
      else expect(parsed.ok, method).toBe(true);
    }
  });

  it('pins the signatures, sends and token requests to the site’s network, and marks the two sends', () => {
    expect(KNOWN_METHODS.filter(isPinned)).toEqual([
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_signTypedData_v3',
      'eth_sendTransaction',
      'wallet_watchAsset',
      'wallet_sendCalls',
    ]);
    expect(KNOWN_METHODS.filter(sendsTransaction)).toEqual(['eth_sendTransaction', 'wallet_sendCalls']);
    // What sends acts on a chain; what the person is never asked in the window is kept on none.
    for (const method of KNOWN_METHODS) {
      if (sendsTransaction(method)) expect(isPinned(method), method).toBe(true);
      if (isPinned(method)) expect(METHOD_TABLE[method].where, method).toBe('window');
    }
  });

  it('refreshes with the very refreshers the connector ships, for methods it answers from its rare parts', () => {
    const shipped = SITE_REFRESHES as Record<string, unknown>;
    for (const method of KNOWN_METHODS) expect(METHOD_TABLE[method].refresh, method).toBe(shipped[method]);
    const refreshed = KNOWN_METHODS.filter((method) => METHOD_TABLE[method].refresh);
    expect(refreshed).toEqual(['wallet_getCallsStatus']);
    for (const method of refreshed) expect(RARE_ANSWERED, method).toContain(method);
  });
});
