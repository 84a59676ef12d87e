import { describe, expect, it } from 'vitest';
import { strayDesignValues, TOKENS_FILE } from './cssTokens';

describe('the design-token rule for stylesheets', () => {
  it('finds hex colours, colour functions and pixel sizes outside the tokens file', () => {
    const css = ['.a {', '  color: #3d4047;', '  background: rgb(0 0 0 / 20%);', '  border: 1px solid red;', '}'].join(
      '\n',
    );
    expect(strayDesignValues('src/features/x/x.module.css', css)).toEqual([
      { line: 2, what: 'a hex colour', text: 'color: #3d4047;' },
      { line: 3, what: 'a colour function', text: 'background: rgb(0 0 0 / 20%);' },
      { line: 4, what: 'a pixel size', text: 'border: 1px solid red;' },
    ]);
  });

  it('accepts tokens, rem sizes, comments naming values, and the tokens file itself', () => {
    const css =
      '.a {\n  /* was 2px, #fff */\n  border: var(--border-thin) solid var(--color-border);\n  gap: 0.5rem;\n}';
    expect(strayDesignValues('src/features/x/x.module.css', css)).toEqual([]);
    expect(strayDesignValues(TOKENS_FILE, ':root { --hairline: 1px; --color-bg: #f7f7f5; }')).toEqual([]);
  });

  it('finds durations outside the motion tokens, and lets 0s (no motion) through', () => {
    const css =
      '.a {\n  transition: opacity 200ms;\n  animation: x 0.3s;\n  transition-duration: 0s;\n  transition: opacity var(--duration-fast);\n}';
    expect(strayDesignValues('src/features/x/x.module.css', css)).toEqual([
      { line: 2, what: 'a duration', text: 'transition: opacity 200ms;' },
      { line: 3, what: 'a duration', text: 'animation: x 0.3s;' },
    ]);
  });
});
