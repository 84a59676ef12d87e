// Cairn's companion extension (src/extension), built beside Cairn's files: unpacked in
// extension/ and packed as cairn-extension.zip, both reproducible (the same source gives the same
// bytes), both listed with their hashes in build-manifest.json. Built for the Cairn at
// CAIRN_EXTENSION_WALLET (default: `npm start`'s address), which its options page can change.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import type { Plugin } from 'vite';
import { EXTENSION_DIR, EXTENSION_ZIP } from '../../src/core/build/buildManifest.ts';
import { toBrowserMessages } from '../../src/extension/catalog.ts';
import { ALL_FLAGS, EVERY_PAGE, flagsFile, flagsSource, INPAGE_FILE } from '../../src/extension/flags.ts';
import { checkWallet } from '../../src/extension/settings.ts';
import { isCairnPage } from './cairnPage.ts';
import { gzipBytes } from './connectorBuild.ts';
import { bundleStandalone } from './standaloneBundle.ts';

/** inpage.js runs in every page and frame a person opens: 8 KB (8192 bytes) gzip at most. */
export const INPAGE_BUDGET_GZIP = 8192;
const LOCALES = ['en', 'de', 'es'] as const;
const source = (path: string) => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)));

/**
 * The Cairn the extension is built for: CAIRN_EXTENSION_WALLET, checked (`npm start` sets its own
 * address; a hosted build, the address it is served at). Without it, none: the extension's options
 * page asks the person, rather than the extension naming a Cairn that may be anyone's.
 */
export function builtForWallet(env: NodeJS.ProcessEnv = process.env): string {
  const given = env.CAIRN_EXTENSION_WALLET;
  if (given === undefined || given === '') return '';
  const checked = checkWallet(given);
  if (!checked.ok)
    throw new Error(
      `CAIRN_EXTENSION_WALLET must be an https address of Cairn (plain http only at localhost or 127.0.0.1), got "${given}".`,
    );
  return checked.value;
}

/** The manifest (Manifest V3, for Chromium: docs/dapp-connector.md says what Firefox would need). */
export function extensionManifest(version: string): Record<string, unknown> {
  return {
    manifest_version: 3,
    name: '__MSG_name__',
    description: '__MSG_description__',
    version,
    default_locale: 'en',
    icons: { '192': 'cairn-192.png', '512': 'cairn-512.png' },
    action: { default_title: '__MSG_name__' },
    background: { service_worker: 'background.js' },
    options_ui: { page: 'options.html', open_in_tab: true },
    permissions: ['storage', 'scripting'],
    host_permissions: [...EVERY_PAGE],
    content_scripts: [{ matches: [...EVERY_PAGE], js: ['bridge.js'], run_at: 'document_start', all_frames: true }],
    minimum_chrome_version: '111',
  };
}

const catalogOf = (locale: string): Record<string, string> =>
  JSON.parse(source(`src/locales/${locale}/extension.json`).toString('utf8'));

/**
 * The options page with its English words in every element that names its message (data-message):
 * the page's script puts the browser's language in their place, but the page reads whole without it.
 */
export function withWords(html: string, catalog: Record<string, string>): string {
  const escaped = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return html.replace(/data-message="([^"]+)"([^>]*)><\//g, (_, key: string, rest: string) => {
    const words = catalog[`extension:${key}`];
    if (words === undefined) throw new Error(`options.html names a message the catalog lacks: ${key}`);
    return `data-message="${key}"${rest}>${escaped(words)}</`;
  });
}

/** Every file of the unpacked extension, by path inside it. */
export async function buildExtension(wallet: string, version: string): Promise<Record<string, Uint8Array>> {
  const english = catalogOf('en');
  const define = { __CAIRN_EXTENSION_WALLET__: JSON.stringify(wallet) };
  const [inpage, bridge, background, options] = await Promise.all([
    bundleStandalone('extension/inpage.ts', 'iife'),
    bundleStandalone('extension/bridge.ts', 'iife'),
    bundleStandalone('extension/background.ts', 'iife', define),
    bundleStandalone('extension/options.ts', 'iife', define),
  ]);
  const text = (value: string) => new TextEncoder().encode(value);
  const json = (value: unknown) => text(`${JSON.stringify(value, null, 1)}\n`);
  const files: Record<string, Uint8Array> = {
    'manifest.json': json(extensionManifest(version)),
    [INPAGE_FILE]: text(inpage),
    'bridge.js': text(bridge),
    'background.js': text(background),
    'options.js': text(options),
    'options.html': text(withWords(source('src/extension/options.html').toString('utf8'), english)),
    'options.css': source('src/extension/options.css'),
    'tokens.css': source('src/app/tokens.css'),
    'cairn-192.png': source('public/icons/cairn-192.png'),
    'cairn-512.png': source('public/icons/cairn-512.png'),
  };
  for (const flags of ALL_FLAGS) files[flagsFile(flags)] = text(flagsSource(flags));
  for (const locale of LOCALES) files[`_locales/${locale}/messages.json`] = json(toBrowserMessages(catalogOf(locale)));
  return files;
}

/** The extension packed, with the same bytes for the same files: sorted entries, one fixed time. */
export function packExtension(files: Record<string, Uint8Array>): Uint8Array {
  const sorted = Object.fromEntries(
    Object.keys(files)
      .sort()
      .map((path) => [path, files[path] as Uint8Array]),
  );
  return zipSync(sorted, { level: 9, mtime: new Date(Date.UTC(1980, 0, 1)) });
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;

/** Adds extension/ and cairn-extension.zip to Cairn's build, before build-manifest.json hashes it. */
export function extensionFiles(version: string): Plugin {
  let cairnPage = false;
  return {
    name: 'cairn-extension',
    apply: 'build',
    configResolved(config) {
      cairnPage = isCairnPage(config);
    },
    async generateBundle() {
      if (!cairnPage) return;
      const files = await buildExtension(builtForWallet(), version);
      const inpage = gzipBytes(new TextDecoder().decode(files[INPAGE_FILE]));
      const size = `extension: ${INPAGE_FILE} ${kb(inpage)} gzip (budget ${kb(INPAGE_BUDGET_GZIP)})`;
      if (inpage > INPAGE_BUDGET_GZIP) this.warn(`over budget: ${size}`);
      else this.info(size);
      for (const [path, bytes] of Object.entries(files))
        this.emitFile({ type: 'asset', fileName: `${EXTENSION_DIR}${path}`, source: bytes });
      this.emitFile({ type: 'asset', fileName: EXTENSION_ZIP, source: packExtension(files) });
    },
  };
}
