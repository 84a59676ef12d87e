// The provider the extension offers every page: before the person connects a site, the site
// learns no chain (eth_chainId and net_version refused with 4100, asking no window), and what
// MetaMask-compatible dApps read stays null until then; once connected, the site's network.
import { describe, expect, it } from 'vitest';
import { fakeDappWindow } from '@/testing/fakeDappWindow';
import type { OpenChannel, WindowNews } from '../connector/channel';
import type { ConnectorWindow } from '../connector/types';
import type { PortRequest, SiteGrant } from '../core/dapp/protocol';
import { addMetaMaskCompat } from './metaMaskCompat';
import { extensionProvider } from './pageProvider';

const A = '0x00000000000000000000000000000000000000a1';
const GRANT: SiteGrant = { accounts: [A], chainId: '0xa', chains: { '0xa': ['https://optimism.example/rpc'] } };

function setUp() {
  const sent: Omit<PortRequest, 'type' | 'id'>[] = [];
  let news: (news: WindowNews) => void = () => {};
  const openChannel: OpenChannel = (_win, _url, _extras, onNews) => {
    news = onNews;
    return {
      send: async (request) => {
        sent.push(request);
        return new Promise(() => {});
      },
      connected: () => false,
    };
  };
  const provider = extensionProvider(fakeDappWindow().window as unknown as ConnectorWindow, openChannel);
  return { provider, sent, grant: (grant: SiteGrant) => news({ type: 'grant', grant }) };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'answered',
    (error: { code: number; message: string }) => ({ code: error.code, message: error.message }),
  );

const NO_CHAIN = { code: 4100, message: 'Connect to Cairn (eth_requestAccounts) before asking it for a chain.' };

describe('the extension’s provider, before and after the site connects', () => {
  it('tells a site not connected no chain, and asks no window for it', async () => {
    const { provider, sent } = setUp();
    expect(await refusal(provider.request({ method: 'eth_chainId' }))).toEqual(NO_CHAIN);
    expect(await refusal(provider.request({ method: 'net_version' }))).toEqual(NO_CHAIN);
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
    expect(await refusal(provider.request({ method: 'eth_blockNumber' }))).toMatchObject({ code: 4901 });
    expect(sent).toEqual([]);
  });

  it('names no chain in a request for Cairn’s window from a site not connected', async () => {
    const { provider, sent } = setUp();
    void provider.request({ method: 'eth_requestAccounts' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([{ method: 'eth_requestAccounts', params: [], chainId: undefined }]);
  });

  it('answers the site’s network once connected, and tells it the chain changed', async () => {
    const { provider, grant } = setUp();
    const changed: unknown[] = [];
    provider.on('chainChanged', (id) => changed.push(id));
    grant(GRANT);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0xa');
    expect(await provider.request({ method: 'net_version' })).toBe('10');
    expect(changed).toEqual(['0xa']);
  });

  it('keeps MetaMask’s chainId and networkVersion null until the site connects', async () => {
    const { provider, grant } = setUp();
    addMetaMaskCompat(provider);
    const compat = provider as unknown as { chainId: string | null; networkVersion: string | null };
    expect(compat.chainId).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([compat.chainId, compat.networkVersion]).toEqual([null, null]);
    grant(GRANT);
    expect([compat.chainId, compat.networkVersion]).toEqual(['0xa', '10']);
  });
});
