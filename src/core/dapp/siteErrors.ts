// The errors Cairn's approval window sends a site, each a fixed English sentence: protocol text for
// the site's code and its developer, the same whatever language the person reads Cairn in (see
// providerErrors.ts). What the person is told is in the window, in their language.
import type { Message } from '../i18n/message';
import type { AtomicRefusal } from './atomicBatch';
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

/**
 * A request that came for the site's chain `asked`, refused because the site moved to chain `now`
 * while it waited (it switched in another request): a request never follows the site to another
 * chain. EIP-1193's 4901: Cairn is no longer connected to the chain the request needs.
 */
export function siteChainChangedError(now: number, asked: number): ProviderError {
  return providerError(
    'chainDisconnected',
    `The site switched to chain ${now} while this request for chain ${asked} waited: nothing was signed or sent. Ask again.`,
  );
}

/**
 * A transaction (or a batch's first) whose sending failed in a way that may have sent it all the
 * same (a browser wallet's unclear answer, a transaction sent but not stored), ended before the
 * person could tell: it never says "nothing was sent", for the site would ask again and the person
 * pay twice. EIP-1474's internal error.
 */
export function mayHaveBeenSentError(): ProviderError {
  return providerError(
    'internal',
    'Cairn cannot tell whether the transaction was sent: it may still be mined. Check the account in Cairn before asking again.',
  );
}

/**
 * A request its connector sent for chain `asked` while the site is on chain `site` in Cairn (Cairn
 * would not move it to `asked`: that network is no longer one it may use). 4901, as for a request
 * left behind by a switch: it is never served on a chain it was not built for.
 */
export function connectorChainError(asked: number, site: number): ProviderError {
  return providerError(
    'chainDisconnected',
    `This request came for chain ${asked}, but the site is on chain ${site} in Cairn: nothing was signed or sent. Ask again on chain ${site}, or switch first (wallet_switchEthereumChain).`,
  );
}

/**
 * eth_sendTransaction whose own chainId is not the site's chain: -32602, naming both (as other
 * wallets answer it), so the site knows to switch first.
 */
export function transactionChainError(asked: number, site: number): ProviderError {
  return providerError(
    'invalidParams',
    `The transaction's chainId is ${asked}, but the site is on chain ${site}: they must match. Switch first (wallet_switchEthereumChain).`,
  );
}

/** wallet_sendCalls for another chain than the site's (EIP-5792's 5710). */
export function batchChainError(asked: number, site: number): ProviderError {
  return providerError(
    'unsupportedChainId',
    `The batch is for chain ${asked}, and the site is on chain ${site}: switch first (wallet_switchEthereumChain).`,
  );
}

/** Every request of a site, when Cairn has no wallet to answer them with. */
export function noWalletError(): ProviderError {
  return providerError('unauthorized', 'Cairn has no wallet yet: the person must set one up first.');
}

/** Why Cairn cannot run a batch atomically, for the site (the signer's own reason, in protocol words). */
const ATOMIC_REFUSALS = {
  ledger:
    'the account’s key is on a Ledger, whose Ethereum app signs EIP-7702 upgrades only for delegates Ledger has approved, so Cairn cannot upgrade the account',
  qrDevice:
    'the account’s key is on a QR signing device, which has no standard request for EIP-7702 upgrades (ERC-4527 defines none), so Cairn cannot upgrade the account',
  external:
    'the account’s key is in a browser wallet, which signs no EIP-7702 upgrade another app asks for, so Cairn cannot upgrade the account',
  watch: 'the account is watch-only in Cairn, which cannot sign for it',
  no7702: 'this chain does not run EIP-7702 with MetaMask’s delegate, which Cairn’s smart accounts use',
  unverified:
    'Cairn has no published code hash of MetaMask’s delegate on this chain, so it does not upgrade accounts here',
  contract: 'the account is a contract, which EIP-7702 cannot upgrade',
} as const;

/**
 * wallet_sendCalls with atomicRequired that Cairn cannot run in one transaction for this account
 * on this chain (EIP-5792's 5760), saying why; a batch without atomicRequired is sent call by call.
 */
export function atomicRefusedError(refusal: AtomicRefusal): ProviderError {
  const why =
    refusal.kind === 'signer'
      ? ATOMIC_REFUSALS[
          refusal.signer === 'hd' || refusal.signer === 'key'
            ? 'watch'
            : refusal.signer === 'safe' || refusal.signer === 'passkeyAccount'
              ? 'contract'
              : refusal.signer
        ]
      : refusal.kind === 'foreign'
        ? `the account is delegated (EIP-7702) to another contract, ${refusal.delegate}, through which Cairn sends nothing`
        : ATOMIC_REFUSALS[refusal.kind];
  return providerError(
    'atomicityNotSupported',
    `Cairn cannot run this batch atomically: ${why}. Send it with atomicRequired false to have its calls sent one by one.`,
  );
}

/** wallet_sendCalls that needed the account upgraded, and the person declined the upgrade (EIP-5792's 5750). */
export function upgradeDeclinedError(): ProviderError {
  return providerError('atomicUpgradeRejected');
}
