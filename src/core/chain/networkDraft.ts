import { getChainId } from 'viem/actions';
import { WrongChainError } from '../errors/chain';
import { chainClient } from './client';
import type { Network } from './networks';
import { isLocalPlainUrl, PLAIN_HTTP_REFUSED } from './plainHttp';
import { toChainError } from './toChainError';

/** The network form as typed. RPC URLs come one per line. */
export type NetworkDraft = { name: string; rpcUrls: string; chainId: string; symbol: string; explorerUrl: string };
export type NetworkDraftErrors = Partial<Record<keyof NetworkDraft, string>>;

const MAX_RPC_URLS = 5;

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
    chainId: String(network.chainId),
    symbol: network.nativeCurrency.symbol,
    explorerUrl: network.explorerUrl ?? '',
  };
}

/**
 * Checks the network form. For a built-in network only the RPC URLs and explorer can change.
 * Returns the network, or an error sentence per faulty field.
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
  if (lines.length === 0) errors.rpcUrls = 'Enter at least one RPC URL.';
  else if (bad) errors.rpcUrls = `“${bad}” is not an http(s) URL.`;
  else if (remotePlain) errors.rpcUrls = `“${remotePlain}”: ${PLAIN_HTTP_REFUSED}`;
  else if (lines.length > MAX_RPC_URLS) errors.rpcUrls = `Use at most ${MAX_RPC_URLS} RPC URLs.`;
  else if (new Set(lines).size !== lines.length) errors.rpcUrls = 'An RPC URL is listed twice.';

  const explorer = draft.explorerUrl.trim();
  const explorerUrl = explorer ? parseUrl(explorer) : undefined;
  if (explorer && (!explorerUrl || (explorerUrl.protocol !== 'https:' && explorerUrl.protocol !== 'http:'))) {
    errors.explorerUrl = 'The explorer URL must start with https://.';
  } else if (explorerUrl?.protocol === 'http:' && !isLocalPlainUrl(explorerUrl)) {
    errors.explorerUrl =
      'Use https:// for the explorer: plain http is allowed only for one on this computer (localhost or 127.0.0.1).';
  }

  const name = draft.name.trim();
  const symbol = draft.symbol.trim();
  const chainId = Number(draft.chainId.trim());
  if (custom) {
    if (!name) errors.name = 'Enter a name.';
    else if (name.length > 40) errors.name = 'Use at most 40 characters.';
    if (!/^\d+$/.test(draft.chainId.trim()) || !Number.isSafeInteger(chainId) || chainId < 1) {
      errors.chainId = 'The chain id is a whole number, such as 1 for Ethereum.';
    }
    if (!/^[A-Za-z0-9.$_-]{1,11}$/.test(symbol)) errors.symbol = 'Use 1 to 11 letters or digits, such as ETH.';
  }
  if (Object.keys(errors).length > 0) return { errors };

  const rpcUrls = lines.map((l) => l.replace(/\/$/, ''));
  const explorerText = explorer ? explorer.replace(/\/$/, '') : undefined;
  if (!custom && base) return { network: { ...base, rpcUrls, explorerUrl: explorerText } };
  return {
    network: {
      id: base?.id ?? `custom-${newId()}`,
      kind: 'custom',
      name,
      chainId,
      nativeCurrency: { name: symbol, symbol, decimals: 18 },
      rpcUrls,
      explorerUrl: explorerText,
      testnet: false,
      blockTimeMs: base?.blockTimeMs ?? 4_000,
      ensUniversalResolver: undefined,
      l1FeeOracle: undefined,
    },
  };
}

/**
 * Asks every RPC URL of a network for its chain id before the network is saved.
 * Throws WrongChainError (showing both ids) or a ChainError naming the unreachable URL.
 */
export async function verifyNetwork(network: Network): Promise<void> {
  for (const url of network.rpcUrls) {
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
}
