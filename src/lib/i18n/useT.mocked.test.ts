import { afterEach, describe, expect, it, vi } from 'vitest';
import type { I18n } from './runtime';

// React's hooks stand in for a render: the runtime and locale a component would read, and `use` recorded.
const used: unknown[] = [];
let shownLocale = 'es';
let provided: I18n | undefined;
/** What each render followed with useSyncExternalStore: a change of one re-renders the component. */
const followed: (() => unknown)[] = [];
vi.mock('react', async (original) => ({
  ...(await original<typeof import('react')>()),
  use: (promise: unknown) => {
    used.push(promise);
  },
  useContext: () => provided,
  useSyncExternalStore: (_subscribe: unknown, snapshot: () => unknown) => {
    followed.push(snapshot);
    return shownLocale;
  },
}));

// The setup file loaded the i18n modules with the real React: load them again with the stand-ins.
vi.resetModules();
const { useT } = await import('./useT');
const { createI18n } = await import('./instance');
const { CORE_NAMESPACES } = await import('./catalogLoader');
// The runtime the component's provider hands it, with nothing loaded.
const i18n = createI18n();
provided = i18n;
const { loadNamespaces, showLocale, t } = i18n;

describe('useT', () => {
  afterEach(() => {
    used.length = 0;
    followed.length = 0;
  });

  it('calls use with the same promise on every render, before and after the namespaces arrive', async () => {
    // Nothing is loaded in Spanish here: the first render would suspend on the promise.
    shownLocale = 'es';
    useT('approvals', 'review');
    expect(used).toHaveLength(1);
    const [pending] = used as Array<Promise<void> & { status?: string }>;
    expect(pending?.status).not.toBe('fulfilled');
    await pending;
    // React resumes a component that suspended on `use` expecting the same call with the same promise.
    useT('review', 'approvals');
    expect(used).toHaveLength(2);
    expect(used[1]).toBe(pending);
    expect(pending?.status).toBe('fulfilled');
  });

  it('calls use with a promise already fulfilled for namespaces another request loaded', async () => {
    shownLocale = 'es';
    await loadNamespaces(['nfts', 'contracts', 'activity', 'send'], 'es');
    useT('nfts', 'contracts', 'activity');
    expect(used).toHaveLength(1);
    const [promise] = used as Array<{ status?: string }>;
    expect(promise?.status).toBe('fulfilled');
  });

  it('re-renders a component when catalogs it may have shown without come in (core’s, after the first screen)', async () => {
    useT();
    const before = followed.map((snapshot) => snapshot());
    await loadNamespaces(CORE_NAMESPACES);
    expect(followed.map((snapshot) => snapshot())).not.toEqual(before);
  });

  it('asks nothing of use for a component that names no namespace', () => {
    useT();
    expect(used).toHaveLength(0);
  });

  it('a change of language brings, in the new language, the catalogs a screen is still waiting for', async () => {
    // English is shown; a screen's catalog is on its way when German is chosen.
    const english = loadNamespaces(['nfts'], 'en');
    await showLocale('de');
    expect(t('nfts:intro.noAccount')).toMatch(/^Wählen Sie ein Konto/);
    await english;
  });
});
