import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAPP_WINDOW_FILE,
  dappWindowUrl,
  isConnectMessage,
  isHexChainId,
  isPortMessage,
  isPortRequest,
  isReadyMessage,
  isSerialisedOrigin,
  isSiteGrant,
  MESSAGE_TAG,
  newNonce,
  parseWindowFragment,
  toHexChainId,
} from './protocol';

const NONCE = '0123456789abcdef0123456789abcdef';
const ORIGIN = 'https://app.example';
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** A fragment as the connector writes it, with the parts given (a part set to undefined is left out). */
const fragment = (parts: { origin?: string; nonce?: string }) => {
  const params = new URLSearchParams();
  if (parts.origin !== undefined) params.set('origin', parts.origin);
  if (parts.nonce !== undefined) params.set('nonce', parts.nonce);
  return `#${params.toString()}`;
};

/** Origins as browsers serialise them: scheme, lower-case host, port only when not the default. */
const serialisedOrigin = fc
  .tuple(
    fc.constantFrom('http', 'https'),
    fc.domain(),
    fc.option(fc.integer({ min: 1, max: 65_535 }), { nil: undefined }),
  )
  .map(([scheme, host, port]) => new URL(`${scheme}://${host}${port === undefined ? '' : `:${port}`}`).origin);

describe('the nonce of one handshake', () => {
  it('is 32 lower-case hex digits made from 16 random bytes', () => {
    expect(newNonce()).toMatch(/^[0-9a-f]{32}$/);
    expect(newNonce((bytes) => bytes.fill(0xab))).toBe('ab'.repeat(16));
    expect(newNonce((bytes) => bytes.fill(0x01))).toBe('01'.repeat(16));
  });

  it('differs from one handshake to the next', () => {
    const nonces = new Set(Array.from({ length: 50 }, () => newNonce()));
    expect(nonces.size).toBe(50);
  });
});

describe("the dApp window's URL and fragment", () => {
  it('puts dapp.html next to the wallet and reads back the origin and nonce it carries', () => {
    const url = dappWindowUrl('https://wallet.example/cairn/', { origin: ORIGIN, nonce: NONCE });
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe(`https://wallet.example/cairn/${DAPP_WINDOW_FILE}`);
    expect(parsed.search).toBe('');
    expect(parseWindowFragment(parsed.hash)).toEqual({ origin: ORIGIN, nonce: NONCE });
  });

  it('round-trips every serialised origin and fresh nonce', () => {
    fc.assert(
      fc.property(serialisedOrigin, fc.uint8Array({ minLength: 16, maxLength: 16 }), (origin, bytes) => {
        const nonce = newNonce((b) => {
          b.set(bytes);
          return b;
        });
        const url = dappWindowUrl('http://127.0.0.1:5173/', { origin, nonce });
        expect(parseWindowFragment(new URL(url).hash)).toEqual({ origin, nonce });
      }),
    );
  });

  it('reads a fragment with or without its leading #', () => {
    const hash = fragment({ origin: ORIGIN, nonce: NONCE });
    expect(parseWindowFragment(hash)).toEqual({ origin: ORIGIN, nonce: NONCE });
    expect(parseWindowFragment(hash.slice(1))).toEqual({ origin: ORIGIN, nonce: NONCE });
  });

  it('refuses a fragment whose nonce is not 32 lower-case hex digits', () => {
    for (const nonce of [
      '',
      NONCE.slice(1),
      `${NONCE}0`,
      NONCE.toUpperCase(),
      `${NONCE.slice(0, 31)}g`,
      ` ${NONCE.slice(1)}`,
      `0x${NONCE.slice(2)}`,
    ]) {
      expect(parseWindowFragment(fragment({ origin: ORIGIN, nonce })), nonce).toBeUndefined();
    }
  });

  it('refuses a fragment whose origin is not exactly as a browser writes one', () => {
    for (const origin of [
      `${ORIGIN}/`,
      `${ORIGIN}/path`,
      `${ORIGIN}?q=1`,
      'https://APP.example',
      'HTTPS://app.example',
      'https://app.example:443',
      'http://app.example:80',
      'https://user@app.example',
      'null',
      'javascript:alert(1)',
      'data:text/html,hi',
      'file:///etc/passwd',
      'ftp://app.example',
      'app.example',
      '',
    ]) {
      expect(parseWindowFragment(fragment({ origin, nonce: NONCE })), origin).toBeUndefined();
    }
  });

  it('refuses a fragment that lacks its origin or its nonce', () => {
    expect(parseWindowFragment('')).toBeUndefined();
    expect(parseWindowFragment('#')).toBeUndefined();
    expect(parseWindowFragment(fragment({ origin: ORIGIN }))).toBeUndefined();
    expect(parseWindowFragment(fragment({ nonce: NONCE }))).toBeUndefined();
    expect(parseWindowFragment(`#origin&nonce=${NONCE}`)).toBeUndefined();
  });

  it('never throws, and whatever it accepts is a serialised origin and a well-formed nonce', () => {
    const check = (hash: string) => {
      const parsed = parseWindowFragment(hash);
      if (parsed) {
        expect(isSerialisedOrigin(parsed.origin)).toBe(true);
        expect(parsed.nonce).toMatch(/^[0-9a-f]{32}$/);
      }
    };
    fc.assert(fc.property(fc.string(), check));
    // Any UTF-16 code unit, lone surrogates included.
    const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
    fc.assert(fc.property(fc.string({ unit: codeUnit }), check));
    fc.assert(fc.property(fc.string(), fc.string(), (origin, nonce) => check(`origin=${origin}&nonce=${nonce}`)));
  });
});

describe('serialised origins', () => {
  it('accepts http and https origins as browsers write them', () => {
    for (const origin of [
      'https://app.example',
      'http://127.0.0.1:5173',
      'http://localhost:3000',
      'https://app.example:8443',
      'http://[::1]:8080',
      'https://xn--bcher-kva.example',
    ]) {
      expect(isSerialisedOrigin(origin), origin).toBe(true);
    }
  });

  it('refuses anything else', () => {
    for (const value of [
      'https://app.example/',
      'https://App.example',
      'https://bücher.example',
      'https://app.example:443',
      'https://app.example#x',
      'null',
      'javascript:alert(1)',
      'blob:https://app.example/uuid',
      'ws://app.example',
      'chrome-extension://abcdefghijklmnop',
      ' https://app.example',
      '',
    ]) {
      expect(isSerialisedOrigin(value), value).toBe(false);
    }
  });
});

describe('window-level handshake messages', () => {
  const ready = { tag: MESSAGE_TAG, type: 'ready', nonce: NONCE };
  const connect = { tag: MESSAGE_TAG, type: 'connect', nonce: NONCE, dapp: { name: 'Example' } };

  it('takes ready only with Cairn’s tag, its type and this exchange’s nonce', () => {
    expect(isReadyMessage(ready, NONCE)).toBe(true);
    expect(isReadyMessage({ ...ready, tag: 'cairn-dapp-v0' }, NONCE)).toBe(false);
    expect(isReadyMessage({ ...ready, type: 'connect' }, NONCE)).toBe(false);
    expect(isReadyMessage({ ...ready, nonce: newNonce() }, NONCE)).toBe(false);
    expect(isReadyMessage({ tag: MESSAGE_TAG, type: 'ready' }, NONCE)).toBe(false);
    for (const data of [undefined, null, 'ready', [ready], 1]) expect(isReadyMessage(data, NONCE)).toBe(false);
  });

  it('takes connect only with Cairn’s tag, its type, the nonce and a named dApp', () => {
    expect(isConnectMessage(connect, NONCE)).toBe(true);
    expect(isConnectMessage({ ...connect, dapp: { name: 'Example', icon: 'data:image/png;base64,AA==' } }, NONCE)).toBe(
      true,
    );
    expect(isConnectMessage({ ...connect, tag: 'other' }, NONCE)).toBe(false);
    expect(isConnectMessage({ ...connect, type: 'ready' }, NONCE)).toBe(false);
    expect(isConnectMessage({ ...connect, nonce: NONCE.toUpperCase() }, NONCE)).toBe(false);
    expect(isConnectMessage({ ...connect, dapp: undefined }, NONCE)).toBe(false);
    expect(isConnectMessage({ ...connect, dapp: { name: 7 } }, NONCE)).toBe(false);
    expect(isConnectMessage({ ...connect, dapp: ['Example'] }, NONCE)).toBe(false);
    expect(isConnectMessage(ready, NONCE)).toBe(false);
    expect(isConnectMessage(null, NONCE)).toBe(false);
  });
});

describe('port messages', () => {
  const grant = { accounts: [ALICE], chainId: '0x1', chains: { '0x1': ['https://rpc.example'], '0xaa36a7': [] } };

  it('takes a request only with a safe integer id', () => {
    expect(isPortRequest({ type: 'request', id: 0, method: 'eth_accounts' })).toBe(true);
    expect(isPortRequest({ type: 'request', id: -3, method: 'eth_accounts' })).toBe(true);
    for (const id of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '1', undefined, null]) {
      expect(isPortRequest({ type: 'request', id, method: 'eth_accounts' }), String(id)).toBe(false);
    }
    expect(isPortRequest({ type: 'response', id: 1 })).toBe(false);
    expect(isPortRequest([{ type: 'request', id: 1 }])).toBe(false);
  });

  it('knows a chain id by EIP-1193’s spelling: lower-case hex, no leading zero, not zero, at most 16 digits', () => {
    for (const id of ['0x1', '0xaa36a7', '0x7a69', `0x${'f'.repeat(16)}`]) expect(isHexChainId(id), id).toBe(true);
    for (const id of ['0x0', '0x01', '0xAA36A7', '1', '0x', `0x1${'0'.repeat(16)}`, 1, undefined]) {
      expect(isHexChainId(id), String(id)).toBe(false);
    }
    expect(toHexChainId(1)).toBe('0x1');
    expect(toHexChainId(11_155_111)).toBe('0xaa36a7');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(isHexChainId(toHexChainId(n))).toBe(true);
        expect(Number.parseInt(toHexChainId(n), 16)).toBe(n);
      }),
    );
  });

  it('takes a site grant with addresses, its chain id and the chains it may read', () => {
    expect(isSiteGrant(grant)).toBe(true);
    expect(isSiteGrant({ accounts: [], chainId: '0x1', chains: {} })).toBe(true);
  });

  it('refuses a site grant with a wrong part', () => {
    for (const bad of [
      { ...grant, accounts: ['0x1234'] },
      { ...grant, accounts: [`${ALICE} `] },
      { ...grant, accounts: ALICE },
      { ...grant, accounts: [7] },
      { ...grant, chainId: '0x01' },
      { ...grant, chainId: 1 },
      { ...grant, chains: [] },
      { ...grant, chains: null },
      { ...grant, chains: { '0x01': [] } },
      { ...grant, chains: { mainnet: [] } },
      { ...grant, chains: { '0x1': 'https://rpc.example' } },
      { ...grant, chains: { '0x1': [1] } },
      { chainId: '0x1', chains: {} },
      null,
      [grant],
    ]) {
      expect(isSiteGrant(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('takes each message the window sends', () => {
    for (const message of [
      { type: 'response', id: 1, result: ['0x'] },
      { type: 'response', id: 2, result: null },
      { type: 'response', id: 3, result: undefined },
      { type: 'response', id: 4, error: { code: 4001, message: 'no' } },
      { type: 'grant', grant },
      { type: 'calls', calls: { id: 'batch-1' } },
      { type: 'event', event: 'accountsChanged', data: [] },
      { type: 'event', event: 'chainChanged', data: '0x1' },
      { type: 'event', event: 'disconnect', data: undefined },
    ]) {
      expect(isPortMessage(message), JSON.stringify(message)).toBe(true);
    }
  });

  it('refuses messages of the wrong shape', () => {
    for (const message of [
      { type: 'response', id: 1 },
      { type: 'response', id: '1', result: 1 },
      { type: 'response', id: 1.5, result: 1 },
      { type: 'response', id: 1, error: 'no' },
      { type: 'response', id: 1, error: null },
      { type: 'grant', grant: { ...grant, chainId: '0x0' } },
      { type: 'grant' },
      { type: 'calls', calls: { id: 1 } },
      { type: 'calls', calls: null },
      { type: 'event', event: 'connect', data: {} },
      { type: 'event', event: 'message', data: {} },
      { type: 'request', id: 1, method: 'eth_accounts' },
      { type: 'toString' },
      {},
      [],
      null,
      'response',
    ]) {
      expect(isPortMessage(message), JSON.stringify(message)).toBe(false);
    }
  });

  it('never throws on anything a port may carry', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withMap: true, withSet: true, withDate: true }), (data) => {
        isPortMessage(data);
        isPortRequest(data);
        isSiteGrant(data);
        isReadyMessage(data, NONCE);
        isConnectMessage(data, NONCE);
      }),
    );
  });
});
