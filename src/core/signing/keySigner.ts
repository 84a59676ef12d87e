import { secp256k1 } from '@noble/curves/secp256k1';
import {
  type Address,
  concatHex,
  type Hex,
  hashMessage,
  hashTypedData,
  keccak256,
  numberToHex,
  type SignableMessage,
  type Signature,
  serializeSignature,
  serializeTransaction,
  type TransactionSerializable,
  type TypedDataDefinition,
  toRlp,
} from 'viem';
import { InputError } from '../errors/input';
import { msg } from '../i18n/message';

/** An EIP-7702 authorization: the account's code becomes a pointer to `address` (zero: none). */
export type AuthorizationToSign = { chainId: number; address: Address; nonce: number };

/**
 * What Cairn signs, and nothing else: a transaction (always with a chain id), a personal
 * message (EIP-191), typed data (EIP-712), or an EIP-7702 authorization (always for one chain:
 * chain id 0 would let it be replayed on every chain). There is deliberately no request for a bare
 * 32-byte hash (eth_sign): such a hash can be a transaction's. Every part is structured-clone
 * safe, so a request can travel to the vault session that holds the keys.
 */
export type SignRequest =
  | { kind: 'transaction'; transaction: TransactionSerializable }
  | { kind: 'message'; message: SignableMessage }
  | { kind: 'typedData'; typedData: TypedDataDefinition }
  | { kind: 'authorization'; authorization: AuthorizationToSign };

/** A request for an EIP-7702 authorization. */
export type AuthorizationRequest = Extract<SignRequest, { kind: 'authorization' }>;

/**
 * What a QR device or a browser wallet is asked for: never an authorization (signerKinds says why,
 * per kind). A Ledger is asked for any SignRequest: its Ethereum app signs authorizations, within
 * limits of its own (core/ledger/authorization.ts).
 */
export type DeviceSignRequest = Exclude<SignRequest, { kind: 'authorization' }>;

/** Supplies a private key copy at the moment of signing; it is zero-filled right after. */
export type KeySource = () => Promise<Uint8Array>;

function signHash(hash: Hex, key: Uint8Array): Signature {
  const signature = secp256k1.sign(hash.slice(2), key, { lowS: true });
  return {
    r: numberToHex(signature.r, { size: 32 }),
    s: numberToHex(signature.s, { size: 32 }),
    v: signature.recovery ? 28n : 27n,
    yParity: signature.recovery,
  };
}

/** Whether the transaction carries call data (a contract call or creation), not a plain transfer. */
export function hasCallData(transaction: TransactionSerializable): boolean {
  return transaction.data !== undefined && transaction.data !== '0x';
}

/**
 * Throws INPUT_UNSIGNED_TX unless the transaction or authorization names a chain (EIP-155 replay
 * protection; an authorization for chain 0 would hold on every chain).
 */
export function assertChainId(request: { chainId?: number | undefined }): void {
  const { chainId } = request;
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId < 1) {
    throw new InputError('INPUT_UNSIGNED_TX', msg('core.signing:unsigned.noChainId'));
  }
}

/** EIP-7702's keccak256(0x05 ‖ rlp([chain_id, address, nonce])), zeros as empty strings. */
function authorizationHash({ chainId, address, nonce }: AuthorizationToSign): Hex {
  const integer = (value: number): Hex => (value === 0 ? '0x' : numberToHex(value));
  return keccak256(concatHex(['0x05', toRlp([integer(chainId), address, integer(nonce)])]));
}

/** The hash a request's signature is made over. */
export function signingHash(request: SignRequest): Hex {
  switch (request.kind) {
    case 'transaction':
      return keccak256(serializeTransaction(request.transaction));
    case 'message':
      return hashMessage(request.message);
    case 'typedData':
      return hashTypedData(request.typedData);
    case 'authorization':
      return authorizationHash(request.authorization);
  }
}

/**
 * The lowest signing layer: takes the key, signs exactly the request, zero-fills the key. A
 * transaction is returned serialized with its signature; a message, typed data or authorization as
 * the 65-byte signature (r‖s‖v, v 27/28).
 *
 * Throws INPUT_UNSIGNED_TX for a transaction or authorization without a chain id ≥ 1 (before the key is taken),
 * and whatever the key source throws (VAULT_LOCKED, VAULT_WATCH_ONLY).
 */
export async function signWithKey(keySource: KeySource, request: SignRequest): Promise<Hex> {
  if (request.kind === 'transaction') assertChainId(request.transaction);
  if (request.kind === 'authorization') assertChainId(request.authorization);
  const hash = signingHash(request);
  const key = await keySource();
  try {
    const signature = signHash(hash, key);
    return request.kind === 'transaction'
      ? serializeTransaction(request.transaction, signature)
      : serializeSignature(signature);
  } finally {
    key.fill(0);
  }
}
