// Cairn's app icon: the mark (three stacked stones, drawn like the connector's EIP-6963 icon) in the
// light stone colour on the accent blue, inside the central circle a maskable icon must keep
// (the inner 80 %), so one drawing serves as both the plain and the maskable icon.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const APP_ICON_DIR = fileURLToPath(new URL('../../public/icons', import.meta.url));
export const APP_ICON_SIZES = [192, 512] as const;
export const appIconFile = (size: number | 'svg') =>
  join(APP_ICON_DIR, size === 'svg' ? 'cairn.svg' : `cairn-${size}.png`);

type Stone = { cx: number; cy: number; rx: number; ry: number };

export const CAIRN_MARK = {
  background: [0x1f, 0x5f, 0x8b],
  stone: [0xf2, 0xed, 0xe4],
  /** On an 8×8 grid, centred and within a radius of 3.2 (the maskable safe zone). */
  stones: [
    { cx: 4, cy: 5.55, rx: 2.3, ry: 0.8 },
    { cx: 4, cy: 4.0, rx: 1.65, ry: 0.66 },
    { cx: 4, cy: 2.65, rx: 1.0, ry: 0.53 },
  ] satisfies Stone[],
};

const hex = (rgb: number[]) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

export function iconSvg(): string {
  const stones = CAIRN_MARK.stones
    .map(({ cx, cy, rx, ry }) => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><title>Cairn</title><rect width="8" height="8" fill="${hex(CAIRN_MARK.background)}"/><g fill="${hex(CAIRN_MARK.stone)}">${stones}</g></svg>\n`;
}
