// Shares of a BIP-39 recovery phrase, as Cairn hands them to guardians: the SLIP-0039 secret is
// the phrase's entropy (16 to 32 bytes, as SLIP-0039 allows), split with no SLIP-0039 passphrase.
// A passphrase of the shares' own would be one more thing every guardian, or the person, must
// keep apart and type back; the phrase's BIP-39 passphrase, if any, already plays that part and
// stays out of the shares. So any SLIP-0039 tool gives back the entropy, and BIP-39 (in the
// phrase's language) turns it into the same words.
import type { PhraseLanguage } from '../wordlists';
import { shareIdentifier } from './share';
import { phraseEntropy } from './sharedPhrase';
import { type GroupScheme, type SplitOptions, splitMasterSecret } from './slip39';

/** How many groups are needed, and each group's threshold and share count. */
export type ShareScheme = { groupThreshold: number; groups: readonly GroupScheme[] };

/** The scheme offered first: any 2 of 3 shares, one group. */
export const DEFAULT_SHARE_SCHEME: ShareScheme = { groupThreshold: 1, groups: [{ threshold: 2, count: 3 }] };

/** The shares of one split, one list of mnemonics per group, and the identifier they all carry. */
export type PhraseShares = { identifier: number; shares: string[][] };

/**
 * Splits a phrase (its NFKD UTF-8 bytes, in `language`) into SLIP-0039 shares of its entropy.
 * Throws a RangeError for a scheme SLIP-0039 does not allow, and what @scure/bip39 throws for a
 * phrase that is not BIP-39 (a vault's phrase always is).
 */
export async function splitPhrase(
  phrase: Uint8Array,
  language: PhraseLanguage,
  scheme: ShareScheme,
  random?: SplitOptions['random'],
): Promise<PhraseShares> {
  const entropy = await phraseEntropy({ phrase: new TextDecoder().decode(phrase), language });
  try {
    const shares = await splitMasterSecret({
      masterSecret: entropy,
      groupThreshold: scheme.groupThreshold,
      groups: scheme.groups,
      ...(random ? { random } : {}),
    });
    return { identifier: shareIdentifier(shares[0]?.[0] ?? ''), shares };
  } finally {
    entropy.fill(0);
  }
}
