import { HDKey } from '@scure/bip32';
import { entropyToMnemonic } from '@scure/bip39';
import { wordlist as english } from '@scure/bip39/wordlists/english';
import { bytesToHex, hexToBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import japaneseVectors from '@/testing/vectors/bip39/bip32JP-test_JP_BIP39.json';
import trezor from '@/testing/vectors/bip39/trezor-python-mnemonic-vectors.json';
import { nfkdBytes, seedFromPhrase } from './hd';
import { parsePhrase } from './phrase';
import type { PhraseLanguage } from './wordlists';

const trezorLanguages: Record<string, PhraseLanguage> = {
  english: 'english',
  japanese: 'japanese',
  korean: 'korean',
  spanish: 'spanish',
  chinese_simplified: 'chinese-simplified',
  chinese_traditional: 'chinese-traditional',
  french: 'french',
  italian: 'italian',
  czech: 'czech',
  portuguese: 'portuguese',
};

describe('BIP39 (Trezor reference vectors, passphrase "TREZOR")', () => {
  const cases = (trezor as Record<string, string[][]>).english ?? [];
  it('has all 24 English vectors', () => expect(cases).toHaveLength(24));

  for (const [entropy, mnemonic, seed, xprv] of cases as [string, string, string, string][]) {
    it(`${mnemonic.split(' ').length} words: ${mnemonic.split(' ').slice(0, 3).join(' ')}…`, async () => {
      expect(entropyToMnemonic(hexToBytes(`0x${entropy}`), english)).toBe(mnemonic);
      const parsed = await parsePhrase(mnemonic);
      expect(parsed).toEqual({ words: mnemonic.split(' '), phrase: mnemonic, language: 'english' });
      const derived = await seedFromPhrase(nfkdBytes(parsed.phrase), nfkdBytes('TREZOR'));
      expect(bytesToHex(derived)).toBe(`0x${seed}`);
      expect(HDKey.fromMasterSeed(derived).privateExtendedKey).toBe(xprv);
    });
  }

  it('recognises and checks phrases in the other BIP39 languages', async () => {
    for (const [key, language] of Object.entries(trezorLanguages)) {
      const vectors = (trezor as Record<string, string[][]>)[key];
      if (!vectors) continue;
      for (const [, mnemonic, seed] of vectors.slice(0, 4) as [string, string, string][]) {
        const parsed = await parsePhrase(mnemonic);
        // Many Chinese phrases are valid in both the simplified and the traditional list; the
        // seed is the same either way, since BIP39 hashes the text itself.
        const expected = language.startsWith('chinese') ? ['chinese-simplified', 'chinese-traditional'] : [language];
        expect(expected, `${key}: ${mnemonic}`).toContain(parsed.language);
        expect(bytesToHex(await seedFromPhrase(nfkdBytes(parsed.phrase), nfkdBytes('TREZOR')))).toBe(`0x${seed}`);
      }
    }
  });
});

describe('BIP39 Japanese vectors (ideographic spaces, un-normalised passphrase)', () => {
  for (const vector of japaneseVectors) {
    it(`entropy ${vector.entropy.slice(0, 8)}…`, async () => {
      const parsed = await parsePhrase(vector.mnemonic);
      expect(parsed.language).toBe('japanese');
      expect(parsed.phrase).toBe(vector.mnemonic.normalize('NFKD'));
      const seed = await seedFromPhrase(nfkdBytes(parsed.phrase), nfkdBytes(vector.passphrase));
      expect(bytesToHex(seed)).toBe(`0x${vector.seed}`);
      expect(HDKey.fromMasterSeed(seed).privateExtendedKey).toBe(vector.bip32_xprv);
    });
  }
});
