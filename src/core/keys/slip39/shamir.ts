// Shamir's secret sharing as SLIP-0039 does it: the secret at x = 255 and, from a threshold of 2,
// a digest of it at x = 254, so a set of shares that does not belong together is caught (the
// digest is an HMAC keyed by random bytes, so it tells an attacker nothing about the secret).
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { equalBytes } from '../../bytes';
import { ShareError } from '../../errors/shares';
import { msg } from '../../i18n/message';
import { interpolate, type Point } from './gf256';

const SECRET_INDEX = 255;
const DIGEST_INDEX = 254;
const DIGEST_LENGTH = 4;

/** `length` random bytes; injected so tests can be deterministic. */
export type RandomBytes = (length: number) => Uint8Array;

/** The platform's CSPRNG, the source of every split but a test's. */
export const platformRandom: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));

function digestOf(random: Uint8Array, secret: Uint8Array): Uint8Array {
  return hmac(sha256, random, secret).subarray(0, DIGEST_LENGTH);
}

/**
 * `count` shares of `secret` (for x = 0 … count − 1), any `threshold` of which restore it. The
 * caller has checked 1 ≤ threshold ≤ count ≤ 16 and the secret's length.
 */
export function splitSecret(threshold: number, count: number, secret: Uint8Array, random: RandomBytes): Uint8Array[] {
  if (threshold === 1) return Array.from({ length: count }, () => secret.slice());
  const randomPart = random(secret.length - DIGEST_LENGTH);
  const digest = new Uint8Array(secret.length);
  digest.set(digestOf(randomPart, secret));
  digest.set(randomPart, DIGEST_LENGTH);
  // threshold − 2 shares are chosen at random; with the digest and the secret they fix the polynomials.
  const chosen: Point[] = Array.from({ length: threshold - 2 }, (_, x) => ({ x, y: random(secret.length) }));
  const points = [...chosen, { x: DIGEST_INDEX, y: digest }, { x: SECRET_INDEX, y: secret }];
  const shares = Array.from({ length: count }, (_, x) => interpolate(points, x));
  for (const { y } of chosen) y.fill(0);
  digest.fill(0);
  randomPart.fill(0);
  return shares;
}

/**
 * The secret behind `threshold` shares (distinct x, values of one length: the caller checks).
 * Throws KEYS_SHARE_DIGEST when the digest does not match: the shares do not belong together.
 */
export function recoverSecret(threshold: number, points: readonly Point[]): Uint8Array {
  if (threshold === 1) return (points[0]?.y ?? new Uint8Array()).slice();
  const secret = interpolate(points, SECRET_INDEX);
  const digest = interpolate(points, DIGEST_INDEX);
  const valid = equalBytes(digestOf(digest.subarray(DIGEST_LENGTH), secret), digest.subarray(0, DIGEST_LENGTH));
  digest.fill(0);
  if (!valid) {
    secret.fill(0);
    throw new ShareError('KEYS_SHARE_DIGEST', msg('core.keys:share.digest'));
  }
  return secret;
}
