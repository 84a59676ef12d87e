// The errors Cairn's approval window sends a site, each a fixed English sentence: protocol text for
// the site's code and its developer, the same whatever language the person reads Cairn in (see
// providerErrors.ts). What the person is told is in the window, in their language.
import type { Message } from '../i18n/message';
import { type ProviderError, providerError } from './providerErrors';

/** The site asked for something a connected site may ask (`what`: "adding a network") while not connected. */
export function notConnectedError(what: 'adding a network' | 'switching its network'): ProviderError {
  return providerError('unauthorized', `Connect to Cairn (eth_requestAccounts) before ${what}.`);
}

/** wallet_switchEthereumChain to a chain id the person has no network for. */
export function unknownChainError(chainId: number): ProviderError {
  return providerError(
    'unrecognizedChain',
    `Cairn has no network with chain id ${chainId}: add it with wallet_addEthereumChain first.`,
  );
}

/**
 * wallet_addEthereumChain refused (`reason`: the plan's, core/dapp/addChain.ts, which the person's
 * words come from): the parameter at fault, named as in EIP-3085.
 */
export function addChainRefusedError(reason: Message): ProviderError {
  if (reason.id === 'core.contracts:addChain.hiddenCharacters') {
    return providerError(
      'invalidParams',
      'Cairn cannot add this network: chainName has hidden or direction-changing characters.',
    );
  }
  const field = reason.values?.field;
  const name = typeof field === 'object' && 'kind' in field && field.kind === 'code' ? field.text : undefined;
  return providerError(
    'invalidParams',
    name === undefined
      ? 'Cairn cannot add this network: a parameter is missing or not valid.'
      : `Cairn cannot add this network: ${name} is missing or not valid.`,
  );
}

/** eth_signTypedData_v4 (or v3) with data Cairn cannot read as EIP-712 typed data. */
export function unreadableTypedDataError(): ProviderError {
  return providerError(
    'invalidParams',
    'Cairn cannot read the typed data: it is not EIP-712 typed data Cairn can show.',
  );
}

/** wallet_sendCalls whose chain the site left (it switched in another request) before the person confirmed. */
export function siteChainChangedError(now: number, asked: number): ProviderError {
  return providerError('unsupportedChainId', `The site is now on chain ${now}, not ${asked}: nothing was sent.`);
}

/** Every request of a site, when Cairn has no wallet to answer them with. */
export function noWalletError(): ProviderError {
  return providerError('unauthorized', 'Cairn has no wallet yet: the person must set one up first.');
}

/** eth_sendTransaction without `to`: Cairn does not deploy contracts for sites. */
export function noRecipientError(): ProviderError {
  return providerError(
    'invalidParams',
    'Cairn does not deploy contracts for sites: the transaction needs a to address.',
  );
}
