// QR codes as pictures, both ways: the text of a code Cairn draws (read from a screenshot, as a
// camera would), and a PNG "photo" of a code for Cairn's image input.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import type { Locator } from 'playwright-core';
import { PNG } from 'pngjs';
import { encode } from 'uqr';

/** The text encoded in the QR code drawn in `image`. */
export async function qrText(image: Locator): Promise<string | undefined> {
  const png = PNG.sync.read(await image.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

const MODULE_PIXELS = 4;
let pictures: string | undefined;

/** A PNG file of `text` as a QR code, dark on light with a quiet zone, as a photo would show it. */
export function qrPicture(text: string, name: string): string {
  const { data, size } = encode(text, { ecc: 'M', border: 4 });
  const side = size * MODULE_PIXELS;
  const png = new PNG({ width: side, height: side });
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const dark = data[Math.floor(y / MODULE_PIXELS)]?.[Math.floor(x / MODULE_PIXELS)] === true;
      const at = (y * side + x) * 4;
      png.data.fill(dark ? 0 : 255, at, at + 3);
      png.data[at + 3] = 255;
    }
  }
  pictures ??= mkdtempSync(join(tmpdir(), 'cairn-qr-'));
  const path = join(pictures, `${name}.png`);
  writeFileSync(path, PNG.sync.write(png));
  return path;
}
