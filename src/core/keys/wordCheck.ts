// Checking that a person wrote words down: a few positions chosen at random, typed back.
import { sameWord } from '../text/sameWord';

/** A source of uniformly random 32-bit numbers (the platform's CSPRNG unless a test gives one). */
export type RandomUint32 = () => number;

const platformUint32: RandomUint32 = () => crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;

/**
 * `picks` distinct positions (0-based, ascending) among `wordCount` words, chosen without bias:
 * numbers in the uneven tail of the 32-bit range are drawn again.
 */
export function pickWordPositions(wordCount: number, picks = 3, random: RandomUint32 = platformUint32): number[] {
  if (!Number.isInteger(wordCount) || wordCount < picks) throw new RangeError('fewer words than positions to pick');
  const limit = 2 ** 32 - (2 ** 32 % wordCount);
  const chosen = new Set<number>();
  while (chosen.size < picks) {
    const n = random();
    if (n < limit) chosen.add(n % wordCount);
  }
  return [...chosen].sort((a, b) => a - b);
}

/**
 * The position (1-based, as the person counts) of the first answer that is not the word at its
 * position, or undefined when every answer is right. Answers are compared trimmed, case aside.
 */
export function firstWrongWord(
  words: readonly string[],
  positions: readonly number[],
  answers: readonly string[],
): number | undefined {
  const wrong = positions.findIndex((p, k) => !sameWord((answers[k] ?? '').trim(), words[p]));
  return wrong === -1 ? undefined : (positions[wrong] ?? 0) + 1;
}
