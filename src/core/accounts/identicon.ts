import { keccak_256 } from '@noble/hashes/sha3';

/** A 5×5 mirrored pattern and two colours derived from an address: a quick visual check that
 * two addresses differ (never a substitute for reading the address). */
export type IdenticonShape = { cells: boolean[]; foreground: string; background: string };

export function identicon(address: string): IdenticonShape {
  const hash = keccak_256(new TextEncoder().encode(address.toLowerCase()));
  const byte = (i: number) => hash[i] ?? 0;
  const hue = Math.round((byte(0) * 360) / 256);
  const saturation = 45 + (byte(1) % 30);
  const foreground = `hsl(${hue} ${saturation}% 38%)`;
  const background = `hsl(${(hue + 180) % 360} ${saturation}% 88%)`;
  const cells: boolean[] = [];
  for (let row = 0; row < 5; row++) {
    const half = [0, 1, 2].map((col) => byte(2 + row * 3 + col) % 2 === 0);
    cells.push(half[0] === true, half[1] === true, half[2] === true, half[1] === true, half[0] === true);
  }
  return { cells, foreground, background };
}
