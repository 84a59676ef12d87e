import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PATH_TEMPLATE as TEMPLATE } from '../derivationPath';
import { deriveAddresses } from '../hd';
import { addressOfPrivateKey } from '../privateKey';
import { parseShare } from './share';
import { combineMnemonics } from './slip39';
import { newWalletShares } from './walletShares';

const TWO_OF_THREE = { groupThreshold: 1, groups: [{ threshold: 2, count: 3 }] };

describe('a new wallet made as shares', () => {
  it('gives back its master secret from any two of three, with its passphrase', async () => {
    const made = await newWalletShares(16, 'TREZOR', TWO_OF_THREE);
    const [group = []] = made.shares;
    expect(group).toHaveLength(3);
    expect(group.every((s) => s.split(' ').length === 20)).toBe(true);
    for (const pair of [
      [0, 1],
      [0, 2],
      [2, 1],
    ])
      expect(
        await combineMnemonics(
          pair.map((i) => group[i] ?? ''),
          'TREZOR',
        ),
      ).toEqual(made.masterSecret);
    const other = await combineMnemonics([group[0] ?? '', group[1] ?? ''], '');
    expect(other).not.toEqual(made.masterSecret);
  });

  it('makes 33-word shares of a 256-bit secret, extendable, and a fresh secret each time', async () => {
    const a = await newWalletShares(32, '', TWO_OF_THREE);
    const b = await newWalletShares(32, '', TWO_OF_THREE);
    expect(a.masterSecret).toHaveLength(32);
    expect(a.masterSecret).not.toEqual(b.masterSecret);
    const share = parseShare(a.shares[0]?.[0] ?? '');
    expect(a.shares[0]?.[0]?.split(' ')).toHaveLength(33);
    expect(share).toMatchObject({ identifier: a.identifier, extendable: true, iterationExponent: 1 });
  });

  it("derives its accounts from the master secret as the BIP-32 seed, as a Trezor's do", async () => {
    const made = await newWalletShares(16, '', TWO_OF_THREE);
    const [first] = deriveAddresses(made.masterSecret, TEMPLATE, 0, 1);
    const key = HDKey.fromMasterSeed(made.masterSecret).derive("m/44'/60'/0'/0/0").privateKey;
    expect(first?.address).toBe(addressOfPrivateKey(key as Uint8Array));
    const restored = await combineMnemonics([made.shares[0]?.[2] ?? '', made.shares[0]?.[0] ?? '']);
    expect(deriveAddresses(restored, TEMPLATE, 0, 1)).toEqual([first]);
  });

  it('refuses a passphrase a Trezor could not type', async () => {
    await expect(newWalletShares(16, 'pässword', TWO_OF_THREE)).rejects.toMatchObject({
      code: 'KEYS_SHARE_PASSPHRASE',
    });
  });
});
