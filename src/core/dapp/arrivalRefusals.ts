// Why a request for the person is refused the moment it arrives, before anyone sees it: an account
// the site may not use, a batch for another chain or with a used id, a transaction naming another
// chain than the site's, or a connector that has the site on a chain Cairn does not.
import { isPinned } from './methodTable';
import type { PersonRequest } from './personRequests';
import { type HexChainId, toHexChainId } from './protocol';
import { type ProviderError, providerError } from './providerErrors';
import { batchChainError, connectorChainError, transactionChainError } from './siteErrors';
import { isGrantedAccount, type SitePermission } from './sites';

export type ArrivalContext = {
  site: SitePermission | undefined;
  /** The site's chain as far as it may learn it (its network once connected, else the chain it named). */
  siteChain: HexChainId | undefined;
  /** The chain the connector said the site is on, when Cairn could not move the site there. */
  strandedOn: HexChainId | undefined;
  /** Requests already waiting. */
  waiting: readonly PersonRequest[];
};

/** The refusal for `request` as it arrives, or undefined when it may wait for the person. */
export function arrivalRefusal(request: PersonRequest, context: ArrivalContext): ProviderError | undefined {
  return (
    ungrantedRefusal(request, context.site) ??
    strandedRefusal(request, context) ??
    batchRefusal(request, context) ??
    transactionChainRefusal(request, context.siteChain)
  );
}

/** An account the site may not use (it never was granted, or the person took it away). */
export function ungrantedRefusal(request: PersonRequest, site: SitePermission | undefined): ProviderError | undefined {
  const account = 'account' in request ? request.account : undefined;
  if (account === undefined || isGrantedAccount(site, account)) return undefined;
  return providerError(
    'unauthorized',
    `This site may not use ${account}: connect that account to it in Cairn first (eth_requestAccounts).`,
  );
}

/**
 * The site built the request for the chain its connector names, and Cairn would not move it there
 * (the person removed that network while the connector still offered it): a request that acts on a
 * chain is refused, never served on the site's other chain.
 */
function strandedRefusal(request: PersonRequest, context: ArrivalContext): ProviderError | undefined {
  const { strandedOn, siteChain } = context;
  if (strandedOn === undefined || siteChain === undefined || !isPinned(request.method)) return undefined;
  return connectorChainError(Number(strandedOn), Number(siteChain));
}

/** EIP-5792: a batch names its chain, which must be the site's, and an id no other waiting batch has. */
function batchRefusal(request: PersonRequest, context: ArrivalContext): ProviderError | undefined {
  if (request.method !== 'wallet_sendCalls') return undefined;
  const { batchId } = request;
  if (batchId !== undefined && context.waiting.some((r) => r.method === 'wallet_sendCalls' && r.batchId === batchId))
    return providerError('duplicateId');
  if (request.chainId === undefined || context.siteChain === undefined) return undefined;
  if (toHexChainId(request.chainId) === context.siteChain) return undefined;
  return batchChainError(request.chainId, Number(context.siteChain));
}

/** A transaction that names its own chain must name the site's (as the other wallets check it). */
function transactionChainRefusal(request: PersonRequest, siteChain: HexChainId | undefined): ProviderError | undefined {
  if (request.method !== 'eth_sendTransaction' || request.chainId === undefined || siteChain === undefined)
    return undefined;
  return toHexChainId(request.chainId) === siteChain
    ? undefined
    : transactionChainError(request.chainId, Number(siteChain));
}
