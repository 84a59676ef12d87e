// The connector's refresh from the chain is the method table's: whatever method its shipped
// refreshes (rareSiteAnswers.ts SITE_REFRESHES) name is refreshed before it is answered, and only
// while Cairn's window is closed; the provider itself names no method.
import { describe, expect, it } from 'vitest';
import { fakeDappWindow } from '@/testing/fakeDappWindow';
import type { SiteGrant } from '../core/dapp/protocol';
import type { SiteRefresher } from '../core/dapp/rareSiteAnswers';
import type { OpenChannel, WindowNews } from './channel';
import * as extras from './extras';
import { createProvider } from './provider';
import type { ConnectorWindow } from './types';

const A = '0x00000000000000000000000000000000000000a1';
const GRANT: SiteGrant = { accounts: [A], chainId: '0xa', chains: { '0xa': ['https://optimism.example/rpc'] } };

/** A provider whose rare parts refresh `wallet_getCapabilities` with `refresh`, its window open or not. */
function setUp(refresh: SiteRefresher, open: { now: boolean }) {
  let news: (news: WindowNews) => void = () => {};
  const openChannel: OpenChannel = (_win, _url, _extras, onNews) => {
    news = onNews;
    return { send: () => new Promise(() => {}), connected: () => open.now };
  };
  const provider = createProvider({
    walletUrl: 'https://cairn.example/wallet/',
    rpcUrls: {},
    chainId: 10,
    window: fakeDappWindow().window as unknown as ConnectorWindow,
    extras: async () => ({ ...extras, SITE_REFRESHES: { wallet_getCapabilities: refresh } }),
    openChannel,
  });
  news({ type: 'grant', grant: GRANT });
  return provider;
}

describe('the connector’s refresh from the chain', () => {
  it('refreshes the method the table’s refreshes name, with its params, only while the window is closed', async () => {
    const heard: unknown[][] = [];
    const open = { now: true };
    const provider = setUp(async (view, params) => {
      heard.push([...params]);
      expect(view.calls.get('none')).toBeUndefined();
      return false;
    }, open);
    const ask = () => provider.request({ method: 'wallet_getCapabilities', params: [A] });
    expect(await ask()).toEqual({ '0xa': { atomic: { status: 'unsupported' } } });
    expect(heard).toEqual([]);
    open.now = false;
    await ask();
    expect(heard).toEqual([[A]]);
    await provider.request({ method: 'wallet_getPermissions' });
    expect(heard).toHaveLength(1);
  });
});
