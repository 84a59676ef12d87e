import { afterEach, describe, expect, it } from 'vitest';
import { msg, renderMessage } from '@/core/i18n/message';
import { words } from '@/testing/catalogWords';
import { NAMESPACES } from './catalogLoader';
import { installedI18n, installI18n, t, translate } from './installed';
import { createI18n } from './instance';

const ID = 'core.keys:errors.revertedNoReason';

describe('the runtime installed at start', () => {
  // The tests' setup installed an English one: put it back after each test.
  const setup = installedI18n();
  afterEach(() => {
    installI18n(setup);
  });

  it('words core’s messages (renderMessage) and translate and t outside React, once installed', async () => {
    const german = createI18n();
    await german.showLocale('de', NAMESPACES);
    expect(renderMessage(msg(ID))).toBe(words('en', ID));
    installI18n(german);
    expect(renderMessage(msg(ID))).toBe(words('de', ID));
    expect(translate(msg(ID))).toBe(words('de', ID));
    expect(t(ID)).toBe(words('de', ID));
    expect(installedI18n()).toBe(german);
  });

  it('keeps each runtime’s language, catalogs and words’ version to itself', async () => {
    const spanish = createI18n();
    await spanish.showLocale('es', ['common']);
    expect(spanish.activeLocale()).toBe('es');
    expect(setup.activeLocale()).toBe('en');
    expect(spanish.wordsVersion()).toBeGreaterThan(0);
    expect(t(ID)).toBe(words('en', ID));
    // Spanish was shown with core's catalogs; another runtime, shown without them, has none.
    expect(spanish.t(ID)).toBe(words('es', ID));
    const english = createI18n();
    await english.showLocale('en', ['common'], { coreLater: true });
    expect(() => english.t(ID)).toThrow(/not loaded in en/);
  });
});
