import { type NetworkDraft, parseNetworkDraft } from '../chain/networkDraft';
import type { Network } from '../chain/networks';
import { codeValue, type Message, msg } from '../i18n/message';
import { untrustedText } from '../text/untrustedText';
import type { AddChainParams } from './personRequests';

/**
 * What Cairn does with a site's wallet_addEthereumChain (EIP-3085):
 * - `known`: the person already has a network on that chain id; it is never replaced, the site is
 *   offered the person's own (its RPC URLs, its name);
 * - `new`: a network built from the request, checked as the network form checks one typed by the
 *   person (every RPC URL asked for its chain id before it is saved: see verifyNetwork);
 * - `refused`: the request names something Cairn would not save, with the reason.
 */
export type AddChainPlan =
  | { kind: 'known'; network: Network }
  | { kind: 'new'; network: Network }
  | { kind: 'refused'; reason: Message };

const FIELD_NAMES: Record<keyof NetworkDraft, string> = {
  name: 'chainName',
  rpcUrls: 'rpcUrls',
  // Never asked of a site: a network a site adds follows its head by polling.
  wsUrl: 'rpcUrls',
  chainId: 'chainId',
  symbol: 'nativeCurrency.symbol',
  explorerUrl: 'blockExplorerUrls',
};

function draftOfAddChain(chain: AddChainParams): NetworkDraft {
  return {
    name: chain.chainName,
    rpcUrls: chain.rpcUrls.join('\n'),
    wsUrl: '',
    chainId: String(chain.chainId),
    symbol: chain.nativeCurrency.symbol,
    explorerUrl: chain.blockExplorerUrls[0] ?? '',
  };
}

/** `preferredId` is the site's current network: when several share the chain id, that one wins. */
export function planAddChain(
  chain: AddChainParams,
  networks: readonly Network[],
  newId: () => string,
  preferredId?: string,
): AddChainPlan {
  const same = networks.filter((n) => n.chainId === chain.chainId);
  const known = same.find((n) => n.id === preferredId) ?? same[0];
  if (known) return { kind: 'known', network: known };
  // A network's name is shown as plain text all over Cairn: a site may not hide characters in it.
  if (untrustedText(chain.chainName, 'name').hidden)
    return { kind: 'refused', reason: msg('core.contracts:addChain.hiddenCharacters') };
  const parsed = parseNetworkDraft(draftOfAddChain(chain), undefined, newId);
  if (parsed.errors) {
    const [field, problem] = Object.entries(parsed.errors)[0] as [keyof NetworkDraft, Message];
    return {
      kind: 'refused',
      reason: msg('core.contracts:addChain.refused', { field: codeValue(FIELD_NAMES[field]), problem }),
    };
  }
  // Its RPC is the site's choice, not the person's: Cairn names one account at a time through it.
  return { kind: 'new', network: { ...parsed.network, rpcFrom: 'site' } };
}
