// SLIP-0039 (https://github.com/satoshilabs/slips/blob/master/slip-0039.md): a master secret split
// into word shares, in groups, any threshold of which restore it, as Trezor's Shamir backups do.
// The master secret is the wallet's BIP-32 seed, as on a Trezor: give it to hd.ts's derivations.
import { ShareError } from '../../errors/shares';
import { msg } from '../../i18n/message';
import { decryptMasterSecret, encryptMasterSecret } from './cipher';
import { recoverEncryptedSecret } from './recovery';
import { platformRandom, type RandomBytes, splitSecret } from './shamir';
import { parseShare, type Share, shareToMnemonic } from './share';

const MAX_SHARES = 16;
/** The reference implementation's default: 20,000 PBKDF2 iterations for the passphrase. */
export const DEFAULT_ITERATION_EXPONENT = 1;

export type GroupScheme = {
  /** Shares of the group needed to restore its part. */
  threshold: number;
  /** Shares made for the group. */
  count: number;
};

export type SplitOptions = {
  /** 16 to 32 bytes or more, of even length. Not changed. */
  masterSecret: Uint8Array;
  /** Printable ASCII only, so every SLIP-0039 tool can take it (default: none). */
  passphrase?: string;
  /** Groups needed to restore the secret. */
  groupThreshold: number;
  groups: readonly GroupScheme[];
  /** 0 to 15; PBKDF2 runs 10000·2^e iterations (default 1). */
  iterationExponent?: number;
  /** Whether more sets of shares can later be made for the same secret (default true, as the spec advises). */
  extendable?: boolean;
  /** Source of randomness (default: the platform's CSPRNG). */
  random?: RandomBytes;
};

function isPrintableAscii(text: string): boolean {
  return /^[\x20-\x7e]*$/.test(text);
}

/** Why the scheme cannot be made, for the caller (the UI only offers schemes that can). */
function schemeProblem({ masterSecret, groupThreshold, groups, iterationExponent = 1 }: SplitOptions) {
  if (masterSecret.length < 16 || masterSecret.length % 2 !== 0)
    return 'the master secret must have at least 16 bytes, an even number of them';
  if (groups.length < 1 || groups.length > MAX_SHARES) return `there must be 1 to ${MAX_SHARES} groups`;
  if (!Number.isInteger(groupThreshold) || groupThreshold < 1 || groupThreshold > groups.length)
    return 'the group threshold must be between 1 and the number of groups';
  for (const { threshold, count } of groups) {
    if (!Number.isInteger(threshold) || !Number.isInteger(count) || threshold < 1 || count > MAX_SHARES)
      return `a group needs a threshold of at least 1 and at most ${MAX_SHARES} shares`;
    if (threshold > count) return 'a group threshold cannot exceed its share count';
    // The spec forbids it: those shares would differ only in their member index.
    if (threshold === 1 && count > 1) return 'a group with threshold 1 must have a single share';
  }
  if (!Number.isInteger(iterationExponent) || iterationExponent < 0 || iterationExponent > 15)
    return 'the iteration exponent must be 0 to 15';
  return undefined;
}

/**
 * Splits a master secret into share mnemonics, one list per group, in group order.
 *
 * Throws KEYS_SHARE_PASSPHRASE for a passphrase that is not printable ASCII, and a RangeError for a
 * scheme SLIP-0039 does not allow (the caller's mistake, not the person's).
 */
export async function splitMasterSecret(options: SplitOptions): Promise<string[][]> {
  const problem = schemeProblem(options);
  if (problem) throw new RangeError(`SLIP-0039 split: ${problem}`);
  const { passphrase = '', iterationExponent = DEFAULT_ITERATION_EXPONENT, extendable = true } = options;
  const random = options.random ?? platformRandom;
  if (!isPrintableAscii(passphrase)) throw new ShareError('KEYS_SHARE_PASSPHRASE', msg('core.keys:share.passphrase'));
  const idBytes = random(2);
  const identifier = (((idBytes[0] ?? 0) << 8) | (idBytes[1] ?? 0)) & 0x7fff;
  const passphraseBytes = new TextEncoder().encode(passphrase);
  const encrypted = await encryptMasterSecret(options.masterSecret, {
    passphrase: passphraseBytes,
    iterationExponent,
    identifier,
    extendable,
  }).finally(() => passphraseBytes.fill(0));
  const groupSecrets = splitSecret(options.groupThreshold, options.groups.length, encrypted, random);
  encrypted.fill(0);
  const common = { identifier, extendable, iterationExponent, groupThreshold: options.groupThreshold };
  return options.groups.map(({ threshold, count }, groupIndex) => {
    const groupSecret = groupSecrets[groupIndex] ?? new Uint8Array();
    const values = splitSecret(threshold, count, groupSecret, random);
    groupSecret.fill(0);
    return values.map((value, memberIndex) => {
      const share: Share = {
        ...common,
        groupIndex,
        groupCount: options.groups.length,
        memberIndex,
        memberThreshold: threshold,
        value,
      };
      const mnemonic = shareToMnemonic(share);
      value.fill(0);
      return mnemonic;
    });
  });
}

/**
 * The master secret behind shares that belong together, decrypted with `passphrase` (default:
 * none; its UTF-8 bytes as typed, though shares are only made with ASCII ones). Any passphrase
 * gives a master secret: a wrong one gives another, empty wallet, and nothing can tell.
 *
 * Throws what `recoverEncryptedSecret` throws.
 */
export async function combineShares(shares: readonly Share[], passphrase = ''): Promise<Uint8Array> {
  const { encrypted, ...parameters } = recoverEncryptedSecret(shares);
  const passphraseBytes = new TextEncoder().encode(passphrase);
  try {
    return await decryptMasterSecret(encrypted, { ...parameters, passphrase: passphraseBytes });
  } finally {
    encrypted.fill(0);
    passphraseBytes.fill(0);
  }
}

/**
 * The master secret behind share mnemonics (see `combineShares`).
 *
 * Throws what `parseShare` throws for the first share that does not read, then KEYS_SHARE_OTHER_SET,
 * KEYS_SHARE_REPEATED, KEYS_SHARE_TOO_FEW or KEYS_SHARE_DIGEST.
 */
export async function combineMnemonics(mnemonics: readonly string[], passphrase = ''): Promise<Uint8Array> {
  return combineShares(mnemonics.map(parseShare), passphrase);
}
