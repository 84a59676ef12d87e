import { describe, expect, it } from 'vitest';
import { isLocaleChoice, localeFromBrowser, resolveLocale } from './locales';

describe('choosing the language', () => {
  it('takes the first browser language Cairn speaks, by language', () => {
    expect(localeFromBrowser(['fr-FR', 'de-AT', 'en'])).toBe('de');
    expect(localeFromBrowser(['es-MX'])).toBe('es');
    expect(localeFromBrowser(['ja', 'zh'])).toBe('en');
    expect(localeFromBrowser([])).toBe('en');
  });

  it('gives the pseudo-locale only to a browser set to it first', () => {
    expect(localeFromBrowser(['en-XA'])).toBe('en-XA');
    expect(localeFromBrowser(['de', 'en-XA'])).toBe('de');
  });

  it('follows the choice in Settings over the browser', () => {
    expect(resolveLocale('es', ['de'])).toBe('es');
    expect(resolveLocale('browser', ['de'])).toBe('de');
    expect(resolveLocale(undefined, ['de'])).toBe('de');
  });

  it('knows a stored choice from anything else', () => {
    expect(isLocaleChoice('de')).toBe(true);
    expect(isLocaleChoice('browser')).toBe(true);
    expect(isLocaleChoice('en-XA')).toBe(false);
    expect(isLocaleChoice('fr')).toBe(false);
    expect(isLocaleChoice(undefined)).toBe(false);
  });
});
