// DappConnection's guards: each request pinned to the site's chain when it came, addresses with a
// wrong checksum kept for the person's warning, and what a site learns while Cairn is locked or
// before it connects.
import { describe, expect, it } from 'vitest';
import { ALICE, BOB, errorOf, harness, resultOf, SEPOLIA } from '../../testing/dappConnectionHarness';

const transaction = (extra: Record<string, unknown> = {}) => [{ from: ALICE, to: BOB, value: '0x1', ...extra }];

describe('a request stays on the chain it came for', () => {
  it('refuses a waiting transaction with 4901 when a message moves the site to another chain, naming both', () => {
    const h = harness({ approved: [SEPOLIA] });
    const tx = h.send('eth_sendTransaction', transaction());
    expect(h.pending()).toMatchObject([{ id: tx, chainId: '0x1' }]);
    // Any message that names another approved chain moves the site there (the connector switched alone).
    const read = h.send('eth_accounts', [], undefined, '0xaa36a7');
    expect(h.state.chainId).toBe('0xaa36a7');
    expect(resultOf(h.answer(read))).toEqual([ALICE]);
    expect(errorOf(h.answer(tx))).toEqual({
      code: 4901,
      message: `The site switched to chain ${SEPOLIA} while this request for chain 1 waited: nothing was signed or sent. Ask again.`,
    });
    expect(h.pending()).toEqual([]);
    // The connector learns the new chain before the refusal.
    expect(h.messages.map((m) => m.type)).toEqual(['grant', 'response', 'response']);
  });

  it('pins a request that comes with the switch to the chain it switched to', () => {
    const h = harness({ approved: [SEPOLIA] });
    const sign = h.send('personal_sign', ['0x68', ALICE]);
    const tx = h.send('eth_sendTransaction', transaction(), undefined, '0xaa36a7');
    expect(errorOf(h.answer(sign))?.code).toBe(4901);
    expect(h.pending()).toMatchObject([{ id: tx, chainId: '0xaa36a7' }]);
  });

  it('refuses what waits on the chain a wallet_switchEthereumChain answered at once left', () => {
    const h = harness({ approved: [SEPOLIA] });
    const typed = h.send('eth_signTypedData_v4', [ALICE, '{}']);
    const calls = h.send('wallet_sendCalls', [{ from: ALICE, calls: [{ to: BOB }] }]);
    const token = h.send('wallet_watchAsset', { type: 'ERC20', options: { address: BOB } });
    const ask = h.send('wallet_requestPermissions', [{ eth_accounts: {} }]);
    const add = h.send('wallet_addEthereumChain', [
      {
        chainId: '0xa',
        chainName: 'OP',
        rpcUrls: ['https://op.example'],
        nativeCurrency: { symbol: 'ETH', decimals: 18 },
      },
    ]);
    const switched = h.send('wallet_switchEthereumChain', [{ chainId: '0xaa36a7' }]);
    expect(resultOf(h.answer(switched))).toBeNull();
    for (const id of [typed, calls, token]) expect(errorOf(h.answer(id))?.code).toBe(4901);
    // Requests whose meaning does not depend on the chain stay.
    expect(h.pending().map((p) => p.id)).toEqual([ask, add]);
  });

  it('keeps waiting requests when a message names a chain the site may not switch to alone', () => {
    const h = harness({ approved: [SEPOLIA] });
    const tx = h.send('eth_sendTransaction', transaction());
    h.send('eth_accounts', [], undefined, '0x89');
    expect(h.state.chainId).toBe('0x1');
    expect(h.pending().map((p) => p.id)).toEqual([tx]);
  });

  it('refuses what acts on a chain, sent for a chain Cairn would not move the site to, and tells the connector its chain again', () => {
    // The connector still offers Polygon (the person removed it from the site meanwhile): the site built these for Polygon.
    const h = harness({ approved: [SEPOLIA] });
    h.connection.sendGrant();
    for (const [method, params] of [
      ['eth_sendTransaction', transaction()],
      ['personal_sign', ['0x68', ALICE]],
      ['wallet_watchAsset', { type: 'ERC20', options: { address: BOB } }],
    ] as const) {
      const asked = h.send(method, params, undefined, '0x89');
      expect(errorOf(h.answer(asked))).toEqual({
        code: 4901,
        message:
          'This request came for chain 137, but the site is on chain 1 in Cairn: nothing was signed or sent. Ask again on chain 1, or switch first (wallet_switchEthereumChain).',
      });
    }
    expect(h.pending()).toEqual([]);
    // Each time, the connector hears the site's chain anew, though it did not change.
    expect(h.grants().map((m) => m.type === 'grant' && m.grant.chainId)).toEqual(['0x1', '0x1', '0x1', '0x1']);
    // What does not act on a chain is answered, and the same requests on the site's chain wait.
    expect(resultOf(h.answer(h.send('eth_accounts', [], undefined, '0x89')))).toEqual([ALICE]);
    const tx = h.send('eth_sendTransaction', transaction(), undefined, '0x1');
    expect(h.pending()).toMatchObject([{ id: tx, chainId: '0x1' }]);
  });

  it('refuses, when it changes elsewhere (another request approved, Cairn’s own window), what waits on the chain left', () => {
    const h = harness();
    const tx = h.send('eth_sendTransaction', transaction());
    h.state.chainId = '0xaa36a7';
    h.connection.siteChanged();
    expect(errorOf(h.answer(tx))?.code).toBe(4901);
  });

  it('refuses a transaction whose own chainId is not the site’s with -32602, naming both', () => {
    const h = harness();
    const other = h.send('eth_sendTransaction', transaction({ chainId: '0x89' }));
    expect(errorOf(h.answer(other))).toEqual({
      code: -32602,
      message:
        "The transaction's chainId is 137, but the site is on chain 1: they must match. Switch first (wallet_switchEthereumChain).",
    });
    const same = h.send('eth_sendTransaction', transaction({ chainId: '0x1' }));
    expect(h.pending()).toMatchObject([{ id: same, request: { chainId: 1 }, chainId: '0x1' }]);
    const bad = h.send('eth_sendTransaction', transaction({ chainId: 'mainnet' }));
    expect(errorOf(h.answer(bad))).toMatchObject({ code: -32602, message: expect.stringContaining('chainId') });
  });
});

describe('while Cairn is locked', () => {
  it('tells the site of no account: eth_accounts is empty, permissions none, and the grant waits', () => {
    const h = harness();
    h.state.unlocked = false;
    h.connection.sendGrant();
    expect(resultOf(h.answer(h.send('eth_accounts')))).toEqual([]);
    expect(resultOf(h.answer(h.send('wallet_getPermissions')))).toEqual([]);
    expect(h.grants()).toEqual([]);
    h.state.unlocked = true;
    h.connection.siteChanged();
    expect(h.grants()).toMatchObject([{ grant: { accounts: [ALICE] } }]);
  });

  it('holds eth_requestAccounts of a connected site until the unlock, then answers it with the accounts', () => {
    const h = harness();
    h.state.unlocked = false;
    const ask = h.send('eth_requestAccounts');
    expect(h.responsesTo(ask)).toEqual([]);
    expect(h.pending().map((p) => p.id)).toEqual([ask]);
    h.state.unlocked = true;
    h.connection.siteChanged();
    expect(resultOf(h.answer(ask))).toEqual([ALICE]);
    expect(h.pending()).toEqual([]);
  });
});

describe('a site not connected', () => {
  it('learns no network of Cairn’s: no grant before it names its chain, then only that chain, with no accounts', () => {
    // Cairn's own selected network (what the grant falls back to) is Polygon; the site says it is on OP.
    const h = harness({ site: undefined });
    h.state.chainId = '0x89';
    h.connection.sendGrant();
    expect(h.grants()).toEqual([]);
    const chain = h.send('eth_chainId', undefined, undefined, '0xa');
    expect(resultOf(h.answer(chain))).toBe('0xa');
    expect(resultOf(h.answer(h.send('net_version', undefined, undefined, '0xa')))).toBe('10');
    expect(h.grants()).toEqual([{ type: 'grant', grant: { accounts: [], chainId: '0xa', chains: {} } }]);
    expect(JSON.stringify(h.messages)).not.toContain('0x89');
  });

  it('has what it asks pinned to the chain it named, never to Cairn’s, nor told of Cairn’s when that changes', () => {
    const h = harness({ site: undefined });
    h.state.chainId = '0x89';
    const token = h.send('wallet_watchAsset', { type: 'ERC20', options: { address: BOB } }, undefined, '0xa');
    expect(h.pending()).toMatchObject([{ id: token, chainId: '0xa' }]);
    // The person selects another network in Cairn: nothing the site waits on moves, and it hears nothing.
    h.state.chainId = '0xaa36a7';
    h.connection.siteChanged();
    expect(h.pending().map((p) => p.id)).toEqual([token]);
    // The site names another chain itself: refused, naming only chains the site named.
    h.send('eth_chainId', undefined, undefined, '0x2105');
    expect(errorOf(h.answer(token))).toMatchObject({ code: 4901, message: expect.stringContaining('chain 8453') });
    expect(errorOf(h.answer(token))?.message).toContain('for chain 10 ');
    expect(JSON.stringify(h.messages)).not.toMatch(/0x89|0xaa36a7|137|11155111/);
  });

  it('is refused eth_chainId when it names no chain at all', () => {
    const h = harness({ site: undefined });
    const chain = h.send('eth_chainId', undefined, undefined, null);
    expect(errorOf(h.answer(chain))?.code).toBe(4100);
    expect(h.grants()).toEqual([]);
  });
});

describe('an address the site gives with a wrong EIP-55 checksum', () => {
  it('is kept with the waiting request, for the window to warn of it', () => {
    const h = harness();
    const to = BOB.toLowerCase().replace('c44', 'C44');
    const tx = h.send('eth_sendTransaction', [{ from: ALICE, to }]);
    expect(h.pending()).toMatchObject([
      { id: tx, miscased: [{ address: to, problem: { id: 'core.keys:address.checksum' } }] },
    ]);
    h.send('eth_sendTransaction', [{ from: ALICE, to: BOB }]);
    expect(h.pending()[1]?.miscased).toBeUndefined();
  });
});
