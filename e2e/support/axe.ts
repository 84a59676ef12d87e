// Runs axe-core in the page. The script is evaluated through the DevTools protocol, which the
// page's Content-Security-Policy does not govern, so the app is scanned with its real policy.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };

/** Serious and critical WCAG 2.x A/AA violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Scanned from the top: whatever a test scrolled under the sticky header would count as an
  // obscured touch target (target-size), which it is only until the person scrolls.
  await page.evaluate(() => window.scrollTo(0, 0));
  // Once per document: evaluating its 550 KB again for each scan of the same page cost about 40 ms.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** A readable summary for assertion messages. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`)
    .join('\n');
}

/**
 * Scans the page as it stands in the light and then the dark scheme (the colours are CSS media
 * queries, so one page serves both), expecting no serious violation in either and that the dark
 * scan saw other colours. With reduced motion, so no colour transition is caught halfway (a scan
 * right after the switch saw the nav's colours mid-way and failed contrast). Leaves the page light.
 */
export async function expectAccessibleInBothSchemes(page: Page, what: string): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const backgrounds: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    backgrounds.push(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor));
    const violations = await seriousViolations(page);
    if (violations.length > 0) throw new Error(`${what} (${colorScheme}):\n${describeViolations(violations)}`);
  }
  if (backgrounds[1] === backgrounds[0]) throw new Error(`${what}: the dark scheme showed the light colours`);
  await page.emulateMedia({ colorScheme: 'light' });
}
