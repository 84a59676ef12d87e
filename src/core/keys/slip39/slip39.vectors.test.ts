import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { type ShareErrorCode, ShareOtherSetError, ShareRepeatedError, ShareTooFewError } from '@/core/errors/shares';
import vectors from '@/testing/vectors/slip39/vectors.json';
import { hexOf } from '../../bytes';
import { deriveAddresses } from '../hd';
import { addressOfPrivateKey } from '../privateKey';
import { combineMnemonics } from './slip39';

type Vector = [description: string, mnemonics: string[], masterSecret: string, xprv: string];
const all = vectors as Vector[];

/** Why each invalid set of the reference vectors must be refused, by the start of its description. */
const REFUSALS: readonly [RegExp, ShareErrorCode][] = [
  [/^Mnemonic with invalid checksum/, 'KEYS_SHARE_CHECKSUM'],
  [/^Mnemonic with invalid padding/, 'KEYS_SHARE_PADDING'],
  [/^Basic sharing 2-of-3/, 'KEYS_SHARE_TOO_FEW'],
  [/^Mnemonics with different identifiers/, 'KEYS_SHARE_OTHER_SET'],
  [/^Mnemonics with different iteration exponents/, 'KEYS_SHARE_OTHER_SET'],
  [/^Mnemonics with mismatching group thresholds/, 'KEYS_SHARE_OTHER_SET'],
  [/^Mnemonics with mismatching group counts/, 'KEYS_SHARE_OTHER_SET'],
  [/^Mnemonics with greater group threshold than group counts/, 'KEYS_SHARE_THRESHOLD'],
  [/^Mnemonics with duplicate member indices/, 'KEYS_SHARE_REPEATED'],
  [/^Mnemonics with mismatching member thresholds/, 'KEYS_SHARE_OTHER_SET'],
  [/^Mnemonics giving an invalid digest/, 'KEYS_SHARE_DIGEST'],
  [/^Insufficient number of groups/, 'KEYS_SHARE_TOO_FEW'],
  [/^Threshold number of groups, but insufficient number of members/, 'KEYS_SHARE_TOO_FEW'],
  [/^Mnemonic with insufficient length/, 'KEYS_SHARE_WORD_COUNT'],
  [/^Mnemonic with invalid master secret length/, 'KEYS_SHARE_WORD_COUNT'],
];

const title = (description: string) => description.replace(/^\d+\.\s*/, '');

async function refusal(mnemonics: string[]): Promise<unknown> {
  return combineMnemonics(mnemonics, 'TREZOR').then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('SLIP-0039 reference vectors (trezor/python-shamir-mnemonic)', () => {
  it('has all 45, 15 of them valid', () => {
    expect(all).toHaveLength(45);
    expect(all.filter(([, , secret]) => secret !== '')).toHaveLength(15);
  });

  for (const [description, mnemonics, masterSecret, xprv] of all) {
    if (masterSecret === '') {
      it(`refuses: ${description}`, async () => {
        const expected = REFUSALS.find(([pattern]) => pattern.test(title(description)))?.[1];
        expect(expected, 'a refusal reason for this vector').toBeDefined();
        const error = await refusal(mnemonics);
        expect((error as { code?: string }).code).toBe(expected);
      });
    } else {
      it(`restores: ${description}`, async () => {
        const secret = await combineMnemonics(mnemonics, 'TREZOR');
        expect(hexOf(secret)).toBe(masterSecret);
        // The master secret is the BIP-32 seed, as on a Trezor.
        expect(HDKey.fromMasterSeed(secret).privateExtendedKey).toBe(xprv);
      });
    }
  }
});

describe('what the refusals say', () => {
  /** The mnemonics of the first vector whose title starts so (by default an invalid one). */
  const byTitle = (start: string, valid = false) => {
    const vector = all.find(([d, , secret]) => title(d).startsWith(start) && (secret !== '') === valid);
    if (!vector) throw new Error(`no vector ${start}`);
    return vector[1];
  };

  it('names what differs between sets', async () => {
    const identifiers = await refusal(byTitle('Mnemonics with different identifiers (128'));
    expect(identifiers).toBeInstanceOf(ShareOtherSetError);
    expect((identifiers as ShareOtherSetError).mismatch).toBe('identifier');
    const exponents = (await refusal(
      byTitle('Mnemonics with different iteration exponents (256'),
    )) as ShareOtherSetError;
    expect(exponents.mismatch).toBe('iterationExponent');
    const members = (await refusal(byTitle('Mnemonics with mismatching member thresholds'))) as ShareOtherSetError;
    expect(members.mismatch).toBe('memberThreshold');
  });

  it('tells a share in the place of another from the same share twice', async () => {
    const error = (await refusal(byTitle('Mnemonics with duplicate member indices'))) as ShareRepeatedError;
    expect(error).toBeInstanceOf(ShareRepeatedError);
    expect(error.identical).toBe(false);
    const valid = byTitle('Basic sharing 2-of-3 (128', true);
    const twice = (await refusal([valid[0] ?? '', valid[0] ?? ''])) as ShareRepeatedError;
    expect(twice.identical).toBe(true);
    expect(twice.message).toBe('This share has been entered already.');
  });

  it('says how many more shares each group needs', async () => {
    const single = (await refusal(byTitle('Basic sharing 2-of-3 (256'))) as ShareTooFewError;
    expect(single).toBeInstanceOf(ShareTooFewError);
    expect(single.needed.groups).toEqual([{ groupIndex: 0, entered: 1, threshold: 2, missing: 1 }]);
    expect(single.message).toBe('One more share is needed to restore the secret.');
    const member = (await refusal(
      byTitle('Threshold number of groups, but insufficient number of members in one group (128'),
    )) as ShareTooFewError;
    expect(member.needed.groupsMissing).toBeGreaterThan(0);
    expect(member.needed.groups.some((g) => (g.missing ?? 0) > 0)).toBe(true);
  });
});

describe('a SLIP-0039 wallet', () => {
  it("has the accounts of the vector's xprv: the master secret is the BIP-32 seed", async () => {
    const [, mnemonics, , xprv] = all.find(([d]) => d.startsWith('45. ')) as Vector;
    const secret = await combineMnemonics(mnemonics, 'TREZOR');
    const root = HDKey.fromExtendedKey(xprv);
    const expected = [0, 1, 2].map((i) =>
      addressOfPrivateKey(root.derive(`m/44'/60'/0'/0/${i}`).privateKey as Uint8Array),
    );
    const addresses = deriveAddresses(secret, "m/44'/60'/0'/0/{i}", 0, 3).map((a) => a.address);
    expect(addresses).toEqual(expected);
  });

  it('restores other, empty accounts under another passphrase, without a word of warning', async () => {
    const [, mnemonics, masterSecret] = all.find(([d]) => d.startsWith('45. ')) as Vector;
    const other = await combineMnemonics(mnemonics, 'trezor');
    expect(other).toHaveLength(32);
    expect(hexOf(other)).not.toBe(masterSecret);
  });
});
