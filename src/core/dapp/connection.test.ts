import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { type ConnectionDeps, DappConnection } from './connection';
import {
  type HexChainId,
  isPortMessage,
  isPortRequest,
  type PortMessage,
  type SiteGrant,
  toHexChainId,
} from './protocol';
import { isProviderError, PROVIDER_ERROR_CODES, providerError } from './providerErrors';
import { GRANTED_METHODS, PERSON_METHODS, READ_METHODS } from './request';
import type { SitePermission } from './sites';

const ORIGIN = 'https://app.example';
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const SEPOLIA = 11_155_111;
const POLYGON = 137;

const connectedSite = (): SitePermission => ({
  origin: ORIGIN,
  accounts: [ALICE],
  networkId: 'ethereum',
  networkIds: ['ethereum', 'sepolia'],
  ownNodeReads: false,
  name: 'Example',
  grantedAt: 1_000,
  lastUsed: 1_000,
});

type Response = Extract<PortMessage, { type: 'response' }>;
const isResponse = (m: PortMessage): m is Response => m.type === 'response';
const resultOf = (m: Response | undefined) => (m && 'result' in m ? m.result : undefined);
const errorOf = (m: Response | undefined) => (m && 'error' in m ? m.error : undefined);

/**
 * A connection on a fake port with fake surroundings: the site's permission and network live in
 * `state`, revoke drops the site, and switchToApproved switches to the chains in `approved`.
 */
function harness(options: { site?: SitePermission | undefined; approved?: number[] } = {}) {
  const messages: PortMessage[] = [];
  const state: { site: SitePermission | undefined; chainId: HexChainId; now: number } = {
    site: 'site' in options ? options.site : connectedSite(),
    chainId: '0x1',
    now: 10_000,
  };
  const approved = new Set(options.approved ?? [SEPOLIA]);
  const deps = {
    site: vi.fn(() => state.site),
    grant: vi.fn(
      (): SiteGrant =>
        state.site
          ? {
              accounts: [...state.site.accounts],
              chainId: state.chainId,
              chains: { '0x1': ['https://rpc.example'], '0xaa36a7': [] },
            }
          : { accounts: [], chainId: state.chainId, chains: {} },
    ),
    revoke: vi.fn(() => {
      state.site = undefined;
    }),
    switchToApproved: vi.fn((chainId: number) => {
      if (!approved.has(chainId)) return false;
      state.chainId = toHexChainId(chainId);
      return true;
    }),
    onIdle: vi.fn(),
    now: () => state.now,
  } satisfies ConnectionDeps;
  const connection = new DappConnection(
    { postMessage: (message) => messages.push(message) },
    ORIGIN,
    { name: 'Example' },
    deps,
  );
  let nextId = 1;
  const send = (method: unknown, params?: unknown, id = nextId++) => {
    connection.receive({ type: 'request', id, method, params });
    return id;
  };
  const responses = () => messages.filter(isResponse);
  const responsesTo = (id: number) => responses().filter((m) => m.id === id);
  /** The one answer to `id`; fails when there is none or more than one. */
  const answer = (id: number) => {
    const all = responsesTo(id);
    expect(all, `answers to ${id}`).toHaveLength(1);
    return all[0];
  };
  const grants = () => messages.filter((m) => m.type === 'grant');
  const pending = () => connection.store.getState().pending;
  return { connection, messages, state, deps, send, responses, responsesTo, answer, grants, pending };
}

describe('requests answered at once from what the site was granted', () => {
  it('answers eth_requestAccounts for a connected site with its accounts (EIP-1102), and queues it for one that is not', () => {
    const connected = harness();
    expect(resultOf(connected.answer(connected.send('eth_requestAccounts')))).toEqual([ALICE]);
    expect(connected.pending()).toEqual([]);
    const stranger = harness({ site: undefined });
    stranger.send('eth_requestAccounts');
    expect(stranger.pending()).toHaveLength(1);
  });

  it('answers accounts, chain, network version, permissions and capabilities, and queues nothing', () => {
    const h = harness();
    expect(resultOf(h.answer(h.send('eth_accounts')))).toEqual([ALICE]);
    expect(resultOf(h.answer(h.send('eth_chainId')))).toBe('0x1');
    expect(resultOf(h.answer(h.send('net_version')))).toBe('1');
    expect(resultOf(h.answer(h.send('wallet_getPermissions')))).toEqual([
      {
        parentCapability: 'eth_accounts',
        invoker: ORIGIN,
        date: 1_000,
        caveats: [{ type: 'restrictReturnedAccounts', value: [ALICE] }],
      },
    ]);
    expect(resultOf(h.answer(h.send('wallet_getCapabilities', [ALICE])))).toEqual({
      '0x1': { atomic: { status: 'unsupported' } },
      '0xaa36a7': { atomic: { status: 'unsupported' } },
    });
    expect(h.pending()).toEqual([]);
    expect(h.grants()).toEqual([]);
    expect(h.deps.onIdle).not.toHaveBeenCalled();
  });

  it('gives the network version in decimal for the chain the site is on now', () => {
    const h = harness();
    h.state.chainId = '0xaa36a7';
    expect(resultOf(h.answer(h.send('net_version')))).toBe('11155111');
    expect(resultOf(h.answer(h.send('eth_chainId')))).toBe('0xaa36a7');
  });

  it('answers a site not connected with no accounts and no permissions', () => {
    const h = harness({ site: undefined });
    expect(resultOf(h.answer(h.send('eth_accounts')))).toEqual([]);
    expect(resultOf(h.answer(h.send('wallet_getPermissions')))).toEqual([]);
    expect(resultOf(h.answer(h.send('wallet_getCapabilities')))).toEqual({});
  });

  it('reads the permission anew for every request', () => {
    const h = harness();
    expect(resultOf(h.answer(h.send('eth_accounts')))).toEqual([ALICE]);
    h.state.site = { ...connectedSite(), accounts: [BOB, ALICE] };
    expect(resultOf(h.answer(h.send('eth_accounts')))).toEqual([BOB, ALICE]);
  });

  it('drops the permission on wallet_revokePermissions, answers null and tells the connector', () => {
    const h = harness();
    const id = h.send('wallet_revokePermissions', [{ eth_accounts: {} }]);
    expect(h.deps.revoke).toHaveBeenCalledTimes(1);
    expect(resultOf(h.answer(id))).toBeNull();
    expect(h.grants()).toEqual([{ type: 'grant', grant: { accounts: [], chainId: '0x1', chains: {} } }]);
    // The grant goes first, so the connector knows before the site's promise settles.
    expect(h.messages.map((m) => m.type)).toEqual(['grant', 'response']);
    expect(h.pending()).toEqual([]);
  });

  it('switches at once to a chain the site may already use, answering null and sending the new grant', () => {
    const h = harness({ approved: [SEPOLIA] });
    const id = h.send('wallet_switchEthereumChain', [{ chainId: '0xaa36a7' }]);
    expect(h.deps.switchToApproved).toHaveBeenCalledWith(SEPOLIA);
    expect(resultOf(h.answer(id))).toBeNull();
    expect(h.grants()).toMatchObject([{ grant: { chainId: '0xaa36a7' } }]);
    expect(h.messages.map((m) => m.type)).toEqual(['grant', 'response']);
    expect(h.pending()).toEqual([]);
  });

  it('asks the person about a chain the site may not use yet', () => {
    const h = harness({ approved: [SEPOLIA] });
    const id = h.send('wallet_switchEthereumChain', [{ chainId: '0x89' }]);
    expect(h.deps.switchToApproved).toHaveBeenCalledWith(POLYGON);
    expect(h.responses()).toEqual([]);
    expect(h.grants()).toEqual([]);
    expect(h.pending()).toEqual([
      { id, request: { method: 'wallet_switchEthereumChain', chainId: POLYGON }, receivedAt: 10_000 },
    ]);
  });

  it('refuses a switch without a readable chain id, asking nobody', () => {
    const h = harness();
    const id = h.send('wallet_switchEthereumChain', [{ chainId: 'sepolia' }]);
    expect(h.deps.switchToApproved).not.toHaveBeenCalled();
    expect(errorOf(h.answer(id))).toMatchObject({ code: -32602, message: expect.stringContaining('chainId') });
    expect(h.pending()).toEqual([]);
  });
});

describe('requests refused at once', () => {
  it('refuses methods Cairn does not offer with 4200 and a sentence', () => {
    const h = harness();
    expect(errorOf(h.answer(h.send('eth_signTransaction')))).toEqual({
      code: 4200,
      message: 'Cairn does not offer eth_signTransaction.',
    });
    expect(errorOf(h.answer(h.send('eth_sign', [ALICE, '0x00'])))).toMatchObject({
      code: 4200,
      message: expect.stringContaining('does not sign raw hashes'),
    });
    expect(errorOf(h.answer(h.send('eth_decrypt')))).toMatchObject({ code: 4200 });
    expect(errorOf(h.answer(h.send('<script>')))).toEqual({
      code: 4200,
      message: 'Cairn does not offer a method of that name.',
    });
    expect(h.pending()).toEqual([]);
  });

  it('sends chain reads back to the connector with 4200', () => {
    const h = harness();
    for (const method of READ_METHODS) {
      expect(errorOf(h.answer(h.send(method, [])))).toEqual({
        code: 4200,
        message: `Ask ${method} of the connector: it reads the chain itself.`,
      });
    }
    expect(h.pending()).toEqual([]);
  });

  it(// BUG (connection.ts answerAtOnce): wallet_getCallsStatus is a granted method but no case
  // answers it, so it falls to personRequestOf and comes back -32602 "wallet_getCallsStatus is not a
  // request for the person." (wrong code, and an internal sentence).
  'sends wallet_getCallsStatus back to the connector with 4200, not as bad params', () => {
    const h = harness();
    expect(errorOf(h.answer(h.send('wallet_getCallsStatus', ['batch-1'])))).toMatchObject({ code: 4200 });
  });

  it('refuses malformed requests with -32600 or -32602 and a sentence', () => {
    const h = harness();
    expect(errorOf(h.answer(h.send(undefined)))).toMatchObject({
      code: -32600,
      message: expect.stringContaining('no method name'),
    });
    expect(errorOf(h.answer(h.send(7)))).toMatchObject({ code: -32600 });
    expect(errorOf(h.answer(h.send('eth_accounts', 'all')))).toMatchObject({
      code: -32602,
      message: expect.stringContaining('must be an array or an object'),
    });
    expect(errorOf(h.answer(h.send('personal_sign', [])))).toEqual({
      code: -32602,
      message: 'personal_sign needs the message (hex bytes or text) first.',
    });
    expect(errorOf(h.answer(h.send('eth_sendTransaction', [{ from: ALICE, value: 5 }])))).toMatchObject({
      code: -32602,
      message: expect.stringContaining('value'),
    });
    expect(h.pending()).toEqual([]);
  });

  it('refuses signing or sending for an account not granted to the site with 4100, naming it', () => {
    const h = harness();
    const asks: [string, unknown[]][] = [
      ['personal_sign', ['0x68', BOB]],
      ['eth_signTypedData_v4', [BOB, '{}']],
      ['eth_signTypedData_v3', [BOB, {}]],
      ['eth_sendTransaction', [{ from: BOB, to: ALICE }]],
      ['wallet_sendCalls', [{ from: BOB, calls: [{ to: ALICE }] }]],
    ];
    for (const [method, params] of asks) {
      expect(errorOf(h.answer(h.send(method, params))), method).toEqual({
        code: 4100,
        message: `This site may not use ${BOB}: connect that account to it in Cairn first (eth_requestAccounts).`,
      });
    }
    expect(h.pending()).toEqual([]);
  });

  it('takes a granted account in any letter case', () => {
    const h = harness();
    h.send('personal_sign', ['0x68', ALICE.toLowerCase()]);
    h.send('eth_sendTransaction', [{ from: ALICE.toLowerCase(), to: BOB }]);
    expect(h.responses()).toEqual([]);
    expect(h.pending().map((p) => p.request)).toMatchObject([{ account: ALICE }, { account: ALICE }]);
  });

  it('refuses every signature to a site not connected, or no longer', () => {
    const h = harness({ site: undefined });
    expect(errorOf(h.answer(h.send('personal_sign', ['0x68', ALICE])))).toMatchObject({ code: 4100 });
    const connected = harness();
    connected.send('wallet_revokePermissions');
    expect(errorOf(connected.answer(connected.send('personal_sign', ['0x68', ALICE])))).toMatchObject({ code: 4100 });
  });
});

describe('requests waiting for the person', () => {
  it('refuses with 4100 those whose account the site lost while they waited, and keeps the rest', () => {
    const h = harness();
    const sign = h.send('personal_sign', ['0x68', ALICE]);
    const connect = h.send('wallet_requestPermissions', [{ eth_accounts: {} }]);
    h.connection.dropUngranted();
    expect(h.responses()).toEqual([]);
    h.state.site = undefined;
    h.connection.dropUngranted();
    expect(errorOf(h.answer(sign))).toEqual({
      code: 4100,
      message: `This site may not use ${ALICE}: connect that account to it in Cairn first (eth_requestAccounts).`,
    });
    expect(h.pending().map((p) => p.id)).toEqual([connect]);
    expect(h.deps.onIdle).not.toHaveBeenCalled();
  });

  it('queues them in the order they came, each read and checked', () => {
    const h = harness();
    const a = h.send('wallet_requestPermissions', [{ eth_accounts: {} }]);
    h.state.now = 10_050;
    const b = h.send('personal_sign', ['hello', ALICE]);
    const c = h.send('eth_sendTransaction', [{ from: ALICE, to: BOB, value: '0x10' }]);
    expect(h.responses()).toEqual([]);
    expect(h.pending()).toEqual([
      { id: a, request: { method: 'wallet_requestPermissions' }, receivedAt: 10_000 },
      { id: b, request: { method: 'personal_sign', account: ALICE, message: '0x68656c6c6f' }, receivedAt: 10_050 },
      {
        id: c,
        request: { method: 'eth_sendTransaction', account: ALICE, call: { to: BOB, value: 16n, data: '0x' } },
        receivedAt: 10_050,
      },
    ]);
  });

  it('answers each one exactly once, and drops answers for ids it does not hold', () => {
    const h = harness();
    const a = h.send('personal_sign', ['0x68', ALICE]);
    const b = h.send('personal_sign', ['0x69', ALICE]);
    h.connection.resolve(a, '0xsignature');
    expect(h.responsesTo(a)).toEqual([{ type: 'response', id: a, result: '0xsignature' }]);
    h.connection.resolve(a, '0xother');
    h.connection.reject(a, providerError('userRejected'));
    h.connection.resolve(404, 'nobody asked');
    h.connection.reject(405, providerError('internal'));
    expect(h.responses()).toEqual([{ type: 'response', id: a, result: '0xsignature' }]);
    expect(h.pending().map((p) => p.id)).toEqual([b]);
  });

  it('sends a refusal with the error given', () => {
    const h = harness();
    const id = h.send('wallet_requestPermissions', [{ eth_accounts: {} }]);
    h.connection.reject(id, providerError('userRejected'));
    expect(h.responses()).toEqual([
      { type: 'response', id, error: { code: 4001, message: 'The person declined the request in Cairn.' } },
    ]);
  });

  it('tells Cairn when the last one is answered, not before', () => {
    const h = harness();
    const a = h.send('wallet_requestPermissions', [{ eth_accounts: {} }]);
    const b = h.send('personal_sign', ['0x68', ALICE]);
    h.connection.resolve(b, '0xsig');
    expect(h.deps.onIdle).not.toHaveBeenCalled();
    h.connection.resolve(a, [ALICE]);
    expect(h.deps.onIdle).toHaveBeenCalledTimes(1);
    // A dropped answer for an id already answered does not say it again.
    h.connection.resolve(a, [ALICE]);
    expect(h.deps.onIdle).toHaveBeenCalledTimes(1);
  });

  it('declines everything still waiting with 4001, in order, and then is idle', () => {
    const h = harness();
    const ids = [
      h.send('wallet_requestPermissions', [{ eth_accounts: {} }]),
      h.send('personal_sign', ['0x68', ALICE]),
      h.send('wallet_switchEthereumChain', [{ chainId: '0x89' }]),
    ];
    h.connection.rejectAll();
    expect(h.responses()).toEqual(
      ids.map((id) => ({
        type: 'response',
        id,
        error: { code: 4001, message: 'The person declined the request in Cairn.' },
      })),
    );
    expect(h.pending()).toEqual([]);
    expect(h.deps.onIdle).toHaveBeenCalledTimes(1);
    h.connection.resolve(ids[0] ?? -1, [ALICE]);
    expect(h.responses()).toHaveLength(3);
  });

  it('declines everything with the error given', () => {
    const h = harness();
    const id = h.send('wallet_requestPermissions', [{ eth_accounts: {} }]);
    h.connection.rejectAll(providerError('disconnected'));
    expect(errorOf(h.answer(id))).toMatchObject({ code: 4900 });
  });

  it('declines nothing when nothing waits', () => {
    const h = harness();
    h.connection.rejectAll();
    expect(h.messages).toEqual([]);
  });

  it(// BUG (connection.ts receive/finish): a request whose id is already waiting is queued beside
  // it; finish() then removes both with one answer, so the second request is never answered.
  'answers every request once even when the site reuses an id still waiting', () => {
    const h = harness();
    h.send('personal_sign', ['0x68', ALICE], 7);
    h.send('personal_sign', ['0x69', ALICE], 7);
    h.connection.rejectAll();
    expect(h.responsesTo(7)).toHaveLength(2);
  });
});

describe('the grant sent to the connector', () => {
  it('is sent only when it changed', () => {
    const h = harness();
    h.connection.sendGrant();
    h.connection.sendGrant();
    expect(h.grants()).toHaveLength(1);
    h.state.site = { ...connectedSite(), accounts: [ALICE, BOB] };
    h.connection.sendGrant();
    h.connection.sendGrant();
    expect(h.grants()).toEqual([
      { type: 'grant', grant: expect.objectContaining({ accounts: [ALICE] }) },
      { type: 'grant', grant: expect.objectContaining({ accounts: [ALICE, BOB] }) },
    ]);
  });

  it('goes ahead of an answer that changed it, and is not repeated for one that did not', () => {
    const h = harness({ site: undefined });
    h.connection.sendGrant();
    const sign = h.send('wallet_requestPermissions', [{ eth_accounts: {} }]);
    h.messages.length = 0;
    // The person connects the site in the window, then the request is answered.
    h.state.site = connectedSite();
    h.connection.resolve(sign, [ALICE]);
    expect(h.messages).toEqual([
      { type: 'grant', grant: expect.objectContaining({ accounts: [ALICE] }) },
      { type: 'response', id: sign, result: [ALICE] },
    ]);
    const again = h.send('wallet_requestPermissions', [{ eth_accounts: {} }]);
    h.connection.resolve(again, [ALICE]);
    expect(h.grants()).toHaveLength(1);
  });
});

describe("a site's rate limit", () => {
  it('refuses the 31st request of a burst with -32005, counts it, and lets requests through again later', () => {
    const h = harness();
    const ids = Array.from({ length: 30 }, () => h.send('eth_chainId'));
    for (const id of ids) expect(resultOf(h.answer(id))).toBe('0x1');
    const limited = h.send('eth_chainId');
    expect(errorOf(h.answer(limited))).toEqual({
      code: PROVIDER_ERROR_CODES.limitExceeded,
      message: 'This site sent too many requests: wait a moment and try again.',
    });
    expect(h.connection.store.getState().refused).toBe(1);
    // Refused before it is read: a request for the person is not queued either.
    expect(errorOf(h.answer(h.send('personal_sign', ['0x68', ALICE])))).toMatchObject({ code: -32005 });
    expect(h.pending()).toEqual([]);
    expect(h.connection.store.getState().refused).toBe(2);
    h.state.now += 200;
    expect(resultOf(h.answer(h.send('eth_chainId')))).toBe('0x1');
    expect(h.connection.store.getState().refused).toBe(2);
  });

  it('does not count messages that are not requests', () => {
    const h = harness();
    for (let i = 0; i < 100; i += 1) h.connection.receive({ type: 'response', id: i, result: null });
    const ids = Array.from({ length: 30 }, () => h.send('eth_chainId'));
    for (const id of ids) expect(resultOf(h.answer(id))).toBe('0x1');
    expect(h.connection.store.getState().refused).toBe(0);
  });
});

describe('messages on the port that are not requests', () => {
  it('are ignored: no answer, nothing queued, nothing counted', () => {
    const h = harness();
    for (const data of [
      undefined,
      null,
      'eth_accounts',
      42,
      [],
      [{ type: 'request', id: 1, method: 'eth_accounts' }],
      { type: 'response', id: 1, result: [] },
      { type: 'grant', grant: { accounts: [BOB], chainId: '0x1', chains: {} } },
      { type: 'request', id: '1', method: 'eth_accounts' },
      { type: 'request', id: 1.5, method: 'eth_accounts' },
      { type: 'request', id: 2 ** 53, method: 'eth_accounts' },
      { type: 'request', method: 'eth_requestAccounts' },
      { id: 1, method: 'eth_requestAccounts' },
    ]) {
      h.connection.receive(data);
    }
    expect(h.messages).toEqual([]);
    expect(h.connection.store.getState()).toEqual({ pending: [], refused: 0 });
  });

  it('never throw, and every request is either answered exactly once or queued', () => {
    const methods = [
      ...PERSON_METHODS,
      ...GRANTED_METHODS,
      ...READ_METHODS,
      'eth_sign',
      'eth_signTransaction',
      'toString',
      '__proto__',
      '',
    ];
    /** Requests as a site would send them, some for accounts it was not granted. */
    const wellFormed = fc.constantFrom<[string, unknown]>(
      ['eth_accounts', []],
      ['eth_chainId', undefined],
      ['eth_call', [{ to: BOB }, 'latest']],
      ['eth_requestAccounts', []],
      ['wallet_requestPermissions', [{ eth_accounts: {} }]],
      ['wallet_revokePermissions', [{ eth_accounts: {} }]],
      ['wallet_switchEthereumChain', [{ chainId: '0xaa36a7' }]],
      ['wallet_switchEthereumChain', [{ chainId: '0x89' }]],
      ['personal_sign', ['0x68', ALICE]],
      ['personal_sign', ['0x68', BOB]],
      ['eth_signTypedData_v4', [ALICE, '{}']],
      ['eth_sendTransaction', [{ from: ALICE, to: BOB }]],
      ['eth_sendTransaction', [{ from: BOB, to: ALICE }]],
      ['wallet_sendCalls', [{ from: ALICE, calls: [{ to: BOB }] }]],
      ['wallet_watchAsset', { type: 'ERC20', options: { address: BOB } }],
      ['eth_sign', [ALICE, '0x00']],
    );
    const anyCall = fc.tuple(
      fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...methods) }, fc.string(), fc.anything()),
      fc.anything({ withBigInt: true, withNullPrototype: true }),
    );
    const request = fc
      .tuple(fc.integer({ min: -2, max: 8 }), fc.oneof({ weight: 3, arbitrary: wellFormed }, anyCall))
      .map(([id, [method, params]]) => ({ type: 'request', id, method, params }));
    const nearMiss = fc.record(
      {
        type: fc.constantFrom('request', 'response', 'grant', 'event'),
        id: fc.oneof(fc.integer({ min: -2, max: 8 }), fc.double(), fc.string(), fc.constant(2 ** 53)),
        method: fc.constantFrom(...methods),
        result: fc.anything(),
      },
      { requiredKeys: [] },
    );
    const message = fc.oneof(
      { weight: 6, arbitrary: request },
      { weight: 1, arbitrary: nearMiss },
      { weight: 1, arbitrary: fc.anything({ withBigInt: true, withMap: true, withDate: true }) },
    );
    fc.assert(
      fc.property(fc.array(message, { maxLength: 45, size: 'max' }), (datas) => {
        const h = harness();
        for (const data of datas) {
          const answeredBefore = h.responses().length;
          const queuedBefore = h.pending().length;
          h.connection.receive(data);
          const answered = h.responses().slice(answeredBefore);
          const queued = h.pending().slice(queuedBefore);
          // Nothing waiting is answered or dropped by a new message.
          expect(h.pending().length).toBeGreaterThanOrEqual(queuedBefore);
          if (isPortRequest(data)) {
            expect(answered.length + queued.length).toBe(1);
            expect([...answered, ...queued].map((x) => x.id)).toEqual([data.id]);
          } else {
            expect(answered).toEqual([]);
            expect(queued).toEqual([]);
          }
        }
        for (const m of h.messages) {
          expect(isPortMessage(m)).toBe(true);
          if (isResponse(m) && 'error' in m) expect(isProviderError(m.error)).toBe(true);
        }
      }),
    );
  });
});
