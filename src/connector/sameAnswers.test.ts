// The methods both the connector and Cairn's window answer from a site's grant, asked of each
// with the same grant and params: the site hears the same from either (core/dapp/methodTable.ts).
import { describe, expect, it } from 'vitest';
import { fakeDappWindow } from '@/testing/fakeDappWindow';
import { DappConnection } from '../core/dapp/connection';
import { personRequestOf } from '../core/dapp/personRequests';
import { type CallsStatus, type PortMessage, type SiteGrant, toHexChainId } from '../core/dapp/protocol';
import { type DappRequest, parseDappRequest } from '../core/dapp/request';
import type { SitePermission } from '../core/dapp/sites';
import { createCairnProvider } from './index';
import { STORAGE_KEY } from './store';
import type { ConnectorWindow } from './types';

const WALLET = 'https://cairn.example/wallet/';
const DAPP = 'https://dapp.example';
const A = '0x00000000000000000000000000000000000000a1';
const B = '0x00000000000000000000000000000000000000b2';
const C = '0x00000000000000000000000000000000000000c3';
const GRANT: SiteGrant = {
  accounts: [A, B],
  chainId: '0xa',
  chains: { '0xa': ['https://optimism.example/rpc'], '0x2105': ['https://base.example/rpc'] },
};
const BATCH: CallsStatus = {
  id: 'batch-1',
  chainId: '0xa',
  status: 200,
  atomic: false,
  receipts: [{ status: '0x1' }],
  hashes: ['0x01'],
  total: 1,
};

/** What the site hears: an answer, or that the request went on (to Cairn's window, or the person). */
type Heard = { result: unknown } | { error: { code: number; message: string } } | 'goes on';

/** The site's state on both sides: connected with `grant` (or not), its batches known to both. */
type Setting = { grant?: SiteGrant; calls?: CallsStatus[] };

/** The connector alone, no Cairn window open, with what an earlier window left it. */
async function askConnector({ grant, calls = [] }: Setting, method: string, params: unknown): Promise<Heard> {
  const fake = fakeDappWindow({ origin: DAPP });
  if (grant)
    fake.storage.set(STORAGE_KEY, JSON.stringify([new URL(WALLET).origin, grant, calls.map((c) => [c.id, c])]));
  const provider = createCairnProvider({ walletUrl: WALLET, window: fake.window as unknown as ConnectorWindow });
  const asked = provider.request({ method, params: params as never });
  if (fake.opened.length > 0) return 'goes on';
  return asked.then(
    (result) => ({ result }),
    ({ code, message }: { code: number; message: string }) => ({ error: { code, message } }),
  );
}

/** Cairn's window, unlocked, asked the same, on the chain the connector has the site on. */
function askWindow({ grant, calls = [] }: Setting, method: string, params: unknown): Heard {
  let current = grant;
  const site: SitePermission | undefined = grant && {
    origin: DAPP,
    accounts: grant.accounts,
    networkId: 'optimism',
    networkIds: ['optimism', 'base'],
    ownNodeReads: false,
    name: 'Example',
    grantedAt: 1_000,
    lastUsed: 1_000,
  };
  const posted: PortMessage[] = [];
  const connection = new DappConnection(
    { postMessage: (m) => posted.push(m) },
    DAPP,
    { name: 'Example' },
    {
      site: () => site,
      grant: () => current ?? { accounts: [], chainId: '0x1', chains: {} },
      unlocked: () => true,
      revoke: () => {},
      switchToApproved: (chainId) => {
        const hex = toHexChainId(chainId);
        if (!current?.chains[hex]) return false;
        current = { ...current, chainId: hex };
        return true;
      },
      onIdle: () => {},
      now: () => 0,
    },
  );
  for (const batch of calls) connection.reportCalls(batch);
  connection.receive({ type: 'request', id: 1, method, params, chainId: grant?.chainId ?? '0x1' });
  const answer = posted.find((m) => m.type === 'response');
  if (!answer) return 'goes on';
  if ('result' in answer) return { result: answer.result };
  const { code, message } = answer.error;
  // A request for the person whose params Cairn cannot read is refused by the window alike,
  // whether the connector sent it on or the site asked the window itself.
  const parsed = parseDappRequest({ method, params });
  const refusal = parsed.ok ? personRequestOf(parsed.request as DappRequest) : undefined;
  if (refusal && !refusal.ok && refusal.error.code === code && refusal.error.message === message) return 'goes on';
  return { error: { code, message } };
}

/** Asks both sides and checks the site hears the same. */
async function same(setting: Setting, method: string, params?: unknown): Promise<Heard> {
  const connector = await askConnector(setting, method, params);
  expect(askWindow(setting, method, params), `${method} ${JSON.stringify(params)}`).toEqual(connector);
  return connector;
}

const connected: Setting = { grant: GRANT, calls: [BATCH] };
const stranger: Setting = {};

describe('the methods answered by both the connector and Cairn’s window, for the same grant and params', () => {
  it('eth_accounts', async () => {
    expect(await same(connected, 'eth_accounts')).toEqual({ result: [A, B] });
    expect(await same(stranger, 'eth_accounts', [])).toEqual({ result: [] });
    expect(await same({ grant: { ...GRANT, accounts: [] } }, 'eth_accounts')).toEqual({ result: [] });
  });

  it('eth_chainId', async () => {
    expect(await same(connected, 'eth_chainId')).toEqual({ result: '0xa' });
    expect(await same(stranger, 'eth_chainId')).toEqual({ result: '0x1' });
  });

  it('net_version', async () => {
    expect(await same(connected, 'net_version', [])).toEqual({ result: '10' });
    expect(await same(stranger, 'net_version')).toEqual({ result: '1' });
  });

  it('wallet_getPermissions', async () => {
    expect(await same(connected, 'wallet_getPermissions')).toEqual({
      result: [
        {
          parentCapability: 'eth_accounts',
          invoker: DAPP,
          caveats: [{ type: 'restrictReturnedAccounts', value: [A, B] }],
        },
      ],
    });
    expect(await same(stranger, 'wallet_getPermissions')).toEqual({ result: [] });
  });

  it('wallet_getCapabilities, for a granted account only', async () => {
    const unsupported = { atomic: { status: 'unsupported' } };
    expect(await same(connected, 'wallet_getCapabilities', [A.toUpperCase().replace('0X', '0x')])).toEqual({
      result: { '0xa': unsupported, '0x2105': unsupported },
    });
    expect(await same(connected, 'wallet_getCapabilities', [B, ['0x2105', '0x1']])).toEqual({
      result: { '0x2105': unsupported },
    });
    // The atomic capability the window last read into the grant; anything else stored reads as unsupported.
    const atomic = {
      '0xa': { [A.toLowerCase()]: 'supported', [B.toLowerCase()]: 'ready' },
      '0x2105': { [A.toLowerCase()]: 'bogus' },
    } as unknown as SiteGrant['atomic'];
    const withAtomic: Setting = { grant: { ...GRANT, atomic } };
    expect(await same(withAtomic, 'wallet_getCapabilities', [A])).toEqual({
      result: { '0xa': { atomic: { status: 'supported' } }, '0x2105': unsupported },
    });
    expect(await same(withAtomic, 'wallet_getCapabilities', [B, ['0xa']])).toEqual({
      result: { '0xa': { atomic: { status: 'ready' } } },
    });
    const garbage: Setting = { grant: { ...GRANT, atomic: 'x' as unknown as SiteGrant['atomic'] } };
    expect(await same(garbage, 'wallet_getCapabilities', [A])).toEqual({
      result: { '0xa': unsupported, '0x2105': unsupported },
    });
    for (const [setting, params] of [
      [connected, [C]],
      [connected, []],
      // An object without a prototype, which has no text: refused, not thrown on.
      [connected, [Object.create(null)]],
      [stranger, [A]],
      [stranger, undefined],
    ] as const)
      expect(await same(setting, 'wallet_getCapabilities', params)).toMatchObject({ error: { code: 4100 } });
  });

  it('wallet_getCallsStatus', async () => {
    expect(await same(connected, 'wallet_getCallsStatus', ['batch-1'])).toEqual({
      result: {
        version: '2.0.0',
        id: 'batch-1',
        chainId: '0xa',
        status: 200,
        atomic: false,
        receipts: [{ status: '0x1' }],
      },
    });
    for (const params of [['batch-2'], ['constructor'], [], [7]])
      expect(await same(connected, 'wallet_getCallsStatus', params)).toEqual({
        error: { code: 5730, message: 'Cairn knows no batch with that id.' },
      });
    expect(await same(stranger, 'wallet_getCallsStatus', ['batch-1'])).toMatchObject({ error: { code: 5730 } });
    // A batch sent in one transaction: atomic, with that transaction's one receipt.
    const oneTransaction: CallsStatus = { ...BATCH, id: 'batch-atomic', atomic: true, total: 1 };
    expect(await same({ grant: GRANT, calls: [oneTransaction] }, 'wallet_getCallsStatus', ['batch-atomic'])).toEqual({
      result: {
        version: '2.0.0',
        id: 'batch-atomic',
        chainId: '0xa',
        status: 200,
        atomic: true,
        receipts: [{ status: '0x1' }],
      },
    });
  });

  it('wallet_switchEthereumChain, with one reading of the chain id', async () => {
    // A chain the site may already use, however its hex is written: switched, nobody asked.
    for (const chainId of ['0x2105', '0x2105'.toUpperCase().replace('0X', '0x'), '0x02105', '0xa'])
      expect(await same(connected, 'wallet_switchEthereumChain', [{ chainId }])).toEqual({ result: null });
    // Anything else goes on to Cairn's window and the person, who are asked (or refuse bad params).
    for (const chainId of ['0x1', 8453, '8453', '0x0', 'base', undefined])
      expect(await same(connected, 'wallet_switchEthereumChain', [{ chainId }])).toBe('goes on');
    expect(await same(connected, 'wallet_switchEthereumChain', [])).toBe('goes on');
    expect(await same(stranger, 'wallet_switchEthereumChain', [{ chainId: '0xa' }])).toBe('goes on');
  });
});
