import { type Address, type Hash, type Hex, isHex, type LocalAccount, type SignedAuthorization } from 'viem';
import { toAccount } from 'viem/accounts';
import type { DeviceSource } from '../accounts/account';
import type { Fees } from '../chain/fees';
import type { SignRequest } from './keySigner';

/** Signs one request; where the key lives is its business (the vault session, or a test key). */
export type RequestSigner = (request: SignRequest) => Promise<Hex>;

/** An account whose key is on a device, as its signer needs it. */
export type DeviceAccountRef = { id: string; address: Address; source: DeviceSource };

/**
 * Signs for an account whose key is on a device: asks the device (through the person) and
 * returns what signWithKey would, only once the answer is checked to recover to the account for
 * exactly `request`. Throws DEVICE_CANCELLED when the person gives up, INPUT_SIGNATURE never
 * (a wrong answer is refused where it is read, and another can be tried). `request` is an
 * authorization only for a Ledger's account: the vault client refuses one for any other kind, and
 * the QR and browser-wallet signers take only a DeviceSignRequest, so they must refuse it too.
 */
export type DeviceSigner = (account: DeviceAccountRef, request: SignRequest) => Promise<Hex>;

/** A transaction for a wallet that signs and sends it itself: no nonce (the wallet chooses it). */
export type WalletTransaction = {
  chainId: number;
  /** Undefined: a contract creation. */
  to: Address | undefined;
  value: bigint;
  data: Hex;
  gas: bigint;
  fees: Fees;
};

/**
 * Hands a transaction to the browser wallet that holds the account's key; the wallet signs and
 * sends it and answers its hash. Throws DEVICE_CANCELLED and the wallet's refusals (WALLET_*).
 */
export type WalletSender = (account: DeviceAccountRef, transaction: WalletTransaction) => Promise<Hash>;

/** A signer's account as Cairn's flows use it; `wallet` only where a browser wallet sends its transactions. */
export type SigningAccount = LocalAccount & {
  wallet?: { name: string; send: (transaction: WalletTransaction) => Promise<Hash> };
};

/**
 * A viem account that holds no key: each signature is a SignRequest handed to `sign`. With the
 * vault session's signer, the key never leaves the session; once Cairn locks, every signature
 * fails with VAULT_LOCKED. Signing a bare hash is refused. An EIP-7702 authorization is signed as
 * asked: which delegates may be asked for is core/smartAccount's rule (authorizationTarget).
 *
 * The refusals are plain Errors, not CairnErrors with catalog messages: no request a person or a
 * site can make reaches them (Cairn's flows sign messages, typed data and transactions through the
 * methods above, and call signTransaction without a serializer); they guard against Cairn's own
 * code. Should one ever be thrown, the page shows it as any unexpected error, in the reader's
 * language, and these words only in the console.
 */
export function signerAccount(address: Address, sign: RequestSigner): LocalAccount {
  return toAccount({
    address,
    async sign() {
      throw new Error('Cairn does not sign bare hashes.');
    },
    signMessage: ({ message }) => sign({ kind: 'message', message }),
    signTypedData: (typedData) => sign({ kind: 'typedData', typedData: typedData as never }),
    async signTransaction(transaction, options) {
      if (options?.serializer) throw new Error('Cairn signs only standard transaction types.');
      return sign({ kind: 'transaction', transaction });
    },
    async signAuthorization(request): Promise<SignedAuthorization> {
      const target = request.address ?? request.contractAddress;
      const authorization = { chainId: request.chainId, address: target, nonce: request.nonce };
      return { ...authorization, ...signatureParts(await sign({ kind: 'authorization', authorization })) };
    },
  } as Parameters<typeof toAccount>[0]) as LocalAccount;
}

/**
 * r, s and the y parity of a 65-byte signature (v 27/28 as signWithKey and checked device answers
 * give it, or 0/1). Split by hand: viem's parseSignature would bring the secp256k1 curve into the
 * first screen's code, where this file loads.
 */
function signatureParts(signature: Hex): { r: Hex; s: Hex; yParity: 0 | 1 } {
  const v = Number.parseInt(signature.slice(130), 16);
  if (signature.length !== 132 || !isHex(signature) || ![0, 1, 27, 28].includes(v))
    throw new Error('an authorization signature without its recovery bit');
  return { r: `0x${signature.slice(2, 66)}`, s: `0x${signature.slice(66, 130)}`, yParity: v % 27 === 0 ? 0 : 1 };
}
