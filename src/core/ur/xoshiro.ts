// Xoshiro256** seeded by SHA-256, as Uniform Resources' fountain codes use it (BCR-2020-005) to
// pick which fragments each part mixes: the sender and the receiver draw the same numbers from the
// same seed. Not for secrets.
import { sha256 } from '@noble/hashes/sha2';

const MASK = (1n << 64n) - 1n;
const TWO_64 = 2 ** 64;
const rotl = (x: bigint, k: bigint) => ((x << k) | (x >> (64n - k))) & MASK;

export class Xoshiro256 {
  private s: [bigint, bigint, bigint, bigint];

  /** Seeded with the SHA-256 of `seed`, read as four big-endian 64-bit words. */
  constructor(seed: Uint8Array) {
    const hash = sha256(seed);
    const digest = new DataView(hash.buffer, hash.byteOffset, 32);
    this.s = [0, 1, 2, 3].map((i) => digest.getBigUint64(i * 8)) as [bigint, bigint, bigint, bigint];
  }

  next(): bigint {
    const [s0, s1, s2, s3] = this.s;
    const result = (rotl((s1 * 5n) & MASK, 7n) * 9n) & MASK;
    const t = (s1 << 17n) & MASK;
    const n2 = s2 ^ s0;
    const n3 = s3 ^ s1;
    this.s = [s0 ^ n3, s1 ^ n2, n2 ^ t, rotl(n3, 45n)];
    return result;
  }

  /** A number in [0, 1). */
  nextDouble(): number {
    return Number(this.next()) / TWO_64;
  }

  /** An integer in [low, high]. */
  nextInt(low: number, high: number): number {
    return Math.floor(this.nextDouble() * (high - low + 1)) + low;
  }

  nextData(count: number): Uint8Array {
    return Uint8Array.from({ length: count }, () => this.nextInt(0, 255));
  }
}

/**
 * Draws an index with the given weights in O(1) per draw (Vose's alias method), consuming two
 * numbers per draw exactly as the reference implementation does, so both ends agree.
 */
export function weightedSampler(weights: readonly number[]): (random: () => number) => number {
  const n = weights.length;
  const sum = weights.reduce((a, b) => a + b, 0);
  const scaled = weights.map((w) => (w * n) / sum);
  const small: number[] = [];
  const large: number[] = [];
  for (let i = n - 1; i >= 0; i--) ((scaled[i] as number) < 1 ? small : large).push(i);
  const probabilities = new Array<number>(n).fill(0);
  const aliases = new Array<number>(n).fill(0);
  while (small.length > 0 && large.length > 0) {
    const a = small.pop() as number;
    const g = large.pop() as number;
    probabilities[a] = scaled[a] as number;
    aliases[a] = g;
    scaled[g] = (scaled[g] as number) + (scaled[a] as number) - 1;
    ((scaled[g] as number) < 1 ? small : large).push(g);
  }
  for (const i of large) probabilities[i] = 1;
  for (const i of small) probabilities[i] = 1;
  return (random) => {
    const r1 = random();
    const r2 = random();
    const i = Math.floor(n * r1);
    return r2 < (probabilities[i] as number) ? i : (aliases[i] as number);
  };
}
