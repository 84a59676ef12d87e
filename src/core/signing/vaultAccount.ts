import { secp256k1 } from '@noble/curves/secp256k1';
import {
  type Address,
  type Hex,
  hashMessage,
  hashTypedData,
  keccak256,
  type LocalAccount,
  numberToHex,
  type Signature,
  serializeSignature,
  serializeTransaction,
} from 'viem';
import { toAccount } from 'viem/accounts';

/** Supplies a private key copy at the moment of signing (the caller zero-fills it after use). */
export type KeySource = () => Promise<Uint8Array>;

async function signHash(hash: Hex, keySource: KeySource): Promise<Signature> {
  const key = await keySource();
  try {
    const signature = secp256k1.sign(hash.slice(2), key, { lowS: true });
    return {
      r: numberToHex(signature.r, { size: 32 }),
      s: numberToHex(signature.s, { size: 32 }),
      v: signature.recovery ? 28n : 27n,
      yParity: signature.recovery,
    };
  } finally {
    key.fill(0);
  }
}

/**
 * A viem account that signs with a key fetched from the vault at each signature and wiped
 * right after. It holds no key itself: once Cairn locks, every signature fails with
 * VAULT_LOCKED (raised by the key source).
 */
export function vaultAccount(address: Address, keySource: KeySource): LocalAccount {
  return toAccount({
    address,
    async sign({ hash }) {
      return serializeSignature(await signHash(hash, keySource));
    },
    async signMessage({ message }) {
      return serializeSignature(await signHash(hashMessage(message), keySource));
    },
    async signTypedData(typedData) {
      return serializeSignature(await signHash(hashTypedData(typedData), keySource));
    },
    async signTransaction(transaction, options) {
      const serializer = options?.serializer ?? serializeTransaction;
      const signature = await signHash(keccak256(await serializer(transaction)), keySource);
      return serializer(transaction, signature);
    },
    async signAuthorization() {
      throw new Error('Cairn does not sign EIP-7702 authorizations.');
    },
  } as Parameters<typeof toAccount>[0]) as LocalAccount;
}
