// Arithmetic in GF(256) with the Rijndael polynomial x^8 + x^4 + x^3 + x + 1, as SLIP-0039 uses
// it, and Lagrange interpolation byte by byte. Share indices (the x values) are public, so their
// quotients come from log tables; share values are secret, so they are multiplied without tables
// or branches on their bits.
const EXP = new Uint8Array(255);
const LOG = new Uint8Array(256);
{
  let value = 1;
  for (let power = 0; power < 255; power++) {
    EXP[power] = value;
    LOG[value] = power;
    // Multiply by the generator 3: value·2 (reduced) xor value.
    value ^= ((value << 1) ^ (value & 0x80 ? 0x11b : 0)) & 0xff;
  }
}

/** a·b in time independent of the bits of either. */
function multiply(a: number, b: number): number {
  let result = 0;
  let factor = a;
  for (let bit = 0; bit < 8; bit++) {
    result ^= -((b >>> bit) & 1) & factor;
    factor = ((factor << 1) ^ (-(factor >>> 7) & 0x11b)) & 0xff;
  }
  return result;
}

export type Point = { x: number; y: Uint8Array };

/**
 * The values f(x) of the polynomials through the points, one polynomial per byte position. The
 * points' x values must be distinct and their y values of one length (the callers check both).
 */
export function interpolate(points: readonly Point[], x: number): Uint8Array {
  const length = points[0]?.y.length ?? 0;
  const known = points.find((p) => p.x === x);
  if (known) return known.y.slice();
  // The log of the product of (x_i − x) over all points; subtraction is xor in GF(256).
  let logProduct = 0;
  for (const p of points) logProduct += LOG[p.x ^ x] ?? 0;
  const result = new Uint8Array(length);
  for (const p of points) {
    let logBasis = logProduct - (LOG[p.x ^ x] ?? 0);
    for (const other of points) if (other !== p) logBasis -= LOG[p.x ^ other.x] ?? 0;
    const basis = EXP[((logBasis % 255) + 255) % 255] ?? 0;
    for (let i = 0; i < length; i++) result[i] = (result[i] ?? 0) ^ multiply(basis, p.y[i] ?? 0);
  }
  return result;
}
