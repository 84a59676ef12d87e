import { type Address, concat, decodeFunctionData, size, slice } from 'viem';
import { describe, expect, it } from 'vitest';
import { p256Authenticator } from '@/testing/p256Authenticator';
import { PASSKEY_VERIFIER_ADDRESS, passkeyDelegateAbi } from './passkeyDelegate.generated';
import { encodeAddPasskey, encodeRemovePasskey, holdsPasskey, passkeyOfSigner, passkeySigner } from './passkeySigners';

const account: Address = '0x00000000000000000000000000000000000000aa';

describe("a passkey account's passkeys, as ERC-7913 signers", () => {
  it('are the WebAuthn verifier’s address followed by the 64-byte key, and read back', () => {
    const { publicKey } = p256Authenticator();
    const signer = passkeySigner(publicKey);
    expect(size(signer)).toBe(84);
    expect(slice(signer, 0, 20)).toBe(PASSKEY_VERIFIER_ADDRESS.toLowerCase());
    expect(slice(signer, 20)).toBe(concat([publicKey.x, publicKey.y]));
    expect(passkeyOfSigner(signer)).toEqual(publicKey);
  });

  it('refuses to read a signer of another verifier, or of another length', () => {
    const signer = passkeySigner(p256Authenticator().publicKey);
    expect(passkeyOfSigner(concat([account, slice(signer, 20)]))).toBeUndefined();
    expect(passkeyOfSigner(slice(signer, 0, 83))).toBeUndefined();
    expect(passkeyOfSigner(account)).toBeUndefined();
  });

  it('are added and removed by a call from the account to itself, naming the one passkey', () => {
    const { publicKey } = p256Authenticator();
    for (const [call, functionName] of [
      [encodeAddPasskey(account, publicKey), 'addSigners'],
      [encodeRemovePasskey(account, publicKey), 'removeSigners'],
    ] as const) {
      expect(call).toMatchObject({ to: account, value: 0n });
      const decoded = decodeFunctionData({ abi: passkeyDelegateAbi, data: call.data });
      expect(decoded.functionName).toBe(functionName);
      expect(decoded.args).toEqual([[passkeySigner(publicKey)]]);
    }
  });

  it('are found among the account’s whatever the spelling of their hex, and only they', () => {
    const [one, two] = [p256Authenticator().publicKey, p256Authenticator().publicKey];
    const upper = { x: one.x.toUpperCase().replace('0X', '0x'), y: one.y } as typeof one;
    expect(holdsPasskey([two, upper], one)).toBe(true);
    expect(holdsPasskey([two], one)).toBe(false);
    expect(holdsPasskey([], one)).toBe(false);
  });
});
