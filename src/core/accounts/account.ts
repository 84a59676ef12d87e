import type { Address } from 'viem';

/** An account whose key stays on a device that signs through QR codes (ERC-4527). */
export type QrDeviceSource = {
  kind: 'qrDevice';
  /** The device's name as it gave it (untrusted text). */
  deviceName: string;
  /** The device's master key fingerprint, which its sign requests must name. */
  masterFingerprint: number;
  /** The full derivation path of this account's key, e.g. m/44'/60'/0'/0/0. */
  path: string;
};

/** An account whose key stays on a Ledger, reached over WebHID. */
export type LedgerSource = { kind: 'ledger'; path: string };

/**
 * An account of a browser wallet (MetaMask, Rabby, …) found through EIP-6963 in Cairn's page:
 * Cairn prepares, simulates and reviews; the wallet signs, and sends transactions itself.
 */
export type ExternalWalletSource = {
  kind: 'external';
  /** The wallet's name as it announced it (untrusted text). */
  walletName: string;
  /** The wallet's reverse-DNS id from its announcement (io.metamask), by which it is found again. */
  rdns: string;
};

/** The sources whose key is held outside Cairn: on a device, or in a browser wallet. */
export type DeviceSource = QrDeviceSource | LedgerSource | ExternalWalletSource;

/**
 * A Safe multisig on one chain: it has no key. Cairn proposes its transactions, its owners
 * confirm them (by signature or on-chain), and any account executes them once enough have.
 */
export type SafeSource = {
  kind: 'safe';
  chainId: number;
  /** The Safe version its code was found to be when added (core/safe/knownCode.ts). */
  version: string;
  /** Runs SafeL2, which logs every Safe transaction. */
  l2: boolean;
  /** Added through the advanced choice, its code not one of Safe's published versions. */
  unknownCode?: boolean;
};

/** One passkey a passkey account holds, as this browser knows it (the chain holds its key too). */
export type PasskeyCredential = {
  /** The WebAuthn credential id, base64url: what the browser is asked for. */
  id: string;
  /** Its P-256 public key's affine coordinates (core/smartAccount/passkey/passkeyPublicKey.ts). */
  publicKey: { x: `0x${string}`; y: `0x${string}` };
  /** The name the person gave it (another device, a security key). */
  name: string;
};

/**
 * An EIP-7702 account on one chain whose only signers are passkeys (issue 52): its own key was
 * wiped once it signed the upgrade, so the vault holds no secret for it. Its batches are signed by
 * one of its passkeys and sent, with their gas, by another of the person's accounts.
 */
export type PasskeyAccountSource = {
  kind: 'passkeyAccount';
  chainId: number;
  /** The passkeys registered on it, the first one first. */
  credentials: PasskeyCredential[];
  /**
   * Passkeys whose registration was sent and not yet seen on the chain, with the transaction
   * record that registers each: never asked to sign; listed in `credentials` once the chain holds
   * them (accountEdits.ts), even when the page was left before that transaction was mined.
   */
  registering?: PendingPasskey[];
};

/** A passkey being registered on a passkey account: the credential and its transaction's record id. */
export type PendingPasskey = { credential: PasskeyCredential; recordId: string };

/** Where an account's key comes from. */
export type AccountSource =
  | { kind: 'hd'; secretId: string; template: string; index: number; path: string }
  | { kind: 'key'; secretId: string }
  | DeviceSource
  | SafeSource
  | PasskeyAccountSource
  | { kind: 'watch' };

/** The sources whose key the vault holds. */
export type VaultKeySource = Extract<AccountSource, { secretId: string }>;

/** An account as the rest of Cairn sees it: no key material, just what identifies it. */
export type Account = {
  id: string;
  name: string;
  address: Address;
  source: AccountSource;
  hidden: boolean;
  /** Derived from the public demo phrase: shown as public test keys everywhere. */
  demo: boolean;
  createdAt: number;
};

/** The vault secret an account's key comes from; none for watched and device accounts. */
export function secretIdOf(account: Pick<Account, 'source'>): string | undefined {
  return 'secretId' in account.source ? account.source.secretId : undefined;
}

export function isDeviceSource<S extends { kind: string }>(
  source: S,
): source is Extract<S, { kind: DeviceSource['kind'] }> {
  return source.kind === 'qrDevice' || source.kind === 'ledger' || source.kind === 'external';
}

/** Whether the account's key is kept in the vault (and can be revealed or exported). */
export function holdsVaultKey(account: Account): account is Account & { source: VaultKeySource } {
  return secretIdOf(account) !== undefined;
}
