// The options page's form (optionsForm.ts) in the page it fills (options.html): words from the
// browser's catalog, settings shown, and a wrong field refused beside itself with its sentence.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { toBrowserMessages } from './catalog';
import { fillWords, readForm, showRegistration, showSettings, type Words } from './optionsForm';
import type { ExtensionSettings } from './settings';

// happy-dom's URL does not make file URLs: paths from this file's folder.
const here = dirname(fileURLToPath(import.meta.url));
// Read as the build reads it (an import would get the catalog compiled for Cairn's own i18n).
const english: Record<string, string> = JSON.parse(readFileSync(join(here, '../locales/en/extension.json'), 'utf8'));
const messages = toBrowserMessages(english);

/** chrome.i18n.getMessage over the English catalog as the build writes it. */
const words: Words = (key, substitution) => {
  const found = messages[key];
  if (!found) throw new Error(`no message ${key}`);
  return found.message.replace(/\$(\$|1)/g, (_, what: string) => (what === '$' ? '$' : (substitution ?? '')));
};

const page = readFileSync(join(here, 'options.html'), 'utf8');

const SETTINGS: ExtensionSettings = {
  wallet: 'https://wallet.example/cairn/',
  takeOver: { all: true, except: ['https://a.example', 'http://localhost:8080'] },
  compat: { all: false, except: [] },
};

beforeEach(() => {
  // The page without its script and stylesheets: this test is the script.
  const html = page.replace(/<script[^>]*><\/script>|<link[^>]*>/g, '');
  document.documentElement.innerHTML = /<html[^>]*>([\s\S]*)<\/html>/.exec(html)?.[1] ?? '';
});

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const problem = (id: string) => document.getElementById(`${id}-problem`) as HTMLElement;

describe('fillWords', () => {
  it('gives every element that names a message its words, and the page its language', () => {
    fillWords(document, words, 'de');
    expect(document.documentElement.lang).toBe('de');
    const named = [...document.querySelectorAll<HTMLElement>('[data-message]')];
    expect(named.length).toBeGreaterThan(5);
    for (const element of named) expect(element.textContent, element.dataset.message).not.toBe('');
    expect(document.querySelector('label[for="wallet"]')?.textContent).toBe(english['extension:options.wallet.label']);
    expect(document.querySelector('button[type="submit"]')?.textContent).toBe(english['extension:options.save']);
  });
});

describe('showSettings and readForm', () => {
  it('shows the settings, and reads back what it showed', () => {
    showSettings(document, SETTINGS);
    expect(input('wallet').value).toBe(SETTINGS.wallet);
    expect(input('takeOver-all').checked).toBe(true);
    expect(input('takeOver-except').value).toBe('https://a.example\nhttp://localhost:8080');
    expect(input('compat-all').checked).toBe(false);
    expect(input('compat-except').value).toBe('');
    expect(readForm(document, words)).toEqual(SETTINGS);
  });

  it('reads what the person typed, tidied', () => {
    showSettings(document, SETTINGS);
    input('wallet').value = '  https://mine.example  ';
    input('compat-all').checked = true;
    input('compat-except').value = '\nhttps://c.example/\n\nhttps://c.example\n';
    expect(readForm(document, words)).toEqual({
      ...SETTINGS,
      wallet: 'https://mine.example/',
      compat: { all: true, except: ['https://c.example'] },
    });
  });

  it.each([
    ['wallet.example', 'walletNotUrl'],
    ['ftp://wallet.example/', 'walletNotHttp'],
    ['https://wallet.example/?x=1', 'walletExtra'],
    ['http://wallet.example/', 'walletPlainHttp'],
  ])('refuses the address %j beside its field, focused, keeping what was typed', (typed, key) => {
    showSettings(document, SETTINGS);
    input('wallet').value = typed;
    expect(readForm(document, words)).toBeUndefined();
    expect(problem('wallet').hidden).toBe(false);
    expect(problem('wallet').textContent).toBe(english[`extension:options.problem.${key}`]);
    expect(input('wallet').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('wallet'));
    expect(input('wallet').value).toBe(typed);
    expect(problem('takeOver').hidden).toBe(true);
  });

  it.each(['takeOver', 'compat'])('refuses a bad %s site line, naming it beside its field', (name) => {
    showSettings(document, SETTINGS);
    const typed = 'https://fine.example\nhttps://app.example/page';
    input(`${name}-except`).value = typed;
    expect(readForm(document, words)).toBeUndefined();
    expect(problem(name).hidden).toBe(false);
    expect(problem(name).textContent).toBe(
      '“https://app.example/page” is not a site’s address: write only the scheme, the host and any port, such as https://app.example.',
    );
    expect(input(`${name}-except`).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input(`${name}-except`));
    expect(input(`${name}-except`).value).toBe(typed);
    expect(problem('wallet').hidden).toBe(true);
    expect(input('wallet').hasAttribute('aria-invalid')).toBe(false);
  });

  it('refuses a plain http site off this computer, naming it and where Cairn runs on plain http', () => {
    showSettings(document, SETTINGS);
    input('compat-except').value = 'http://app.example';
    expect(readForm(document, words)).toBeUndefined();
    expect(problem('compat').textContent).toBe(
      '“http://app.example”: Cairn runs on plain http:// pages only on this computer (localhost or 127.0.0.1): write the site’s https:// address.',
    );
  });

  it('clears an earlier refusal once the field is right', () => {
    showSettings(document, SETTINGS);
    input('wallet').value = 'nope';
    expect(readForm(document, words)).toBeUndefined();
    input('wallet').value = 'https://wallet.example/';
    expect(readForm(document, words)).toEqual({ ...SETTINGS, wallet: 'https://wallet.example/' });
    expect(problem('wallet').hidden).toBe(true);
    expect(problem('wallet').textContent).toBe('');
    expect(input('wallet').hasAttribute('aria-invalid')).toBe(false);
  });

  it('names the first wrong field only', () => {
    showSettings(document, SETTINGS);
    input('wallet').value = 'nope';
    input('compat-except').value = 'also nope';
    expect(readForm(document, words)).toBeUndefined();
    expect(problem('wallet').hidden).toBe(false);
    expect(problem('compat').hidden).toBe(true);
    expect(input('compat-except').hasAttribute('aria-invalid')).toBe(false);
  });
});

describe('showRegistration', () => {
  const line = () => document.getElementById('registration') as HTMLElement;

  it('says when the browser refused the per-site choices, and nothing otherwise', () => {
    showRegistration(document, { perSiteRefused: true }, words);
    expect(line().hidden).toBe(false);
    expect(line().getAttribute('role')).toBe('status');
    expect(line().textContent).toBe(english['extension:options.problem.perSiteRefused']);
    showRegistration(document, { perSiteRefused: false }, words);
    expect(line().hidden).toBe(true);
    expect(line().textContent).toBe('');
    showRegistration(document, undefined, words);
    expect(line().hidden).toBe(true);
  });
});
