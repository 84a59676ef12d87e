import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NETWORK_ICON_NAMES, NETWORK_ICONS } from '../../src/core/assets/icons/networkIcons.generated.ts';
import {
  LISTED_TOKEN_ICONS,
  LISTED_WITHOUT_ICON,
  NATIVE_COIN_ICONS,
  TOKEN_ICON_NAMES,
} from '../../src/core/assets/icons/tokenIcons.generated.ts';
import { presetChains } from '../../src/core/chain/presetChains.generated.ts';
import { NATIVE_COINS } from './assetIconChoices.ts';
import { ICON_FILES_DIR, iconPlan, packageSvg, packageVersion, root, unsafeSvgReason } from './assetIcons.ts';

const plan = iconPlan();
const LOCAL_CHAIN_SVG = join(root, 'src/components/assetIcons/local-chain.svg');

describe('bundled icons (run `npm run generate:icons` after changing a token list or upgrading @web3icons/core)', () => {
  it('the committed mapping is the one the lists, the package and the choices give', () => {
    expect(LISTED_TOKEN_ICONS).toEqual(
      Object.fromEntries(plan.tokens.flatMap((t) => (t.icon ? [[t.key, t.icon]] : []))),
    );
    expect(LISTED_WITHOUT_ICON).toEqual(plan.tokens.filter((t) => t.icon === null).map((t) => t.key));
    expect(NATIVE_COIN_ICONS).toEqual(plan.natives);
    expect(NETWORK_ICONS).toEqual(plan.networks);
    expect([...TOKEN_ICON_NAMES, ...NETWORK_ICON_NAMES].filter((n) => n !== 'local-chain').sort()).toEqual([
      ...plan.files.keys(),
    ]);
  });

  it('ships exactly the icons the lists and networks use, unchanged from the package, with its licence', async () => {
    const files = readdirSync(ICON_FILES_DIR).sort();
    expect(files).toEqual([...[...plan.files.keys()].map((name) => `${name}.svg`), 'LICENSE.md'].sort());
    expect(plan.files.size).toBe(24);
    for (const [name, source] of plan.files) {
      expect(readFileSync(join(ICON_FILES_DIR, `${name}.svg`), 'utf8'), name).toBe(await packageSvg(source));
    }
    const licence = readFileSync(join(ICON_FILES_DIR, 'LICENSE.md'), 'utf8');
    expect(licence).toContain(`@web3icons/core\`](https://github.com/0xa3k5/web3icons) ${packageVersion()}`);
    expect(licence).toContain('MIT License\n\nCopyright (c) 2024 0xa3k5');
    expect(licence).toContain('The above copyright notice and this permission notice shall be included in all');
  });

  it('every shipped SVG, Cairn’s own included, is self-contained and runs nothing', () => {
    const svgs = [
      ...readdirSync(ICON_FILES_DIR)
        .filter((f) => f.endsWith('.svg'))
        .map((f) => join(ICON_FILES_DIR, f)),
    ];
    for (const file of [...svgs, LOCAL_CHAIN_SVG])
      expect(unsafeSvgReason(readFileSync(file, 'utf8')), file).toBeUndefined();
  });

  it('refuses SVGs that could run or fetch something', () => {
    const svg = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg">${inner}</svg>`;
    expect(unsafeSvgReason(svg('<path fill="url(#a)" d="M0 0"/>'))).toBeUndefined();
    expect(unsafeSvgReason(svg('<script>alert(1)</script>'))).toBeDefined();
    expect(unsafeSvgReason(svg('<path onload="alert(1)"/>'))).toBeDefined();
    expect(unsafeSvgReason(svg('<use href="https://example.com/x.svg#a"/>'))).toBeDefined();
    expect(unsafeSvgReason(svg('<a xlink:href="javascript:alert(1)"/>'))).toBeDefined();
    expect(unsafeSvgReason(svg('<path fill="url(https://example.com/p)"/>'))).toBeDefined();
    expect(unsafeSvgReason(svg('<foreignObject><div/></foreignObject>'))).toBeDefined();
    expect(unsafeSvgReason(svg('<style>@import url(x.css)</style>'))).toBeDefined();
    expect(unsafeSvgReason('<html><svg/></html>')).toBeDefined();
  });

  it('names each preset’s native coin as the presets do, so a renamed coin gets its icon looked at', () => {
    for (const preset of presetChains)
      expect(NATIVE_COINS[preset.chainId]?.symbol, preset.name).toBe(preset.nativeCurrency.symbol);
  });
});
