import { describe, expect, it } from 'vitest';
import {
  ALICE,
  BOB,
  connectedSite,
  errorOf,
  harness,
  ORIGIN,
  POLYGON,
  resultOf,
  SEPOLIA,
} from '../../testing/dappConnectionHarness';
import { READ_METHODS } from './request';

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
    // As the connector answers it from the same grant (src/connector/sameAnswers.test.ts).
    expect(resultOf(h.answer(h.send('wallet_getPermissions')))).toEqual([
      {
        parentCapability: 'eth_accounts',
        invoker: ORIGIN,
        caveats: [{ type: 'restrictReturnedAccounts', value: [ALICE] }],
      },
    ]);
    expect(resultOf(h.answer(h.send('wallet_getCapabilities', [ALICE])))).toEqual({
      '0x1': { atomic: { status: 'unsupported' } },
      '0xaa36a7': { atomic: { status: 'unsupported' } },
    });
    expect(h.pending()).toEqual([]);
    expect(h.grants()).toEqual([]);
    // Nothing waits after each: a window opened for one of them may close (the extension opens one
    // for a connected site's eth_requestAccounts, say).
    expect(h.deps.onIdle).toHaveBeenCalledTimes(5);
  });

  it('is not idle after an answer at once while another request still waits', () => {
    const h = harness();
    h.send('personal_sign', ['0x68690a', ALICE]);
    expect(h.pending()).toHaveLength(1);
    expect(resultOf(h.answer(h.send('eth_chainId')))).toBe('0x1');
    expect(h.deps.onIdle).not.toHaveBeenCalled();
  });

  it('gives the network version in decimal for the chain the site is on now', () => {
    const h = harness();
    h.state.chainId = '0xaa36a7';
    expect(resultOf(h.answer(h.send('net_version')))).toBe('11155111');
    expect(resultOf(h.answer(h.send('eth_chainId')))).toBe('0xaa36a7');
  });

  it('answers a site not connected with no accounts and no permissions, and no capabilities (4100)', () => {
    const h = harness({ site: undefined });
    expect(resultOf(h.answer(h.send('eth_accounts')))).toEqual([]);
    expect(resultOf(h.answer(h.send('wallet_getPermissions')))).toEqual([]);
    expect(errorOf(h.answer(h.send('wallet_getCapabilities')))).toMatchObject({ code: 4100 });
    expect(errorOf(h.answer(h.send('wallet_getCapabilities', [ALICE])))).toMatchObject({ code: 4100 });
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
      message: expect.stringContaining('never signs raw hashes'),
    });
    expect(errorOf(h.answer(h.send('eth_decrypt')))).toMatchObject({ code: 4200 });
    expect(errorOf(h.answer(h.send('<script>')))).toEqual({
      code: 4200,
      message: 'Cairn does not offer that method.',
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

  // Once fell to personRequestOf and came back -32602 "wallet_getCallsStatus is not a request for
  // the person." (wrong code, and an internal sentence). Now answered as the connector answers it.
  it('answers wallet_getCallsStatus for a batch it never reported with 5730, not as bad params', () => {
    const h = harness();
    expect(errorOf(h.answer(h.send('wallet_getCallsStatus', ['batch-1'])))).toEqual({
      code: 5730,
      message: 'Cairn knows no batch with that id.',
    });
  });

  it('answers wallet_getCallsStatus from the batches it reported to the site', () => {
    const h = harness();
    h.connection.reportCalls({
      id: 'batch-1',
      chainId: '0x1',
      status: 100,
      atomic: false,
      receipts: [],
      hashes: ['0x01'],
      total: 2,
    });
    expect(resultOf(h.answer(h.send('wallet_getCallsStatus', ['batch-1'])))).toEqual({
      version: '2.0.0',
      id: 'batch-1',
      chainId: '0x1',
      status: 100,
      atomic: false,
      receipts: [],
    });
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
