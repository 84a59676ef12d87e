// Shares of a BIP-39 recovery phrase, as Cairn makes them: the SLIP-0039 secret is the phrase's
// entropy, split with no SLIP-0039 passphrase of its own. The phrase's BIP-39 passphrase, if any,
// stays apart, as it is for the phrase. So any SLIP-0039 tool gives back the entropy, and BIP-39
// turns it into the same words. Nothing in the shares says they hold a phrase rather than a
// Trezor's master secret: the person says which (see RestoreKind).
import { entropyToMnemonic, mnemonicToEntropy } from '@scure/bip39';
import { ShareError } from '../../errors/shares';
import { msg } from '../../i18n/message';
import type { ParsedPhrase } from '../phrase';
import { loadWordlist, type PhraseLanguage } from '../wordlists';
import type { Share } from './share';
import { combineShares } from './slip39';

/**
 * What a set of shares restores: a BIP-39 phrase whose entropy Cairn split, or a SLIP-0039
 * wallet (a Trezor's, or any SLIP-0039 tool's) whose master secret is the BIP-32 seed.
 */
export type RestoreKind = 'phrase' | 'masterSecret';

/** The bytes of entropy a BIP-39 phrase of 12, 15, 18, 21 or 24 words holds. */
const PHRASE_ENTROPY_LENGTHS = [16, 20, 24, 28, 32];

/** The secret to split for a checked phrase (its entropy). The caller zero-fills it after splitting. */
export async function phraseEntropy(phrase: Pick<ParsedPhrase, 'phrase' | 'language'>): Promise<Uint8Array> {
  const list = await loadWordlist(phrase.language);
  return mnemonicToEntropy(phrase.phrase, list.words as string[]);
}

/**
 * The phrase behind shares of a phrase, in its language (the shares hold only its entropy, which
 * gives other words in each language).
 *
 * Throws what `combineShares` throws, and KEYS_SHARE_NOT_PHRASE when the secret has a length no
 * phrase has.
 */
export async function phraseFromShares(shares: readonly Share[], language: PhraseLanguage): Promise<ParsedPhrase> {
  const entropy = await combineShares(shares);
  try {
    if (!PHRASE_ENTROPY_LENGTHS.includes(entropy.length))
      throw new ShareError('KEYS_SHARE_NOT_PHRASE', msg('core.keys:share.notPhrase', { bytes: entropy.length }));
    const list = await loadWordlist(language);
    const words = entropyToMnemonic(entropy, list.words as string[])
      .normalize('NFKD')
      .split(/\s+/u);
    return { words, phrase: words.join(' '), language };
  } finally {
    entropy.fill(0);
  }
}
