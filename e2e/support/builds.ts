// Copies of the production build for the service worker's tests: the build as made, a newer
// build (same code, its pages marked, its manifest rewritten and signed as a real build would
// be), a tampered one (a file changed after its manifest was written), and a hostile one (a build
// made for another publisher key, or with none, as a hostile server would serve it).
import { appendFileSync, cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashBuild } from '../../scripts/buildHash.ts';
import {
  newSigningKeyPem,
  type SigningKeys,
  signingKeyFrom,
  signingKeysFromEnv,
  signManifest,
} from '../../scripts/buildSigning.ts';
import { buildServiceWorker } from '../../scripts/serviceWorkerBuild.ts';
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

/** Writes the manifest of the build in `dir` as `version`, signed with `keys` (unsigned without). */
export function writeManifest(dir: string, version: string, keys: SigningKeys | undefined): BuildManifest {
  const manifest = signManifest({ ...manifestOf(dir), version, ...hashBuild(dir) }, keys);
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
export async function newerBuild(
  dir: string,
  version: string,
  signedBy?: SigningKeys | 'unsigned',
): Promise<BuildManifest> {
  copyBuild(dir);
  markPages(dir, version);
  const keys = signedBy === 'unsigned' ? undefined : (signedBy ?? (await testPublisherKeys()));
  return writeManifest(dir, version, keys);
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
 * What a hostile server serves: the build made for `keys` (another publisher's, or none: an
 * unsigned build), its sw.js carrying that key and its own code, its pages marked with `version`,
 * its manifest consistent with every file and signed by `keys`.
 */
export async function hostileBuild(
  dir: string,
  version: string,
  keys: SigningKeys | undefined,
): Promise<BuildManifest> {
  copyBuild(dir);
  markPages(dir, version);
  // Its own sw.js, built for its key, as a hostile server would ship it.
  const worker = await buildServiceWorker(keys);
  writeFileSync(join(dir, SERVICE_WORKER_FILE), `${worker}\n// ${version}\n`);
  return writeManifest(dir, version, keys);
}
