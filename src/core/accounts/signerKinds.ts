// One contract for every kind of account's signer: the vault's keys, QR devices, Ledger, browser
// wallets and watched addresses all sign through the same RequestSigner (signerAccount; a browser
// wallet sends transactions itself, see sendsItself), and this table says,
// for screens to tell the person beforehand, who signs and what a kind cannot do. (Whether a
// signature asks a device is isDeviceSource; whether the key is in the vault, holdsVaultKey.)

import { SmartAccountError } from '../errors/smartAccount';
import { WalletError } from '../errors/wallet';
import { type Message, msg } from '../i18n/message';
import type { Account, AccountSource } from './account';

export type SignerProfile = {
  /** Who signs, inside a sentence: "Cairn", "your QR device", "your Ledger". */
  signs: Message;
  /** Transactions, messages and typed data can be signed (with the person's approval). */
  canSign: boolean;
  /** Why nothing can be signed, when nothing can. */
  whyNot?: Message;
  /**
   * The signer sends transactions itself and chooses their nonce (a browser wallet): Cairn never
   * holds the signed bytes, so it cannot sign for later, choose a nonce, speed up or cancel.
   */
  sendsItself?: Message;
  /**
   * Why this kind of signer is never asked for an EIP-7702 authorization (nor a transaction
   * carrying one); undefined where the key is in the vault and Cairn signs it.
   */
  noAuthorization?: Message;
  /**
   * What to know before asking this kind of signer for an EIP-7702 authorization it can sign (a
   * Ledger's app signs only for delegates on Ledger's list, once a setting is on), for screens.
   */
  authorizationNote?: Message;
};

const PROFILES: Record<AccountSource['kind'], SignerProfile> = {
  hd: { signs: msg('core.signing:signer.cairn'), canSign: true },
  key: { signs: msg('core.signing:signer.cairn'), canSign: true },
  qrDevice: {
    signs: msg('core.signing:signer.qrDevice'),
    canSign: true,
    noAuthorization: msg('core.signing:signer.noAuthorization.qrDevice'),
  },
  ledger: {
    signs: msg('core.signing:signer.ledger'),
    canSign: true,
    authorizationNote: msg('core.signing:signer.authorizationNote.ledger'),
  },
  external: {
    signs: msg('core.signing:signer.browserWallet'),
    canSign: true,
    sendsItself: msg('core.signing:signer.sendsItself'),
    noAuthorization: msg('core.signing:signer.noAuthorization.browserWallet'),
  },
  safe: {
    signs: msg('core.signing:signer.safeOwners'),
    canSign: false,
    whyNot: msg('core.signing:signer.safe'),
    noAuthorization: msg('core.signing:signer.safeNoAuthorization'),
  },
  passkeyAccount: {
    signs: msg('core.signing:signer.passkey'),
    canSign: false,
    whyNot: msg('core.signing:signer.passkeyAccount'),
    noAuthorization: msg('core.signing:signer.passkeyNoAuthorization'),
  },
  watch: {
    signs: msg('core.signing:signer.nobody'),
    canSign: false,
    whyNot: msg('core.signing:signer.watchOnly'),
    noAuthorization: msg('core.signing:signer.watchOnly'),
  },
};

/** Thrown where a browser wallet's account is asked for a transaction signed but not sent. */
export function walletSendsItself(): WalletError {
  return new WalletError('WALLET_SENDS_ITSELF', msg('core.signing:signer.sendsItself'));
}

/** Thrown where a signer outside Cairn is asked for an authorization, or a transaction carrying one. */
export function cannotAuthorize(source: Pick<AccountSource, 'kind'>): SmartAccountError {
  const why = signerProfile(source).noAuthorization ?? msg('core.signing:signer.watchOnly');
  return new SmartAccountError('SMART_SIGNER_CANNOT', why);
}

export function signerProfile(source: Pick<AccountSource, 'kind'>): SignerProfile {
  return PROFILES[source.kind];
}

export function canSign(account: Pick<Account, 'source'>): boolean {
  return signerProfile(account.source).canSign;
}

/**
 * Whether Send, Contracts and sites may start a transaction from `account` on `chainId`: one whose
 * key signs (see canSign), a Safe on its own chain, whose transactions are proposed to its owners,
 * or a passkey account on its own chain, whose batches a passkey signs and another account sends.
 */
export function canSendFrom(account: Pick<Account, 'source'>, chainId: number): boolean {
  const { source } = account;
  return (
    canSign(account) || ((source.kind === 'safe' || source.kind === 'passkeyAccount') && source.chainId === chainId)
  );
}
