// A first screen whose own words are not core's comes up without core's catalogs; they come just
// after it, in the language shown, and what showed a message meanwhile is told to show it again.
// Changes of language carry every catalog asked for, and the page starts only once one is shown.
// Each test makes a runtime of its own, as a page starts it, with nothing loaded.
import { describe, expect, it, vi } from 'vitest';
import { words } from '@/testing/catalogWords';
import { CORE_NAMESPACES, NAMESPACES } from './catalogLoader';
import { createI18n } from './instance';

const CORE_ID = 'core.keys:errors.revertedNoReason';
const COMMON_ID = 'common:error.title.fallback';

describe("core's catalogs after the first screen", () => {
  it('are left out by a first screen that leaves them for later, then come in the language shown, and what shows words is told', async () => {
    const { loadNamespaces, showLocale, subscribe, t } = createI18n();
    await showLocale('es', ['common'], { coreLater: true });
    expect(t(COMMON_ID)).toBe(words('es', COMMON_ID));
    // (Under test a message not loaded throws; a page shows its id meanwhile.)
    expect(() => t(CORE_ID)).toThrow(/not loaded in es/);

    const told = vi.fn();
    subscribe(told);
    await loadNamespaces(CORE_NAMESPACES);
    expect(t(CORE_ID)).toBe(words('es', CORE_ID));
    expect(told).toHaveBeenCalled();
  });

  it('are asked for by a core message shown before they came (as after a failed load), and what shows words is told', async () => {
    const { showLocale, subscribe, t } = createI18n();
    await showLocale('de', ['common'], { coreLater: true });
    const told = vi.fn();
    subscribe(told);
    expect(() => t(CORE_ID)).toThrow(/not loaded in de/);
    await vi.waitFor(() => expect(told).toHaveBeenCalled());
    expect(t(CORE_ID)).toBe(words('de', CORE_ID));
  });

  it('come with every later change of language, beside what the page asked for before', async () => {
    const { showLocale, t } = createI18n();
    await showLocale('es', ['common'], { coreLater: true });
    await showLocale('de');
    expect(t(CORE_ID)).toBe(words('de', CORE_ID));
    expect(t(COMMON_ID)).toBe(words('de', COMMON_ID));
  });
});

describe('a change of language overtaking the first one', () => {
  it('takes the catalogs the first asked for, still loading', async () => {
    const { showLocale, t } = createI18n();
    // The page's start (German, its first screen's catalogs) and, before those are in, another
    // window's choice of Spanish.
    await Promise.all([showLocale('de', ['common', 'unlock']), showLocale('es')]);
    expect(t(COMMON_ID)).toBe(words('es', COMMON_ID));
    expect(t('unlock:title')).toBe(words('es', 'unlock:title'));
  });

  it('leaves the first to resolve only once a language is shown, so the page does not start without one', async () => {
    const { activeLocale, showLocale } = createI18n();
    const starting = showLocale('de', ['common']);
    // A change that takes longer to load than the start does.
    const chosen = showLocale('es', NAMESPACES);
    await starting;
    expect(activeLocale()).toBe('es');
    await chosen;
  });
});
