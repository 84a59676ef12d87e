import { sha256 } from '@noble/hashes/sha2';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ShareError, ShareTooFewError } from '@/core/errors/shares';
import { hexOf } from '../../bytes';
import { recoverEncryptedSecret } from './recovery';
import { type RandomBytes, recoverSecret, splitSecret } from './shamir';
import { parseShare } from './share';
import { combineMnemonics, type GroupScheme, splitMasterSecret } from './slip39';

/** A deterministic byte stream from a seed (SHA-256 in counter mode), for reproducible splits. */
function seededRandom(seed: number): RandomBytes {
  let counter = 0;
  return (length) => {
    const out = new Uint8Array(length);
    for (let at = 0; at < length; at += 32) {
      const block = sha256(new TextEncoder().encode(`${seed}:${counter++}`));
      out.set(block.subarray(0, Math.min(32, length - at)), at);
    }
    return out;
  };
}

/** `count` of `items`, chosen and ordered by `order` (a permutation key per item). */
function pick<T>(items: readonly T[], count: number, order: readonly number[]): T[] {
  return items
    .map((item, i) => ({ item, key: order[i % order.length] ?? i }))
    .sort((a, b) => a.key - b.key)
    .slice(0, count)
    .map(({ item }) => item);
}

const secretArb = fc.oneof(
  fc.uint8Array({ minLength: 16, maxLength: 16 }),
  fc.uint8Array({ minLength: 32, maxLength: 32 }),
);
const orderArb = fc.array(fc.integer(), { minLength: 16, maxLength: 16 });
const passphraseArb = fc.string({ unit: fc.constantFrom(...'abcXYZ 0~!'.split('')), maxLength: 8 });
/** One group's threshold and count, as SLIP-0039 allows them (threshold 1 only alone). */
const groupArb = fc
  .integer({ min: 1, max: 6 })
  .chain((count) =>
    fc.record({ threshold: fc.integer({ min: count === 1 ? 1 : 2, max: count }), count: fc.constant(count) }),
  );

describe('SLIP-0039 splits and restores (property)', () => {
  it('any k of n shares restore the secret; k − 1 are refused with one more needed', async () => {
    await fc.assert(
      fc.asyncProperty(
        secretArb,
        fc.integer({ min: 2, max: 5 }).chain((n) => fc.tuple(fc.integer({ min: 2, max: n }), fc.constant(n))),
        orderArb,
        passphraseArb,
        fc.boolean(),
        fc.integer(),
        async (secret, [k, n], order, passphrase, extendable, seed) => {
          const [shares = []] = await splitMasterSecret({
            masterSecret: secret,
            passphrase,
            groupThreshold: 1,
            groups: [{ threshold: k, count: n }],
            iterationExponent: 0,
            extendable,
            random: seededRandom(seed),
          });
          expect(shares).toHaveLength(n);
          expect(parseShare(shares[0] ?? '').extendable).toBe(extendable);
          const chosen = pick(shares, k, order);
          expect(hexOf(await combineMnemonics(chosen, passphrase))).toBe(hexOf(secret));
          const fewer = await combineMnemonics(chosen.slice(1), passphrase).catch((e: unknown) => e);
          expect(fewer).toBeInstanceOf(ShareTooFewError);
          expect((fewer as ShareTooFewError).needed.groups[0]?.missing).toBe(1);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('in groups: any threshold of groups, each with its threshold of shares, restores the secret', async () => {
    await fc.assert(
      fc.asyncProperty(
        secretArb,
        fc
          .array(groupArb, { minLength: 1, maxLength: 4 })
          .chain((groups) => fc.tuple(fc.constant(groups), fc.integer({ min: 1, max: groups.length }))),
        orderArb,
        fc.boolean(),
        fc.integer(),
        async (secret, [groups, groupThreshold], order, extendable, seed) => {
          const sets = await splitMasterSecret({
            masterSecret: secret,
            groupThreshold,
            groups,
            iterationExponent: 0,
            extendable,
            random: seededRandom(seed),
          });
          expect(sets.map((s) => s.length)).toEqual(groups.map((g) => g.count));
          const chosenGroups = pick(
            sets.map((shares, i) => ({ shares, scheme: groups[i] as GroupScheme })),
            groupThreshold,
            order,
          );
          const chosen = chosenGroups.map(({ shares, scheme }) => pick(shares, scheme.threshold, order.slice(3)));
          // A share of a group left out does no harm.
          const unused = sets.find((s) => !chosenGroups.some((g) => g.shares === s))?.[0];
          const given = [...chosen.flat(), ...(unused ? [unused] : [])];
          expect(hexOf(await combineMnemonics(pick(given, given.length, order), ''))).toBe(hexOf(secret));
          // One share fewer in one of the chosen groups leaves a group missing.
          const short = chosen.flatMap((shares, i) => (i === 0 ? shares.slice(1) : shares));
          const refused = await combineMnemonics(short, '').catch((e: unknown) => e);
          expect(refused).toBeInstanceOf(ShareTooFewError);
          expect((refused as ShareTooFewError).needed.groupsMissing).toBe(1);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('never takes fewer than the threshold for a valid secret: the digest refuses them', () => {
    fc.assert(
      fc.property(
        secretArb,
        fc.integer({ min: 3, max: 8 }).chain((n) => fc.tuple(fc.integer({ min: 3, max: n }), fc.constant(n))),
        orderArb,
        fc.integer(),
        (secret, [k, n], order, seed) => {
          const random = seededRandom(seed);
          const points = splitSecret(k, n, secret, random).map((y, x) => ({ x, y }));
          const chosen = pick(points, k, order);
          expect(hexOf(recoverSecret(k, chosen))).toBe(hexOf(secret));
          // Interpolating with one point too few (as if the threshold were k − 1) gives no secret.
          expect(() => recoverSecret(k - 1, chosen.slice(1))).toThrow(ShareError);
          // Nor does a point of another split of the same secret in place of one.
          const stranger = splitSecret(k, n, secret, random)[chosen[0]?.x ?? 0] ?? new Uint8Array();
          const mixed = [{ x: chosen[0]?.x ?? 0, y: stranger }, ...chosen.slice(1)];
          expect(() => recoverSecret(k, mixed)).toThrow(expect.objectContaining({ code: 'KEYS_SHARE_DIGEST' }));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the extendable backup flag', () => {
  const masterSecret = new Uint8Array(16).fill(7);
  const split = (extendable: boolean, seed: number) =>
    splitMasterSecret({
      masterSecret,
      passphrase: 'TREZOR',
      groupThreshold: 1,
      groups: [{ threshold: 2, count: 3 }],
      extendable,
      random: seededRandom(seed),
    });
  const encryptedOf = (mnemonics: string[]) => hexOf(recoverEncryptedSecret(mnemonics.map(parseShare)).encrypted);

  it('with it, two sets of one secret share one encrypted secret; without it, each set has its own', async () => {
    const [a = [], b = []] = [(await split(true, 1))[0], (await split(true, 2))[0]];
    expect(parseShare(a[0] ?? '').identifier).not.toBe(parseShare(b[0] ?? '').identifier);
    expect(encryptedOf(a.slice(0, 2))).toBe(encryptedOf(b.slice(1)));
    const [c = [], d = []] = [(await split(false, 1))[0], (await split(false, 2))[0]];
    expect(encryptedOf(c.slice(0, 2))).not.toBe(encryptedOf(d.slice(1)));
    for (const set of [a, b, c, d])
      expect(hexOf(await combineMnemonics(set.slice(0, 2), 'TREZOR'))).toBe(hexOf(masterSecret));
  });

  it('makes the same shares from the same randomness', async () => {
    expect(await split(true, 5)).toEqual(await split(true, 5));
    expect(await split(true, 5)).not.toEqual(await split(true, 6));
  });
});
