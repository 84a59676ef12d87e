// A first screen that shows none of core's words comes up without their catalogs; they are loaded
// just after it, in the language shown, and every later change of language takes them along.
import { describe, expect, it, vi } from 'vitest';

// A runtime of its own, as a page starts it, with nothing loaded (the tests' setup loads every
// English catalog into the shared one; an isolated file, so no other sees this one).
vi.resetModules();
const { loadCoreWords, showLocale, t } = await import('./runtime');
const { shownWords, subscribeToLocale } = await import('./activeLocale');

/** A catalog's own words (the source the tests compare with). */
async function catalogWord(locale: string, id: string): Promise<string> {
  const catalog = (await import(`../../locales/${locale}/${id.split(':')[0]}.json`)).default as Record<string, string>;
  const word = catalog[id];
  if (word === undefined) throw new Error(`${id} is not in ${locale}`);
  return word;
}

describe("core's catalogs after the first screen", () => {
  it('are not loaded by a first screen that leaves them for later, then come in the language shown', async () => {
    await showLocale('es', ['common'], { coreLater: true });
    expect(t('common:error.title.fallback')).toBe(await catalogWord('es', 'common:error.title.fallback'));
    expect(() => t('core.keys:errors.revertedNoReason')).toThrow(/not loaded in es/);

    // Components that showed a message by its id meanwhile (useT subscribes so) are told to show it again.
    const before = shownWords();
    const told = vi.fn();
    const stop = subscribeToLocale(told);
    await loadCoreWords();
    stop();
    expect(t('core.keys:errors.revertedNoReason')).toBe(await catalogWord('es', 'core.keys:errors.revertedNoReason'));
    expect(told).toHaveBeenCalled();
    expect(shownWords()).not.toBe(before);
  });

  it('are loaded by every change of language that does not leave them out', async () => {
    await showLocale('de');
    expect(t('core.keys:errors.revertedNoReason')).toBe(await catalogWord('de', 'core.keys:errors.revertedNoReason'));
    // What the page had asked for in Spanish comes along too.
    expect(t('common:error.title.fallback')).toBe(await catalogWord('de', 'common:error.title.fallback'));
  });
});
