import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MONOGRAM_TONES } from '@/core/assets/icons/monogram';

const css = readFileSync(new URL('./tokens.css', import.meta.url), 'utf8');

/** The custom properties of a `:root { … }` block. */
function properties(block: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [, name, value] of block.matchAll(/--([\w-]+):\s*([^;]+);/g))
    found[name as string] = (value as string).trim();
  return found;
}

const lightBlock = /^:root\s*{([^}]*)}/m.exec(css)?.[1] ?? '';
const darkBlock = /@media \(prefers-color-scheme: dark\)\s*{\s*:root\s*{([^}]*)}/.exec(css)?.[1] ?? '';
const light = properties(lightBlock);
// Dark mode overrides some tokens; the rest (such as the QR colours) stay as in light mode.
const dark = { ...light, ...properties(darkBlock) };

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((part) => {
    const c = Number.parseInt(part, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The discs of monograms (src/core/assets/icons/monogram.ts), each with a letter on it. */
const MONOGRAM_DISCS = Array.from({ length: MONOGRAM_TONES }, (_, i) => `color-monogram-${i + 1}`);

/** Text on its backgrounds: WCAG AA for normal text (4.5:1). */
const TEXT_PAIRS: [string, string][] = [
  ['color-text', 'color-bg'],
  ['color-text', 'color-surface'],
  ['color-text-muted', 'color-bg'],
  ['color-text-muted', 'color-surface'],
  ['color-accent', 'color-bg'],
  ['color-accent', 'color-surface'],
  ['color-accent-text', 'color-accent'],
  ['color-danger', 'color-surface'],
  ['color-danger', 'color-danger-bg'],
  ['color-warning', 'color-warning-bg'],
  ['color-ok', 'color-surface'],
  ['color-text', 'color-danger-bg'],
  ['color-text', 'color-warning-bg'],
  ['color-qr-text', 'color-qr-bg'],
  ...MONOGRAM_DISCS.map((tone): [string, string] => ['color-monogram-text', tone]),
];

/** Focus rings and input borders against what surrounds them: WCAG AA for non-text (3:1). */
const UI_PAIRS: [string, string][] = [
  ['color-focus', 'color-bg'],
  ['color-focus', 'color-surface'],
  ['color-border-strong', 'color-surface'],
  ['color-border-strong', 'color-bg'],
  // A monogram's disc stands out from the card or page it is on.
  ...MONOGRAM_DISCS.flatMap((tone): [string, string][] => [
    [tone, 'color-surface'],
    [tone, 'color-bg'],
  ]),
];

describe('design tokens', () => {
  it('are read from tokens.css for both themes', () => {
    expect(Object.keys(light).length).toBeGreaterThan(20);
    expect(Object.keys(properties(darkBlock)).length).toBeGreaterThan(10);
  });

  for (const [theme, tokens] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    it.each(TEXT_PAIRS)(`${theme}: --%s on --%s reaches 4.5:1`, (fg, bg) => {
      expect(contrast(tokens[fg] as string, tokens[bg] as string)).toBeGreaterThanOrEqual(4.5);
    });
    it.each(UI_PAIRS)(`${theme}: --%s against --%s reaches 3:1`, (fg, bg) => {
      expect(contrast(tokens[fg] as string, tokens[bg] as string)).toBeGreaterThanOrEqual(3);
    });
  }

  it('has a disc colour for every monogram tone, and no more', () => {
    expect(Object.keys(light).filter((name) => /^color-monogram-\d+$/.test(name))).toEqual(MONOGRAM_DISCS);
  });

  it('keeps every motion duration at 150 ms or less', () => {
    const durations = Object.entries(light).filter(([name]) => name.startsWith('duration-'));
    expect(durations.length).toBeGreaterThan(0);
    for (const [name, value] of durations) {
      const ms = value.endsWith('ms') ? Number.parseFloat(value) : Number.parseFloat(value) * 1000;
      expect(ms, `--${name}: ${value}`).toBeLessThanOrEqual(150);
    }
  });

  it('the contrast formula gives the WCAG reference values', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
