import { secp256k1 } from '@noble/curves/secp256k1';
import { bytesToHex, decodeFunctionData, recoverTypedDataAddress } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { recoverAuthorizationAddress } from 'viem/utils';
import { describe, expect, it } from 'vitest';
import { cairnRefusal } from '@/testing/expectRefusal';
import { p256Authenticator } from '@/testing/p256Authenticator';
import { PASSKEY_DOMAIN } from './passkeyBatch';
import { PASSKEY_DELEGATE_ADDRESS, passkeyDelegateAbi } from './passkeyDelegate.generated';
import { passkeyOfSigner, passkeySigner } from './passkeySigners';
import { signPasskeyUpgrade } from './passkeyUpgrade';

describe("a passkey account's upgrade", () => {
  it('is signed by the fresh key for one chain and the delegate, registers the passkey, and wipes the key', async () => {
    const key = secp256k1.utils.randomPrivateKey();
    const account = privateKeyToAddress(bytesToHex(key));
    const { publicKey } = p256Authenticator();
    const upgrade = await signPasskeyUpgrade({ chainId: 31337, publicKey, key });

    expect(key.every((byte) => byte === 0)).toBe(true);
    expect(upgrade.account).toBe(account);
    expect(upgrade.authorization).toMatchObject({ chainId: 31337, address: PASSKEY_DELEGATE_ADDRESS, nonce: 0 });
    expect(await recoverAuthorizationAddress({ authorization: upgrade.authorization })).toBe(account);

    expect(upgrade.call).toMatchObject({ to: account, value: 0n });
    const { functionName, args } = decodeFunctionData({ abi: passkeyDelegateAbi, data: upgrade.call.data });
    expect(functionName).toBe('initialize');
    const [registered, signature] = args as readonly [`0x${string}`, `0x${string}`];
    expect(registered).toBe(passkeySigner(publicKey));
    expect(passkeyOfSigner(registered)).toEqual(publicKey);
    const signer = await recoverTypedDataAddress({
      domain: { ...PASSKEY_DOMAIN, chainId: 31337, verifyingContract: account },
      types: { Initialize: [{ name: 'signer', type: 'bytes' }] },
      primaryType: 'Initialize',
      message: { signer: registered },
      signature,
    });
    expect(signer).toBe(account);
  });

  it('makes a new account each time', async () => {
    const { publicKey } = p256Authenticator();
    const [a, b] = await Promise.all([1, 2].map(() => signPasskeyUpgrade({ chainId: 1, publicKey })));
    expect(a?.account).not.toBe(b?.account);
  });

  it('is refused for chain id 0 (valid on every chain) or no whole number, and the key is wiped still', async () => {
    const { publicKey } = p256Authenticator();
    for (const chainId of [0, -1, 1.5, Number.NaN]) {
      const key = secp256k1.utils.randomPrivateKey();
      const refusal = await cairnRefusal(signPasskeyUpgrade({ chainId, publicKey, key }));
      expect(refusal.code).toBe('INPUT_UNSIGNED_TX');
      expect(key.every((byte) => byte === 0)).toBe(true);
    }
  });
});
