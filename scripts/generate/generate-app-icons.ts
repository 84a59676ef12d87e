// `npm run generate:app-icons`: draws Cairn's app icons (its mark, three stacked stones, on the
// accent colour) into public/icons as PNG at the sizes the web app manifest lists, and as SVG for
// the page's favicon. Run it after changing the mark; commit what it writes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { APP_ICON_DIR, APP_ICON_SIZES, appIconFile, CAIRN_MARK, iconSvg } from './appIcons.ts';

/** Coverage of one pixel by the mark, from 4×4 samples (a smooth edge without a rasteriser). */
function coverage(x: number, y: number, size: number): number {
  let inside = 0;
  for (let i = 0; i < 4; i++)
    for (let j = 0; j < 4; j++) {
      // The mark is drawn on an 8×8 grid, like its SVG.
      const u = ((x + (i + 0.5) / 4) / size) * 8;
      const v = ((y + (j + 0.5) / 4) / size) * 8;
      if (CAIRN_MARK.stones.some(({ cx, cy, rx, ry }) => ((u - cx) / rx) ** 2 + ((v - cy) / ry) ** 2 <= 1)) inside++;
    }
  return inside / 16;
}

function drawPng(size: number): Buffer {
  const png = new PNG({ width: size, height: size });
  const [back, stone] = [CAIRN_MARK.background, CAIRN_MARK.stone];
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const a = coverage(x, y, size);
      const offset = (y * size + x) * 4;
      for (let c = 0; c < 3; c++) png.data[offset + c] = Math.round((back[c] ?? 0) * (1 - a) + (stone[c] ?? 0) * a);
      png.data[offset + 3] = 255;
    }
  return PNG.sync.write(png, { colorType: 2 });
}

mkdirSync(APP_ICON_DIR, { recursive: true });
for (const size of APP_ICON_SIZES) writeFileSync(appIconFile(size), drawPng(size));
writeFileSync(appIconFile('svg'), iconSvg());
console.log(`Wrote ${APP_ICON_SIZES.map((s) => `${s}×${s}`).join(', ')} PNG and an SVG to ${APP_ICON_DIR}`);
