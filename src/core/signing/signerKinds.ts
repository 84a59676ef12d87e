// One contract for every kind of account's signer: the vault's keys, QR devices, Ledger and
// watched addresses all sign through the same RequestSigner (signerAccount), and this table says,
// for screens to tell the person beforehand, who signs and what a kind cannot do. (Whether a
// signature asks a device is isDeviceSource; whether the key is in the vault, holdsVaultKey.)
import type { AccountSource } from '../accounts/account';

export type SignerProfile = {
  /** Who signs, inside a sentence: "Cairn", "your QR device", "your Ledger". */
  signs: string;
  /** Transactions, messages and typed data can be signed (with the person's approval). */
  canSign: boolean;
  /** Why nothing can be signed, when nothing can. */
  whyNot?: string;
};

const PROFILES: Record<AccountSource['kind'], SignerProfile> = {
  hd: { signs: 'Cairn', canSign: true },
  key: { signs: 'Cairn', canSign: true },
  qrDevice: { signs: 'your QR device', canSign: true },
  ledger: { signs: 'your Ledger', canSign: true },
  watch: {
    signs: 'nobody',
    canSign: false,
    whyNot: 'This account is watch-only: Cairn cannot sign for it.',
  },
};

export function signerProfile(source: Pick<AccountSource, 'kind'>): SignerProfile {
  return PROFILES[source.kind];
}
