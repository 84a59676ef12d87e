// The RS1024 checksum of SLIP-0039: a Reed-Solomon code over GF(1024) whose three check words end
// every share. It detects any error in up to three words. Its generator constants are the spec's.
const GENERATOR = [
  0xe0e040, 0x1c1c080, 0x3838100, 0x7070200, 0xe0e0009, 0x1c0c2412, 0x38086c24, 0x3090fc48, 0x21b1f890, 0x3f3f120,
] as const;

export const CHECKSUM_WORDS = 3;

/**
 * The customization string fed in before the words: it tells shares made with the extendable
 * backup flag from older ones, so a share cannot be read under the wrong rules.
 */
export function customization(extendable: boolean): number[] {
  return Array.from(extendable ? 'shamir_extendable' : 'shamir', (c) => c.charCodeAt(0));
}

function polymod(values: readonly number[]): number {
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 20;
    checksum = ((checksum & 0xfffff) << 10) ^ value;
    for (let i = 0; i < 10; i++) if ((top >>> i) & 1) checksum ^= GENERATOR[i] ?? 0;
  }
  return checksum;
}

/** The three checksum words (10-bit values) for a share's data words. */
export function createChecksum(data: readonly number[], extendable: boolean): number[] {
  const residue = polymod([...customization(extendable), ...data, 0, 0, 0]) ^ 1;
  return [20, 10, 0].map((shift) => (residue >>> shift) & 1023);
}

/** Whether the words of a whole share, checksum included, check out. */
export function verifyChecksum(words: readonly number[], extendable: boolean): boolean {
  return polymod([...customization(extendable), ...words]) === 1;
}
