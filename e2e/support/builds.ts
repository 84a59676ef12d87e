// Copies of the production build for the service worker's tests: the build as made, a newer
// build (same code, its pages marked, its manifest rewritten and signed as a real build would
// be), a tampered one (a file changed after its manifest was written), and one made for other
// keys with its own sw.js (a hostile server's, another publisher's or none, or the publisher's
// build for a new key), and a hostile worker of no build at all. 'unsigned' means no key throughout.
import { appendFileSync, cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { hashBuild } from '../../scripts/build/buildHash.ts';
import {
  newSigningKeyPem,
  type SigningKeys,
  signingKeyFrom,
  signingKeysFromEnv,
  signManifest,
} from '../../scripts/build/buildSigning.ts';
import { buildServiceWorker } from '../../scripts/build/serviceWorkerBuild.ts';
import { BUILD_MANIFEST_FILE, type BuildManifest } from '../../src/core/build/buildManifest.ts';
import { SERVICE_WORKER_FILE } from '../../src/core/build/updateProtocol.ts';
import { e2eSigningKeyFile } from './appBuild.ts';
import { e2eDistDir } from './paths.ts';

export const manifestOf = (dir: string): BuildManifest =>
  JSON.parse(readFileSync(join(dir, BUILD_MANIFEST_FILE), 'utf8')) as BuildManifest;

/** The test run's publisher key, which the e2e build was signed with and its sw.js carries. */
export async function testPublisherKeys(): Promise<SigningKeys> {
  const keys = await signingKeysFromEnv({ CAIRN_SIGNING_KEY_FILE: e2eSigningKeyFile });
  if (!keys) throw new Error('the e2e build has no signing key');
  return keys;
}

/** A publisher key of someone else. */
export const strangerKeys = async (): Promise<SigningKeys> => ({
  publisher: await signingKeyFrom(newSigningKeyPem(), 'a new key'),
});

/** Who signs a test build: keys, or no one. */
export type Signer = SigningKeys | 'unsigned';
const keysOf = (signer: Signer) => (signer === 'unsigned' ? undefined : signer);

/** Writes the manifest of the build in `dir` as `version`, signed by `signer`. */
export function writeManifest(dir: string, version: string, signer: Signer): BuildManifest {
  const manifest = signManifest({ ...manifestOf(dir), version, ...hashBuild(dir) }, keysOf(signer));
  writeFileSync(join(dir, BUILD_MANIFEST_FILE), `${JSON.stringify(manifest, null, 1)}\n`);
  return manifest;
}

/** The e2e build copied into `dir`. */
export function copyBuild(dir: string): BuildManifest {
  cpSync(e2eDistDir, dir, { recursive: true });
  return manifestOf(dir);
}

/** The tag a test build's pages carry, to tell which build a page on screen came from. */
export const TEST_BUILD_META = 'cairn-test-build';

/**
 * The test build the page on screen came from: its version, '' for the build as made, undefined
 * for a page that is not Cairn's (or one between two documents). Never waits: a locator would
 * wait its whole timeout for a tag the build as made does not carry.
 */
export const testBuildOf = (page: Page): Promise<string | undefined> =>
  page
    .evaluate(
      ([tag, cairnPage]) =>
        document.querySelector(`meta[name="${cairnPage}"]`) === null
          ? undefined
          : (document.querySelector(`meta[name="${tag}"]`)?.getAttribute('content') ?? ''),
      [TEST_BUILD_META, 'cairn-local-rpc-url'] as const,
    )
    .catch(() => undefined);

function markPages(dir: string, version: string): void {
  for (const page of ['index.html', 'dapp.html']) {
    const file = join(dir, page);
    const html = readFileSync(file, 'utf8');
    writeFileSync(file, html.replace('</head>', `<meta name="${TEST_BUILD_META}" content="${version}" />\n  </head>`));
  }
}

/**
 * A build of another version in `dir`: its pages carry its version in a tag, and the manifest
 * follows, signed by the test run's publisher key, or by `signedBy` (others' keys, or 'unsigned').
 */
export async function newerBuild(dir: string, version: string, signedBy?: Signer): Promise<BuildManifest> {
  copyBuild(dir);
  markPages(dir, version);
  return writeManifest(dir, version, signedBy ?? (await testPublisherKeys()));
}

/** A build whose manifest says `version` but one of whose scripts was changed afterwards: the file changed. */
export async function tamperedBuild(dir: string, version: string): Promise<{ manifest: BuildManifest; file: string }> {
  const manifest = await newerBuild(dir, version);
  const script = readdirSync(join(dir, 'assets')).find((name) => name.endsWith('.js'));
  if (!script) throw new Error('the build has no script');
  appendFileSync(join(dir, 'assets', script), '\n;globalThis.tampered = true;\n');
  return { manifest, file: `assets/${script}` };
}

/**
 * The build made for `signer` (a hostile server's key, or none; or the publisher's new key with
 * the key before it), as its server serves it: its own sw.js carrying those keys, its pages
 * marked with `version`, its manifest consistent with every file and signed by them.
 */
export async function buildForKeys(dir: string, version: string, signer: Signer): Promise<BuildManifest> {
  copyBuild(dir);
  markPages(dir, version);
  const worker = await buildServiceWorker(keysOf(signer));
  writeFileSync(join(dir, SERVICE_WORKER_FILE), `${worker}\n// ${version}\n`);
  return writeManifest(dir, version, signer);
}

/** The title of every page the hostile worker of hostileWorkerFile answers with. */
export const HOSTILE_WORKER_PAGE = 'hostile worker';

/**
 * A worker of no build at all, which a hostile server could register for a narrower scope than
 * Cairn's (x.js in `dir`), and a page without Cairn's policy to register it from (hostile.html).
 */
export function hostileWorkerFile(dir: string): void {
  const page = `<!doctype html><title>${HOSTILE_WORKER_PAGE}</title>`;
  writeFileSync(
    join(dir, 'x.js'),
    `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  if (event.request.mode === 'navigate')
    event.respondWith(new Response(${JSON.stringify(page)}, { headers: { 'Content-Type': 'text/html' } }));
});
`,
  );
  writeFileSync(join(dir, 'hostile.html'), '<!doctype html><title>hostile</title>');
}
