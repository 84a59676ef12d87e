import { zeroAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { recoverAuthorizationAddress } from 'viem/utils';
import { describe, expect, it } from 'vitest';
import { signWithKey } from './keySigner';
import { signerAccount } from './signerAccount';

const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const keyBytes = () => Promise.resolve(Uint8Array.from(Buffer.from(KEY.slice(2), 'hex')));
const owner = privateKeyToAccount(KEY).address;
const delegate = '0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B';

describe('EIP-7702 authorizations signed with a vault key', () => {
  const account = signerAccount(owner, (request) => signWithKey(keyBytes, request));

  it('recover to the account, for exactly the chain, delegate and nonce asked', async () => {
    const signed = await account.signAuthorization?.({ chainId: 31337, address: delegate, nonce: 7 });
    expect(signed).toMatchObject({ chainId: 31337, address: delegate, nonce: 7 });
    if (!signed) throw new Error('unsigned');
    expect(await recoverAuthorizationAddress({ authorization: signed })).toBe(owner);
    // As viem's own signer makes it (the same RFC 6979 signature).
    const viemSigned = await privateKeyToAccount(KEY).signAuthorization({
      chainId: 31337,
      address: delegate,
      nonce: 7,
    });
    expect(signed).toEqual({ ...viemSigned, v: undefined });
  });

  it('sign an undo (to the zero address) too', async () => {
    const signed = await account.signAuthorization?.({ chainId: 1, address: zeroAddress, nonce: 0 });
    expect(signed?.address).toBe(zeroAddress);
  });

  it('are never signed for chain 0 (good on every chain), and the key is not taken', async () => {
    let taken = 0;
    const counted = () => {
      taken++;
      return keyBytes();
    };
    await expect(
      signWithKey(counted, { kind: 'authorization', authorization: { chainId: 0, address: delegate, nonce: 0 } }),
    ).rejects.toMatchObject({ code: 'INPUT_UNSIGNED_TX' });
    expect(taken).toBe(0);
  });
});
