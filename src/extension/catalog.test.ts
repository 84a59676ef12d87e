import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { messageName, toBrowserMessages } from './catalog';

const catalog = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../locales/${locale}/extension.json`, import.meta.url), 'utf8'));

describe('messageName', () => {
  it('drops the namespace and turns dots into underscores', () => {
    expect(messageName('extension:options.wallet.label')).toBe('options_wallet_label');
    expect(messageName('options.problem.walletNotUrl')).toBe('options_problem_walletNotUrl');
    expect(messageName('extension:name')).toBe('name');
  });
});

describe('toBrowserMessages', () => {
  it('names each message as the browser does and turns an ICU argument into $1', () => {
    expect(toBrowserMessages({ 'extension:a.b': 'Plain', 'extension:c': '“{line}” is not a site’s address' })).toEqual({
      a_b: { message: 'Plain' },
      c: { message: '“$1” is not a site’s address' },
    });
  });

  it('escapes a literal dollar, so the browser shows it as written', () => {
    expect(toBrowserMessages({ 'extension:fee': 'Costs $5 for {line}' })).toEqual({
      fee: { message: 'Costs $$5 for $1' },
    });
  });

  const english = catalog('en');
  it.each(['en', 'de', 'es'])('converts the %s catalog with the same names as the English one', (locale) => {
    const words = catalog(locale);
    const messages = toBrowserMessages(words);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(toBrowserMessages(english)).sort());
    for (const [name, { message }] of Object.entries(messages)) {
      expect(message, name).not.toBe('');
      expect(message, name).not.toMatch(/\{[a-zA-Z]+\}/);
      expect(name).toMatch(/^[A-Za-z0-9_@]+$/);
    }
    expect(messages.options_problem_siteNotOrigin?.message).toContain('$1');
  });
});
