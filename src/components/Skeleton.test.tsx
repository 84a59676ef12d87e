import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ScreenSkeleton, Skeleton, SkeletonBlock, SkeletonCircle, SkeletonLine, SkeletonRow } from './Skeleton';

const css = readFileSync(new URL('./Skeleton.module.css', import.meta.url), 'utf8');

/** The body of the first block `selector { … }` at top level or inside an at-rule, braces balanced. */
function blockAfter(source: string, opening: string): string {
  const start = source.indexOf(opening);
  if (start < 0) return '';
  let depth = 0;
  for (let i = source.indexOf('{', start); i < source.length; i++) {
    if (source[i] === '{') depth++;
    else if (source[i] === '}' && --depth === 0) return source.slice(source.indexOf('{', start) + 1, i);
  }
  return '';
}

describe('Skeleton', () => {
  it('hides every shape from assistive technology and says once, politely, what is being read', () => {
    const html = renderToStaticMarkup(
      <Skeleton label="Reading balances…">
        <SkeletonRow>
          <SkeletonCircle />
          <SkeletonLine width="sm" />
        </SkeletonRow>
        <SkeletonBlock height="row" />
      </Skeleton>,
    );
    expect(html.match(/role="status"/g)).toHaveLength(1);
    expect(html).toContain('>Reading balances…</p>');
    // The shapes sit in one container hidden from screen readers, with nothing to read inside.
    const shapes = /<div aria-hidden="true"[^>]*data-skeleton="">(.*)<\/div><\/div>$/.exec(html)?.[1] ?? '';
    expect(shapes).not.toBe('');
    expect(shapes.replace(/<[^>]+>/g, '')).toBe('');
  });

  it('leaves the status out where the region has its own', () => {
    const html = renderToStaticMarkup(
      <Skeleton>
        <SkeletonLine />
      </Skeleton>,
    );
    expect(html).not.toContain('role="status"');
    expect(html).toContain('aria-hidden="true"');
  });

  it('marks each shape hidden on its own, for a value inside text (a total)', () => {
    for (const shape of [
      <SkeletonLine key="l" fill="line" />,
      <SkeletonBlock key="b" height="card" />,
      <SkeletonCircle key="c" />,
    ])
      expect(renderToStaticMarkup(shape)).toMatch(/^<span aria-hidden="true"/);
  });

  it('shows a screen on its way with one status and no heading (the screen brings its own)', () => {
    const html = renderToStaticMarkup(<ScreenSkeleton />);
    expect(html.match(/role="status"/g)).toHaveLength(1);
    expect(html).toContain('Opening the screen…');
    expect(html).not.toMatch(/<h\d/);
  });

  it('shimmers with the motion tokens, and stops entirely for people who ask for reduced motion', () => {
    const animated = [...css.matchAll(/animation:\s*([^;]+);/g)].map((m) => m[1]?.trim());
    expect(animated.filter((a) => a !== 'none')).toEqual(['shimmer var(--shimmer-period) ease-in-out infinite']);
    const reduced = blockAfter(css, '@media (prefers-reduced-motion: reduce)');
    expect(reduced).toMatch(/\.line,\s*\.block,\s*\.circle\s*{[^}]*animation:\s*none;/);
    // Every selector that animates is stilled there.
    const animatedSelectors = blockSelectors(css).filter((b) => /animation:\s*shimmer/.test(b.body));
    expect(animatedSelectors.length).toBeGreaterThan(0);
    for (const { selector } of animatedSelectors)
      for (const part of selector.split(',')) expect(reduced).toContain(part.trim());
  });
});

/** Top-level rule blocks: selector and body (enough for this flat stylesheet). */
function blockSelectors(source: string): { selector: string; body: string }[] {
  return [...source.matchAll(/(^|\n)([^@{}\n][^{}]*?)\s*{([^{}]*)}/g)].map((m) => ({
    selector: (m[2] ?? '').trim(),
    body: m[3] ?? '',
  }));
}
