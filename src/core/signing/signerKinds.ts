// One contract for every kind of account's signer: the vault's keys, QR devices, Ledger, browser
// wallets and watched addresses all sign through the same RequestSigner (signerAccount; a browser
// wallet sends transactions itself, see sendsItself), and this table says,
// for screens to tell the person beforehand, who signs and what a kind cannot do. (Whether a
// signature asks a device is isDeviceSource; whether the key is in the vault, holdsVaultKey.)
import type { AccountSource } from '../accounts/account';
import { WalletError } from '../errors/wallet';

export type SignerProfile = {
  /** Who signs, inside a sentence: "Cairn", "your QR device", "your Ledger". */
  signs: string;
  /** Transactions, messages and typed data can be signed (with the person's approval). */
  canSign: boolean;
  /** Why nothing can be signed, when nothing can. */
  whyNot?: string;
  /**
   * The signer sends transactions itself and chooses their nonce (a browser wallet): Cairn never
   * holds the signed bytes, so it cannot sign for later, choose a nonce, speed up or cancel.
   */
  sendsItself?: string;
};

const PROFILES: Record<AccountSource['kind'], SignerProfile> = {
  hd: { signs: 'Cairn', canSign: true },
  key: { signs: 'Cairn', canSign: true },
  qrDevice: { signs: 'your QR device', canSign: true },
  ledger: { signs: 'your Ledger', canSign: true },
  external: {
    signs: 'your browser wallet',
    canSign: true,
    sendsItself:
      'Your browser wallet signs and sends this account’s transactions itself and chooses their nonce: Cairn cannot sign one to send later, choose its nonce, speed it up or cancel it (do that in the wallet).',
  },
  watch: {
    signs: 'nobody',
    canSign: false,
    whyNot: 'This account is watch-only: Cairn cannot sign for it.',
  },
};

/** Thrown where a browser wallet's account is asked for a transaction signed but not sent. */
export function walletSendsItself(): WalletError {
  return new WalletError('WALLET_SENDS_ITSELF', PROFILES.external.sendsItself ?? '');
}

export function signerProfile(source: Pick<AccountSource, 'kind'>): SignerProfile {
  return PROFILES[source.kind];
}
