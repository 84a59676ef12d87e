import { type Address, concat, decodeFunctionData, encodeFunctionResult, type Hex, size, slice } from 'viem';
import { describe, expect, it } from 'vitest';
import { fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { p256Authenticator } from '@/testing/p256Authenticator';
import { PASSKEY_DELEGATE_ADDRESS, PASSKEY_VERIFIER_ADDRESS, passkeyDelegateAbi } from './passkeyDelegate.generated';
import {
  encodeAddPasskey,
  encodeRemovePasskey,
  holdsPasskey,
  passkeyOfSigner,
  passkeySigner,
  registersPasskey,
} from './passkeySigners';

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

/** A node where `account` holds `code` and, asked for its signers, lists `signers`. */
function accountNode(code: Hex, signers: Hex[]) {
  return fakeSimulationNode((method) => {
    if (method === 'eth_getCode') return code;
    if (method === 'eth_call')
      return encodeFunctionResult({ abi: passkeyDelegateAbi, functionName: 'getSigners', result: signers });
    return new Error(`not asked: ${method}`);
  }).client;
}

describe('whether a mined upgrade or add registered the passkey', () => {
  const delegated: Hex = `0xef0100${PASSKEY_DELEGATE_ADDRESS.slice(2).toLowerCase()}`;
  const [one, two] = [p256Authenticator().publicKey, p256Authenticator().publicKey];

  it('is so when the account runs the delegate and lists that passkey', async () => {
    const node = accountNode(delegated, [passkeySigner(two), passkeySigner(one)]);
    expect(await registersPasskey(node, account, one)).toBe(true);
  });

  it('is not when the account lists other passkeys only, or runs other code, or none', async () => {
    expect(await registersPasskey(accountNode(delegated, [passkeySigner(two)]), account, one)).toBe(false);
    const elsewhere: Hex = `0xef0100${'11'.repeat(20)}`;
    expect(await registersPasskey(accountNode(elsewhere, [passkeySigner(one)]), account, one)).toBe(false);
    expect(await registersPasskey(accountNode('0x', [passkeySigner(one)]), account, one)).toBe(false);
  });
});
