// One contract for every kind of account's signer: the vault's keys, QR devices, Ledger and
// watched addresses all sign through the same RequestSigner (signerAccount), and this table says,
// for screens to tell the person beforehand, what each kind does differently or cannot do.
import type { AccountSource } from '../accounts/account';

export type SignerProfile = {
  /** Who signs, inside a sentence: "Cairn", "your QR device", "your Ledger". */
  signs: string;
  /** Transactions, messages and typed data can be signed (with the person's approval). */
  canSign: boolean;
  /** Each signature needs the person at the device: a batch of N calls asks N times. */
  asksDevice: boolean;
  /** The key is in Cairn's vault and can be shown or exported. */
  keyInVault: boolean;
  /** Why nothing can be signed, when nothing can. */
  whyNot?: string;
};

const PROFILES: Record<AccountSource['kind'], SignerProfile> = {
  hd: { signs: 'Cairn', canSign: true, asksDevice: false, keyInVault: true },
  key: { signs: 'Cairn', canSign: true, asksDevice: false, keyInVault: true },
  qrDevice: { signs: 'your QR device', canSign: true, asksDevice: true, keyInVault: false },
  ledger: { signs: 'your Ledger', canSign: true, asksDevice: true, keyInVault: false },
  watch: {
    signs: 'nobody',
    canSign: false,
    asksDevice: false,
    keyInVault: false,
    whyNot: 'This account is watch-only: Cairn cannot sign for it.',
  },
};

export function signerProfile(source: Pick<AccountSource, 'kind'>): SignerProfile {
  return PROFILES[source.kind];
}
