import { type HexChainId, type SiteGrant, toHexChainId } from '../core/dapp/protocol';
import { CHAIN_DISCONNECTED, DISCONNECTED, DUPLICATE_ID } from '../core/dapp/providerErrors';
import type { RareAnswered } from '../core/dapp/rareSiteAnswers';
import { type DappRequest, parseDappRequest, READ_METHODS } from '../core/dapp/request';
import {
  RARE_ANSWERED,
  SITE_ANSWERS,
  type SiteAnswered,
  type SiteAnswerer,
  type SiteView,
} from '../core/dapp/siteAnswers';
import { createChannel, type OpenChannel } from './channel';
import { fail, toRpcError } from './errors';
import { createEmitter, type EventName, type Listener } from './events';
import type { LoadExtras } from './extras';
import { readRpc } from './rpc';
import { loadStored, saveStored } from './store';
import type { ConnectorWindow } from './types';

export type CairnProviderOptions = {
  /** The folder of Cairn's index.html (dapp.html is next to it). */
  walletUrl: string;
  /** The dApp's own JSON-RPC URL per chain id, for reads: tried before the ones Cairn granted. */
  rpcUrls?: Record<number, string>;
  /** The chain reported before Cairn granted one (default 1, Ethereum). */
  chainId?: number;
  /** The page's window (tests pass a fake). */
  window?: ConnectorWindow;
};

/** EIP-1193's request arguments. */
export type RequestArguments = { readonly method: string; readonly params?: readonly unknown[] | object };

/** An EIP-1193 provider that talks to Cairn's dApp window. */
export type CairnProvider = {
  readonly isCairn: true;
  request(args: RequestArguments): Promise<unknown>;
  on<E extends EventName>(event: E, listener: Listener<E>): CairnProvider;
  removeListener<E extends EventName>(event: E, listener: Listener<E>): CairnProvider;
  off<E extends EventName>(event: E, listener: Listener<E>): CairnProvider;
};

const READS = new Set<string>(READ_METHODS);
const RARE = new Set<string>(RARE_ANSWERED);

/**
 * The provider, given where its rare parts come from (extras.ts): connect.js imports them from
 * beside itself, connect.mjs (index.ts) holds them. `rpcUrls` and `chainId` are given (connect.js
 * and connect.mjs default them to none and 1; each byte counts in connect.js), `chainId` null for
 * none (the companion extension's pages): eth_chainId, net_version and the reads then go to the
 * channel, whose opener answers them (src/extension/pageProvider.ts).
 */
export function createProvider({
  walletUrl,
  rpcUrls,
  chainId,
  window: win = window,
  extras,
  openChannel = createChannel,
}: Omit<CairnProviderOptions, 'chainId' | 'rpcUrls'> & {
  rpcUrls: Record<number, string>;
  chainId: number | null;
  extras: LoadExtras;
  openChannel?: OpenChannel;
}): CairnProvider {
  // The folder dapp.html is resolved against, with its final slash.
  const folder = walletUrl.replace(/\/?$/, '/');
  const wallet = new URL(folder).origin;
  const stored = loadStored(win, wallet);
  const { calls } = stored;
  const events = createEmitter();
  const save = () => saveStored(win, wallet, stored);
  const currentChain = () => stored.grant?.chainId ?? (chainId ? toHexChainId(chainId) : undefined);

  /** Takes what Cairn granted and tells the site what changed. */
  function setGrant(grant: SiteGrant) {
    const before = stored.grant?.accounts ?? [];
    const beforeChain = currentChain();
    const { accounts, chainId } = grant;
    stored.grant = grant;
    save();
    if (!before[0] && accounts[0]) events.emit('connect', { chainId });
    if (chainId !== beforeChain) events.emit('chainChanged', chainId);
    if (accounts.join() !== before.join()) events.emit('accountsChanged', accounts);
  }

  const channel = openChannel(win, folder, extras, (news) => {
    if (news.type === 'grant') setGrant(news.grant);
    else if (news.type === 'calls') {
      calls.set(news.calls.id, news.calls);
      save();
    } else {
      const { event, data } = news;
      events.emit(event, (event === 'disconnect' ? toRpcError(data, DISCONNECTED) : data) as never);
    }
  });

  /** A read through the dApp's own URL for the chain, then the ones Cairn granted. */
  function read(chain: HexChainId, method: string, params: unknown): Promise<unknown> {
    const urls = [rpcUrls[Number(chain)] ?? [], stored.grant?.chains[chain] ?? []].flat();
    if (!urls[0])
      throw fail(
        CHAIN_DISCONNECTED,
        `No RPC URL for chain ${BigInt(chain)}: connect to Cairn, or give the connector rpcUrls.`,
      );
    return readRpc((input, init) => win.fetch(input, init), urls, method, params);
  }

  /** What the site may learn here, for the answers of the method table (core/dapp/siteAnswers.ts). */
  const view: SiteView = {
    grant: () => stored.grant,
    chainId: currentChain,
    origin: win.location.origin,
    calls,
    // A chain the site may already use: switched here, with no window. While Cairn's window is
    // open, the switch goes through it instead: what waits there for the chain left is refused.
    moveTo(chainId) {
      const { grant } = stored;
      if (!grant?.chains[chainId] || channel.connected()) return false;
      setGrant({ ...grant, chainId });
      return true;
    },
  };

  // Nothing is awaited before a person's request reaches channel.send: browsers let window.open
  // through only while the site's click is being handled.
  async function answer({ method, params }: DappRequest): Promise<unknown> {
    const list = Array.isArray(params) ? params : [];
    // The site's chain as the request came: what it reads from, and what its request is kept on.
    const chain = currentChain();
    if (READS.has(method) && chain) return read(chain, method, params);
    let answerer: SiteAnswerer | undefined = SITE_ANSWERS[method as SiteAnswered];
    if (RARE.has(method)) {
      const { RARE_SITE_ANSWERS, SITE_REFRESHES } = await extras();
      // With the window gone, what it would have told the site is read from the chain (the table's refresh).
      const refresh = SITE_REFRESHES[method as RareAnswered];
      if (refresh && !channel.connected() && (await refresh({ calls, read }, list))) save();
      answerer = RARE_SITE_ANSWERS[method as RareAnswered];
    }
    const answered = answerer?.(view, list);
    if (answered) {
      if ('error' in answered) throw answered.error;
      return answered.result;
    }
    if (method === 'wallet_sendCalls' && calls.has(Object(list[0]).id)) throw fail(DUPLICATE_ID);
    return channel.send({ method, params, chainId: chain });
  }

  const provider: CairnProvider = {
    isCairn: true,
    // parseDappRequest never throws and answer() is async: nothing here throws synchronously.
    request(args) {
      const parsed = parseDappRequest(args);
      return parsed.ok
        ? answer(parsed.request).catch((error: unknown) => {
            // A provider error (the table's, as a plain object) becomes an Error; anything else -32603.
            throw toRpcError(error);
          })
        : Promise.reject(toRpcError(parsed.error));
    },
    on(event, listener) {
      events.on(event, listener);
      return provider;
    },
    removeListener(event, listener) {
      events.off(event, listener);
      return provider;
    },
    off: (event, listener) => provider.removeListener(event, listener),
  };
  return provider;
}
