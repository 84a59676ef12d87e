/**
 * The messages between Cairn's connector (the small script a dApp includes, src/connector) and
 * Cairn's dApp window (dapp.html), and the checks each side makes of what it receives. Shared by
 * both, so it must stay free of imports beyond this folder's error shapes: the connector ships
 * it to every dApp page.
 *
 * The exchange, for one Cairn window:
 * 1. The connector opens `<wallet>/dapp.html#origin=<the dApp's origin>&nonce=<fresh>` inside
 *    `request()`, before any await.
 * 2. The window posts `ready` (with the nonce) to `window.opener`, addressed only to the origin in
 *    its fragment: a page that lied about its origin never receives it.
 * 3. The connector accepts `ready` only from the window it opened, from the wallet's origin, with
 *    its nonce; it answers `connect` (the nonce, what the dApp says about itself) addressed to
 *    the wallet's origin, handing over one port of a fresh MessageChannel.
 * 4. The window accepts `connect` only from its opener, from the origin in its fragment (now
 *    proven by the browser), with the nonce. From then on every message goes over the port.
 * Nothing is ever posted to '*'; origins come only from the browser's message events.
 */
import type { ProviderError } from './providerErrors';

/** The file of Cairn's dApp window, next to index.html. */
export const DAPP_WINDOW_FILE = 'dapp.html';

/** Marks Cairn's window-level messages among the others a page receives. */
export const MESSAGE_TAG = 'cairn-dapp-v1';

const NONCE = /^[0-9a-f]{32}$/;
const HEX_QUANTITY = /^0x(0|[1-9a-f][0-9a-f]*)$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** A chain id as EIP-1193 says it: lower-case hex without leading zeros. */
export type HexChainId = `0x${string}`;

/** What the dApp says about itself (shown in Cairn as unverified). */
export type DappMetadata = { name: string; icon?: string };

/**
 * The dApp window's fragment: who opened it and the nonce of this exchange. `via` is set when
 * Cairn's companion extension opened the window (src/extension): it has no opener then, and the
 * site's port comes from the extension's script in the window's own page (windowHandshake.ts).
 */
export type WindowFragment = { origin: string; nonce: string; via?: typeof VIA_EXTENSION };

/** The fragment's `via` when the companion extension opened the window. */
export const VIA_EXTENSION = 'extension';

/** What a site was granted, as the connector keeps it to answer without a window. */
export type SiteGrant = {
  /** Granted accounts, the one the site should use first. Empty: not connected. */
  accounts: string[];
  /** The site's network (each site keeps its own, apart from Cairn's selected one). */
  chainId: HexChainId;
  /** Networks the site may switch to without asking, with the URLs it may read them through. */
  chains: Record<HexChainId, string[]>;
  /**
   * EIP-5792's atomic capability of each granted account (lower-case) on each granted chain, as
   * Cairn's window last read it: absent where it is 'unsupported'. Not checked by isSiteGrant: its
   * one reader (wallet_getCapabilities, rareSiteAnswers.ts) takes only the two values.
   */
  atomic?: Record<HexChainId, Record<string, AtomicStatus>>;
};

/**
 * EIP-5792's atomic capability where Cairn offers it: 'supported' (the account is upgraded to
 * Cairn's delegate: batches run in one transaction) or 'ready' (Cairn can upgrade it, with the
 * person's consent, in the batch's own transaction).
 */
export type AtomicStatus = 'supported' | 'ready';

export type ReadyMessage = { tag: typeof MESSAGE_TAG; type: 'ready'; nonce: string };
/** `origin` is the site's, as the extension's background read it from the browser (absent from the connector). */
export type ConnectMessage = {
  tag: typeof MESSAGE_TAG;
  type: 'connect';
  nonce: string;
  dapp: DappMetadata;
  origin?: string;
};

/**
 * Connector → window, over the port. `chainId` is the site's chain as the connector knows it: it
 * switches among the grant's chains without the window, so the window learns of it here.
 */
export type PortRequest = { type: 'request'; id: number; method: string; params?: unknown; chainId?: HexChainId };

/** The state of a wallet_sendCalls batch, as EIP-5792's wallet_getCallsStatus reports it. */
export type CallsStatus = {
  id: string;
  chainId: HexChainId;
  /** 100 pending, then settledStatus: 200 confirmed, 400 nothing sent, 500 reverted, 600 partly done. */
  status: 100 | 200 | 400 | 500 | 600;
  /** Sent as one transaction (its one receipt stands for every call), or one transaction per call. */
  atomic: boolean;
  receipts: unknown[];
  /** The hashes sent so far, so the connector can follow them once the window is closed. */
  hashes: string[];
  /**
   * How many transactions the batch is sent in: one per call, or one for an atomic batch. Fewer
   * hashes than that once all are mined means it stopped part way.
   */
  total: number;
};

/**
 * A batch's status once every transaction sent has a receipt (EIP-5792): all calls succeeded
 * (200), none was sent (400), none succeeded (500), or it stopped part way (600).
 */
export function settledStatus(total: number, receipts: readonly unknown[]): 200 | 400 | 500 | 600 {
  const succeeded = receipts.filter((receipt) => Object(receipt).status === '0x1').length;
  if (succeeded === total) return 200;
  if (receipts.length === 0) return 400;
  return succeeded === 0 ? 500 : 600;
}

/** Window → connector, over the port. */
export type PortMessage =
  | { type: 'response'; id: number; result: unknown }
  | { type: 'response'; id: number; error: ProviderError }
  | { type: 'grant'; grant: SiteGrant }
  | { type: 'calls'; calls: CallsStatus }
  | { type: 'event'; event: 'accountsChanged' | 'chainChanged' | 'disconnect'; data: unknown };

export function newNonce(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  return Array.from(random(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The dApp window's URL for a wallet at `walletUrl` (the folder of its index.html). */
export function dappWindowUrl(walletUrl: string, fragment: WindowFragment): string {
  const url = new URL(DAPP_WINDOW_FILE, walletUrl);
  url.hash = new URLSearchParams({ origin: fragment.origin, nonce: fragment.nonce }).toString();
  return url.href;
}

/** The dApp window's URL when Cairn's companion extension opens it (see WindowFragment's `via`). */
export const extensionWindowUrl = (walletUrl: string, fragment: WindowFragment): string =>
  `${dappWindowUrl(walletUrl, fragment)}&via=${VIA_EXTENSION}`;

/** An origin exactly as browsers write `location.origin` / `event.origin`: scheme, host, port. */
export function isSerialisedOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

/** Reads the dApp window's fragment; undefined when it is not one the connector writes. */
export function parseWindowFragment(hash: string): WindowFragment | undefined {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const origin = params.get('origin');
  const nonce = params.get('nonce');
  if (origin === null || nonce === null || !NONCE.test(nonce) || !isSerialisedOrigin(origin)) return undefined;
  return params.get('via') === VIA_EXTENSION ? { origin, nonce, via: VIA_EXTENSION } : { origin, nonce };
}

// A copy of src/core/text/guards.ts's isRecord: connect.js, which carries this file, sits a few
// bytes under its gzip budget, and importing it instead costs a dozen of them.
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isReadyMessage(data: unknown, nonce: string): data is ReadyMessage {
  return isRecord(data) && data.tag === MESSAGE_TAG && data.type === 'ready' && data.nonce === nonce;
}

export function isConnectMessage(data: unknown, nonce: string): data is ConnectMessage {
  return (
    isRecord(data) &&
    data.tag === MESSAGE_TAG &&
    data.type === 'connect' &&
    data.nonce === nonce &&
    isRecord(data.dapp) &&
    typeof data.dapp.name === 'string'
  );
}

export function isPortRequest(data: unknown): data is PortRequest {
  return isRecord(data) && data.type === 'request' && Number.isSafeInteger(data.id);
}

export function isHexChainId(value: unknown): value is HexChainId {
  return typeof value === 'string' && HEX_QUANTITY.test(value) && value !== '0x0' && value.length <= 18;
}

export function isSiteGrant(value: unknown): value is SiteGrant {
  if (!isRecord(value) || !isHexChainId(value.chainId) || !isRecord(value.chains)) return false;
  if (!Array.isArray(value.accounts) || !value.accounts.every((a) => typeof a === 'string' && ADDRESS.test(a)))
    return false;
  return Object.entries(value.chains).every(
    ([id, urls]) => isHexChainId(id) && Array.isArray(urls) && urls.every((u) => typeof u === 'string'),
  );
}

/** Checks a message from the dApp window before the connector acts on it. */
export function isPortMessage(data: unknown): data is PortMessage {
  if (!isRecord(data)) return false;
  switch (data.type) {
    case 'response':
      return Number.isSafeInteger(data.id) && ('result' in data || isRecord(data.error));
    case 'grant':
      return isSiteGrant(data.grant);
    case 'calls':
      return isRecord(data.calls) && typeof data.calls.id === 'string';
    case 'event':
      return data.event === 'accountsChanged' || data.event === 'chainChanged' || data.event === 'disconnect';
    default:
      return false;
  }
}

/**
 * EIP-2255: the permission of a site connected with `accounts`, or none. Here rather than beside
 * wallet_getPermissions (rareSiteAnswers.ts) so that Cairn's first screen (sites.ts) can use it
 * without the connector's error sentences.
 */
export const permissions = (accounts: readonly string[] = [], invoker: string): Record<string, unknown>[] =>
  accounts.length
    ? [
        {
          parentCapability: 'eth_accounts',
          invoker,
          caveats: [{ type: 'restrictReturnedAccounts', value: [...accounts] }],
        },
      ]
    : [];

export function toHexChainId(chainId: number): HexChainId {
  return `0x${chainId.toString(16)}`;
}
