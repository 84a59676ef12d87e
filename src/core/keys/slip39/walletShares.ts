// A new wallet made as shares, as a Trezor makes a Shamir backup: a fresh random master secret
// (128 or 256 bits) that is itself the wallet's BIP-32 seed, encrypted with the optional
// passphrase and split into SLIP-0039 shares. Its shares restore the same accounts on a Trezor and
// in any SLIP-0039 wallet, with the same passphrase. (A phrase's shares are phraseSplit.ts's.)
import type { ShareScheme } from './phraseSplit';
import { platformRandom, type RandomBytes } from './shamir';
import { shareIdentifier } from './share';
import { splitMasterSecret } from './slip39';

/** The master secret's length in bytes: 16 (128 bits, 20-word shares) or 32 (256 bits, 33 words). */
export type MasterSecretLength = 16 | 32;

/**
 * A wallet just made: its master secret (the BIP-32 seed; the caller zero-fills it), the set's
 * identifier, and its shares, one list of mnemonics per group.
 */
export type WalletShares = { masterSecret: Uint8Array; identifier: number; shares: string[][] };

/**
 * Makes a fresh master secret of `length` bytes and splits it as `scheme` says, encrypted with
 * `passphrase` (printable ASCII; empty for none). The shares are extendable and use the reference
 * implementation's iteration count, as current Trezor firmware makes them.
 *
 * Throws KEYS_SHARE_PASSPHRASE for a passphrase that is not printable ASCII, and a RangeError for
 * a scheme SLIP-0039 does not allow.
 */
export async function newWalletShares(
  length: MasterSecretLength,
  passphrase: string,
  scheme: ShareScheme,
  random: RandomBytes = platformRandom,
): Promise<WalletShares> {
  const masterSecret = random(length);
  try {
    const shares = await splitMasterSecret({
      masterSecret,
      passphrase,
      groupThreshold: scheme.groupThreshold,
      groups: scheme.groups,
      random,
    });
    return { masterSecret, identifier: shareIdentifier(shares[0]?.[0] ?? ''), shares };
  } catch (error) {
    masterSecret.fill(0);
    throw error;
  }
}
