import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  FIRST_SCREEN_HINT_KEY,
  FIRST_SCREEN_SCRIPT,
  FIRST_SCREEN_SCRIPT_HASH,
  firstScreenShellId,
  UNLOCKED_HINT_MS,
} from '@/core/build/firstScreenScript';
import { LOCALES, localeFromBrowser, PSEUDO_LOCALE } from '@/lib/i18n';

const SCREENS = ['setup', 'unlock'] as const;
const ALL_SHELLS = SCREENS.flatMap((screen) => LOCALES.map((locale) => firstScreenShellId(screen, locale)));

/** Runs the page's script against a page holding every shell; returns the ids it showed. */
function run({
  hint,
  languages,
  framed = false,
}: {
  hint?: string | Error;
  languages: readonly string[];
  framed?: boolean;
}): string[] {
  const shells = new Map(ALL_SHELLS.map((id) => [id, { hidden: true }]));
  const storage = {
    getItem(key: string) {
      if (hint instanceof Error) throw hint;
      return key === FIRST_SCREEN_HINT_KEY ? (hint ?? null) : null;
    },
  };
  const document = { getElementById: (id: string) => shells.get(id) ?? null };
  const page = {};
  const top = framed ? {} : page;
  new Function('document', 'localStorage', 'navigator', 'top', 'self', FIRST_SCREEN_SCRIPT)(
    document,
    storage,
    { languages },
    top,
    page,
  );
  return [...shells].filter(([, shell]) => !shell.hidden).map(([id]) => id);
}

describe('the first-screen script of index.html', () => {
  it('is allowed by the hash the policy names', () => {
    const hash = createHash('sha256').update(FIRST_SCREEN_SCRIPT).digest('base64');
    expect(FIRST_SCREEN_SCRIPT_HASH).toBe(`'sha256-${hash}'`);
  });

  it.each([[['de-AT', 'en']], [['fr', 'es-MX']], [['fr', 'it']], [['EN-gb']], [[]], [['pt', 'de', 'es']]])(
    'with no hint, shows set-up in the language the app would choose for %j',
    (languages) => {
      expect(run({ languages })).toEqual([firstScreenShellId('setup', localeFromBrowser(languages) as 'en')]);
    },
  );

  it('shows nothing in a frame, where the app refuses to run', () => {
    expect(run({ languages: ['en'], framed: true })).toEqual([]);
  });

  it('shows no shell for the pseudo-locale, which has none', () => {
    expect(localeFromBrowser([PSEUDO_LOCALE])).toBe(PSEUDO_LOCALE);
    expect(run({ languages: [PSEUDO_LOCALE, 'de'] })).toEqual([]);
  });

  it("follows the app's hint over the browser's languages", () => {
    expect(run({ hint: '{"screen":"unlock","locale":"es"}', languages: ['de'] })).toEqual(['first-screen-unlock-es']);
    expect(run({ hint: '{"screen":"setup","locale":"de"}', languages: ['en'] })).toEqual(['first-screen-setup-de']);
  });

  it('shows no unlock shell while a window of the profile says it is unlocked, and does once that lapses', () => {
    const hint = (until: number) => JSON.stringify({ screen: 'unlock', locale: 'en', until });
    expect(run({ hint: hint(Date.now() + 20_000), languages: ['en'] })).toEqual([]);
    expect(run({ hint: hint(Date.now() - 1), languages: ['en'] })).toEqual(['first-screen-unlock-en']);
    // Further ahead than one word lasts: a clock set back since, not an open session.
    expect(run({ hint: hint(Date.now() + UNLOCKED_HINT_MS + 60_000), languages: ['en'] })).toEqual([
      'first-screen-unlock-en',
    ]);
  });

  it('shows nothing when the hint says so, or names a screen it does not know', () => {
    expect(run({ hint: '{"screen":"none"}', languages: ['en'] })).toEqual([]);
    expect(run({ hint: '{"screen":"home","locale":"en"}', languages: ['en'] })).toEqual([]);
  });

  it('shows nothing for a hinted language with no shell', () => {
    expect(run({ hint: '{"screen":"unlock","locale":"fr"}', languages: ['en'] })).toEqual([]);
  });

  it("falls back to set-up in the browser's language when the hint is unreadable or storage refuses", () => {
    expect(run({ hint: '{not json', languages: ['es'] })).toEqual(['first-screen-setup-es']);
    expect(run({ hint: new Error('SecurityError'), languages: ['de'] })).toEqual(['first-screen-setup-de']);
  });
});
