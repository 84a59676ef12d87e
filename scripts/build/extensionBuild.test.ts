import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_FLAGS, INPAGE_FILE } from '../../src/extension/flags.ts';
import { contentScriptsFor } from '../../src/extension/registrations.ts';
import { defaultSettings } from '../../src/extension/settings.ts';
import { gzipBytes } from './connectorBuild.ts';
import {
  buildExtension,
  builtForWallet,
  extensionManifest,
  INPAGE_BUDGET_GZIP,
  packExtension,
  withWords,
} from './extensionBuild.ts';

const WALLET = 'https://wallet.example/cairn/';
const text = (value: string) => new TextEncoder().encode(value);
const read = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe('extensionManifest', () => {
  const manifest = extensionManifest('1.2.3');

  // Plain http only on this computer: anywhere else anyone on the network path could write the page.
  const PAGES = ['http://localhost/*', 'http://127.0.0.1/*', 'https://*/*'];

  it('asks for storage and scripting only, on https pages and this computer’s plain http ones, in Manifest V3', () => {
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.version).toBe('1.2.3');
    expect(manifest.permissions).toEqual(['storage', 'scripting']);
    expect(manifest.host_permissions).toEqual(PAGES);
  });

  it('runs bridge.js in those pages and frames only, at document_start', () => {
    expect(manifest.content_scripts).toEqual([
      { matches: PAGES, js: ['bridge.js'], run_at: 'document_start', all_frames: true },
    ]);
  });
});

describe('withWords', () => {
  const catalog = { 'extension:a': 'Fish & <chips>', 'extension:b.c': 'Plain' };

  it('fills each element that names a message, escaped, keeping its attributes', () => {
    expect(withWords('<p data-message="a"></p><label for="x" data-message="b.c" class="k"></label>', catalog)).toBe(
      '<p data-message="a">Fish &amp; &lt;chips></p><label for="x" data-message="b.c" class="k">Plain</label>',
    );
  });

  it('throws on a message the catalog lacks', () => {
    expect(() => withWords('<p data-message="missing"></p>', catalog)).toThrow(/missing/);
  });
});

describe('packExtension', () => {
  const files = { 'b.js': text('b'), 'a/z.json': text('{}'), 'a.txt': text('a') };
  const reordered = { 'a.txt': text('a'), 'b.js': text('b'), 'a/z.json': text('{}') };

  it('packs the same files into the same bytes, whatever their order, with sorted entries', () => {
    const once = packExtension(files);
    expect(packExtension(files)).toEqual(once);
    expect(packExtension(reordered)).toEqual(once);
    const unpacked = unzipSync(once);
    expect(Object.keys(unpacked)).toEqual(['a.txt', 'a/z.json', 'b.js']);
    expect(read(unpacked['a/z.json'])).toBe('{}');
  });
});

describe('builtForWallet', () => {
  it('takes CAIRN_EXTENSION_WALLET as a folder, or none (the options page then asks)', () => {
    expect(builtForWallet({ CAIRN_EXTENSION_WALLET: 'https://wallet.example/cairn' })).toBe(WALLET);
    expect(builtForWallet({})).toBe('');
    expect(builtForWallet({ CAIRN_EXTENSION_WALLET: '' })).toBe('');
  });

  it.each([
    'wallet.example',
    'ftp://wallet.example/',
    'https://wallet.example/#x',
    'https://u:p@wallet.example/',
    'http://wallet.example/',
  ])('refuses %j with a sentence naming the variable and the value', (given) => {
    expect(() => builtForWallet({ CAIRN_EXTENSION_WALLET: given })).toThrow(
      `CAIRN_EXTENSION_WALLET must be an https address of Cairn (plain http only at localhost or 127.0.0.1), got "${given}".`,
    );
  });
});

describe('buildExtension', () => {
  let files: Record<string, Uint8Array>;
  beforeAll(async () => {
    files = await buildExtension(WALLET, '1.2.3');
  }, 60_000);

  it('holds every file the manifest names', () => {
    const manifest = JSON.parse(read(files['manifest.json']));
    expect(manifest).toEqual(extensionManifest('1.2.3'));
    const named = [
      manifest.background.service_worker,
      manifest.options_ui.page,
      ...Object.values(manifest.icons),
      ...manifest.content_scripts.flatMap((script: { js: string[] }) => script.js),
      `_locales/${manifest.default_locale}/messages.json`,
    ];
    for (const path of named) expect(Object.keys(files), path).toContain(path);
    const english = JSON.parse(read(files['_locales/en/messages.json']));
    for (const name of ['name', 'description']) expect(english[name]?.message, name).toBeTruthy();
  });

  it('holds every file the registrations name, for every choice', () => {
    for (const takeOver of [true, false])
      for (const compat of [true, false]) {
        const settings = {
          ...defaultSettings(WALLET),
          takeOver: { all: takeOver, except: ['https://a.example'] },
          compat: { all: compat, except: ['https://b.example'] },
        };
        for (const script of contentScriptsFor(settings))
          for (const path of script.js) expect(Object.keys(files), path).toContain(path);
      }
    expect(ALL_FLAGS.length).toBe(4);
  });

  it('holds what options.html loads, with its English words in place', () => {
    const html = read(files['options.html']);
    for (const path of html.matchAll(/(?:src|href)="([^"]+)"/g)) expect(Object.keys(files), path[1]).toContain(path[1]);
    expect(html).toContain('>Cairn’s address</label>');
  });

  it('has a catalog per language, each with the English names', () => {
    const names = (locale: string) => Object.keys(JSON.parse(read(files[`_locales/${locale}/messages.json`]))).sort();
    expect(names('de')).toEqual(names('en'));
    expect(names('es')).toEqual(names('en'));
  });

  it('keeps inpage.js within its gzip budget', () => {
    expect(gzipBytes(read(files[INPAGE_FILE]))).toBeLessThanOrEqual(INPAGE_BUDGET_GZIP);
  });

  it('builds the background and options page for the given Cairn', () => {
    expect(read(files['background.js'])).toContain(WALLET);
    expect(read(files['options.js'])).toContain(WALLET);
  });
});
