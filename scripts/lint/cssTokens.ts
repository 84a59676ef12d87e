/**
 * The design-token rule for stylesheets: colours and pixel sizes are written only in
 * src/app/tokens.css; every other stylesheet uses its custom properties. Returns the lines that
 * break it, with what was found.
 */
export const TOKENS_FILE = 'src/app/tokens.css';

const STRAY: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /#[0-9a-fA-F]{3,8}\b/, what: 'a hex colour' },
  { pattern: /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/, what: 'a colour function' },
  { pattern: /(?<![\w-])\d*\.?\d+px\b/, what: 'a pixel size' },
  // Motion stays within the --duration-* tokens (≤ 150 ms, checked in tokens.test.ts); 0s is no motion.
  { pattern: /(?<![\w-])(?:\d*\.\d+|[1-9]\d*)m?s\b/, what: 'a duration' },
];

export function strayDesignValues(path: string, source: string): { line: number; what: string; text: string }[] {
  if (path === TOKENS_FILE) return [];
  const found: { line: number; what: string; text: string }[] = [];
  // Comments may name values; only declarations count.
  const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  withoutComments.split('\n').forEach((text, index) => {
    for (const { pattern, what } of STRAY) {
      if (pattern.test(text)) found.push({ line: index + 1, what, text: text.trim() });
    }
  });
  return found;
}
