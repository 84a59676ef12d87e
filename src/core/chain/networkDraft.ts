import { getChainId } from 'viem/actions';
import { WrongChainError } from '../errors/chain';
import { codeValue, type Message, msg } from '../i18n/message';
import { chainClient } from './client';
import { detectFeeFamily } from './feeFamily';
import { browserSocket, checkHeadSocket, type OpenHeadSocket } from './headSubscription';
import { type Network, rpcFromAfterEdit } from './networks';
import { isLocalPlainUrl } from './plainHttp';
import { toChainError } from './toChainError';

/** The network form as typed. RPC URLs come one per line. */
export type NetworkDraft = {
  name: string;
  rpcUrls: string;
  /** The node's WebSocket URL, for new blocks as they come (optional). */
  wsUrl: string;
  chainId: string;
  symbol: string;
  explorerUrl: string;
};
export type NetworkDraftErrors = Partial<Record<keyof NetworkDraft, Message>>;

const MAX_RPC_URLS = 5;
const MAX_NAME_LENGTH = 40;

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

export function draftOf(network: Network): NetworkDraft {
  return {
    name: network.name,
    rpcUrls: network.rpcUrls.join('\n'),
    wsUrl: network.wsUrl ?? '',
    chainId: String(network.chainId),
    symbol: network.nativeCurrency.symbol,
    explorerUrl: network.explorerUrl ?? '',
  };
}

/**
 * Checks the network form. For a built-in network only the RPC URLs and explorer can change.
 * Returns the network, or an error message per faulty field.
 */
export function parseNetworkDraft(
  draft: NetworkDraft,
  base: Network | undefined,
  newId: () => string,
): { network: Network; errors?: undefined } | { network?: undefined; errors: NetworkDraftErrors } {
  const errors: NetworkDraftErrors = {};
  const custom = !base || base.kind === 'custom';
  const lines = draft.rpcUrls
    .split(/[\s,]+/)
    .map((l) => l.trim())
    .filter(Boolean);
  const bad = lines.find((line) => {
    const url = parseUrl(line);
    return !url || (url.protocol !== 'http:' && url.protocol !== 'https:');
  });
  // The page's CSP blocks plain http to any other host, so such a node could never be reached.
  const remotePlain = lines.find((line) => {
    const url = parseUrl(line);
    return url?.protocol === 'http:' && !isLocalPlainUrl(url);
  });
  const socket = lines.find((line) => /^wss?:$/.test(parseUrl(line)?.protocol ?? ''));
  if (lines.length === 0) errors.rpcUrls = msg('core.chain:network.rpcUrls.empty');
  else if (socket) errors.rpcUrls = msg('core.chain:network.rpcUrls.webSocket', { url: codeValue(socket) });
  else if (bad) errors.rpcUrls = msg('core.chain:network.rpcUrls.notHttp', { url: codeValue(bad) });
  else if (remotePlain) errors.rpcUrls = msg('core.chain:network.rpcUrls.plainHttp', { url: codeValue(remotePlain) });
  else if (lines.length > MAX_RPC_URLS)
    errors.rpcUrls = msg('core.chain:network.rpcUrls.tooMany', { max: MAX_RPC_URLS });
  else if (new Set(lines).size !== lines.length) errors.rpcUrls = msg('core.chain:network.rpcUrls.twice');

  const wsText = draft.wsUrl.trim();
  const wsUrl = wsText ? parseUrl(wsText) : undefined;
  if (wsText && (!wsUrl || (wsUrl.protocol !== 'ws:' && wsUrl.protocol !== 'wss:'))) {
    errors.wsUrl = msg('core.chain:network.wsUrl.notWebSocket', { url: codeValue(wsText) });
  } else if (wsUrl?.protocol === 'ws:' && !isLocalPlainUrl(wsUrl)) {
    errors.wsUrl = msg('core.chain:network.wsUrl.plainWs', { url: codeValue(wsText) });
  }

  const explorer = draft.explorerUrl.trim();
  const explorerUrl = explorer ? parseUrl(explorer) : undefined;
  if (explorer && (!explorerUrl || (explorerUrl.protocol !== 'https:' && explorerUrl.protocol !== 'http:'))) {
    errors.explorerUrl = msg('core.chain:network.explorerUrl.notHttps');
  } else if (explorerUrl?.protocol === 'http:' && !isLocalPlainUrl(explorerUrl)) {
    errors.explorerUrl = msg('core.chain:network.explorerUrl.plainHttp');
  }

  const name = draft.name.trim();
  const symbol = draft.symbol.trim();
  const chainId = Number(draft.chainId.trim());
  if (custom) {
    if (!name) errors.name = msg('core.chain:network.name.empty');
    else if (name.length > MAX_NAME_LENGTH)
      errors.name = msg('core.chain:network.name.tooLong', { max: MAX_NAME_LENGTH });
    if (!/^\d+$/.test(draft.chainId.trim()) || !Number.isSafeInteger(chainId) || chainId < 1) {
      errors.chainId = msg('core.chain:network.chainId.invalid');
    }
    if (!/^[A-Za-z0-9.$_-]{1,11}$/.test(symbol)) errors.symbol = msg('core.chain:network.symbol.invalid');
  }
  if (Object.keys(errors).length > 0) return { errors };

  const rpcUrls = lines.map((l) => l.replace(/\/$/, ''));
  const explorerText = explorer ? explorer.replace(/\/$/, '') : undefined;
  const socketUrl = wsText ? { wsUrl: wsText } : {};
  if (!custom && base) {
    const { wsUrl: _previous, ...rest } = base;
    const rpcFrom = rpcFromAfterEdit(base, rpcUrls);
    return { network: { ...rest, rpcUrls, rpcFrom, explorerUrl: explorerText, ...socketUrl } };
  }
  return {
    network: {
      id: base?.id ?? `custom-${newId()}`,
      kind: 'custom',
      name,
      chainId,
      nativeCurrency: { name: symbol, symbol, decimals: 18 },
      rpcUrls,
      // Typed (or kept) in the form: the person's choice, unless they left another's URLs as they were.
      rpcFrom: base ? rpcFromAfterEdit(base, rpcUrls) : 'person',
      ...socketUrl,
      explorerUrl: explorerText,
      testnet: false,
      blockTimeMs: base?.blockTimeMs ?? 4_000,
      ensUniversalResolver: undefined,
      // The same chain keeps its family; verifyNetwork reads it from the chain afresh.
      feeFamily: base && base.chainId === chainId ? base.feeFamily : { kind: 'unknown' },
    },
  };
}

/**
 * Asks every RPC URL of a network for its chain id before the network is saved, one after
 * another (`onProgress` hears each URL as it is asked, with how many were answered before it), and
 * its WebSocket URL (where one is set and `open` can open it) for its chain id and a newHeads
 * subscription. A custom network's fee family is read from the chain (detectFeeFamily, one batch
 * to its first URL) and returned on it, so an OP Stack chain added by URL counts its L1 fee; a
 * node that cannot tell leaves it `unknown`, read again at first use (feeFamilyOf). Returns the
 * network to save. Throws WrongChainError (showing both ids) or a ChainError naming the URL that failed.
 */
export async function verifyNetwork(
  network: Network,
  {
    onProgress,
    open = browserSocket(),
  }: {
    onProgress?: (progress: { url: string; done: number; total: number }) => void;
    open?: OpenHeadSocket | undefined;
  } = {},
): Promise<Network> {
  for (const [done, url] of network.rpcUrls.entries()) {
    onProgress?.({ url, done, total: network.rpcUrls.length });
    const probe: Network = { ...network, id: `probe:${url}`, rpcUrls: [url] };
    let actual: number;
    try {
      actual = await getChainId(chainClient(probe));
    } catch (error) {
      throw toChainError(error, url);
    }
    if (actual !== network.chainId)
      throw new WrongChainError({ expectedChainId: network.chainId, actualChainId: actual, rpcUrl: url });
  }
  if (network.wsUrl && open) await checkHeadSocket(network.wsUrl, network.chainId, open);
  if (network.kind !== 'custom') return network;
  const first = network.rpcUrls[0];
  const probe: Network = { ...network, id: `probe:${first}`, rpcUrls: first ? [first] : [] };
  const feeFamily = await detectFeeFamily(chainClient(probe)).catch(() => network.feeFamily);
  return { ...network, feeFamily };
}
