import { entropyToMnemonic } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import { TEST_PHRASE } from '@/testing/vaultFixtures';
import { parsePhrase } from '../phrase';
import { loadWordlist } from '../wordlists';
import { parseShare } from './share';
import { phraseEntropy, phraseFromShares } from './sharedPhrase';
import { splitMasterSecret } from './slip39';

/** Shares of `secret`, 2-of-3 in one group, made with no SLIP-0039 passphrase as Cairn makes a phrase's. */
async function twoOfThree(secret: Uint8Array): Promise<string[]> {
  const [group] = await splitMasterSecret({
    masterSecret: secret,
    groupThreshold: 1,
    groups: [{ threshold: 2, count: 3 }],
  });
  return group ?? [];
}

describe('shares of a recovery phrase', () => {
  it('give back the phrase itself from any two of three', async () => {
    const phrase = await parsePhrase(TEST_PHRASE);
    const shares = await twoOfThree(await phraseEntropy(phrase));
    for (const pair of [
      [0, 1],
      [0, 2],
      [2, 1],
    ]) {
      const restored = await phraseFromShares(
        pair.map((i) => parseShare(shares[i] ?? '')),
        'english',
      );
      expect(restored).toEqual(phrase);
    }
  });

  it('give back a 24-word Spanish phrase in Spanish, and other words in another language', async () => {
    const words = entropyToMnemonic(new Uint8Array(32).fill(0x5a), (await loadWordlist('spanish')).words as string[]);
    const spanish = await parsePhrase(words);
    expect(spanish.language).toBe('spanish');
    const shares = (await twoOfThree(await phraseEntropy(spanish))).slice(1).map(parseShare);
    expect(await phraseFromShares(shares, 'spanish')).toEqual(spanish);
    expect((await phraseFromShares(shares, 'english')).words).not.toEqual(spanish.words);
  });

  it('refuse a secret no phrase has, naming its length', async () => {
    const shares = (await twoOfThree(new Uint8Array(18).fill(7))).slice(0, 2).map(parseShare);
    await expect(phraseFromShares(shares, 'english')).rejects.toMatchObject({
      code: 'KEYS_SHARE_NOT_PHRASE',
      message: expect.stringContaining('their secret has 18 bytes'),
    });
  });
});
