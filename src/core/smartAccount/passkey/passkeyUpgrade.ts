import { secp256k1 } from '@noble/curves/secp256k1';
import { type Address, bytesToHex, encodeFunctionData, parseSignature, type SignedAuthorization } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import { assertChainId, signWithKey } from '../../signing/keySigner';
import type { CallRequest } from '../../tx/transfer';
import { PASSKEY_DOMAIN } from './passkeyBatch';
import { PASSKEY_DELEGATE_ADDRESS, passkeyDelegateAbi } from './passkeyDelegate.generated';
import type { PasskeyPublicKey } from './passkeyPublicKey';
import { passkeySigner } from './passkeySigners';

// A passkey account is a fresh EOA, upgraded once and for good. Its key lives only inside
// signPasskeyUpgrade: it signs the EIP-7702 authorization (bound to one chain id, nonce 0) and
// the delegate's Initialize(bytes signer) (the first passkey: verifier ‖ qx ‖ qy), through
// signWithKey (which zero-fills each copy it is given), and is zero-filled itself before the
// function returns. It is never a hex string, never stored, exported or shown. The paying account
// then sends both in one type-4 transaction; neither signature can register any other key, nor
// delegate the account anywhere else. Later passkeys are added by a batch a registered one signs
// (passkeySigners.ts).

/** What the paying account sends: the authorization in its list, `call` as its transaction. */
export type SignedPasskeyUpgrade = {
  /** The new account: the fresh key's address. */
  account: Address;
  authorization: SignedAuthorization;
  /** To the account itself: initialize(signer, the account's signature). */
  call: CallRequest;
};

/** The typed data the fresh key signs to register the first passkey (PasskeyAccount.sol's initialize). */
export const PASSKEY_INITIALIZE_TYPES = { Initialize: [{ name: 'signer', type: 'bytes' }] } as const;

/** A fresh EOA's nonce: the authorization's, as another account sends the upgrade. */
const FRESH_NONCE = 0;

/**
 * Makes a fresh key, signs the upgrade of its account to the passkey delegate on `chainId` with
 * `publicKey` registered, and wipes the key. `key`, if given (tests), is taken over and wiped as
 * well. Throws INPUT_UNSIGNED_TX for a chain id that is not a whole number above 0 (an
 * authorization for chain 0 would hold on every chain), before any key is made.
 */
export async function signPasskeyUpgrade(input: {
  chainId: number;
  publicKey: PasskeyPublicKey;
  key?: Uint8Array;
}): Promise<SignedPasskeyUpgrade> {
  const { chainId, publicKey } = input;
  try {
    assertChainId({ chainId });
  } catch (error) {
    input.key?.fill(0);
    throw error;
  }
  const key = input.key ?? secp256k1.utils.randomPrivateKey();
  try {
    const keySource = async () => key.slice();
    const account = publicKeyToAddress(bytesToHex(secp256k1.getPublicKey(key, false)));
    const address = PASSKEY_DELEGATE_ADDRESS;
    const authorizationSignature = await signWithKey(keySource, {
      kind: 'authorization',
      authorization: { chainId, address, nonce: FRESH_NONCE },
    });
    const { r, s, yParity } = parseSignature(authorizationSignature);
    const signer = passkeySigner(publicKey);
    const accountSignature = await signWithKey(keySource, {
      kind: 'typedData',
      typedData: {
        domain: { ...PASSKEY_DOMAIN, chainId, verifyingContract: account },
        types: PASSKEY_INITIALIZE_TYPES,
        primaryType: 'Initialize',
        message: { signer },
      },
    });
    const data = encodeFunctionData({
      abi: passkeyDelegateAbi,
      functionName: 'initialize',
      args: [signer, accountSignature],
    });
    return {
      account,
      authorization: { address, chainId, nonce: FRESH_NONCE, r, s, yParity: yParity ?? 0 },
      call: { to: account, value: 0n, data },
    };
  } finally {
    key.fill(0);
  }
}
