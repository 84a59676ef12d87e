// Copies of the production build for the service worker's tests: the build as made, a newer
// build (same code, its pages marked, its manifest rewritten as a real build would be) and a
// tampered one (a file changed after its manifest was written).
import { appendFileSync, cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashBuild } from '../../scripts/buildHash.ts';
import { BUILD_MANIFEST_FILE, type BuildManifest } from '../../src/core/build/buildManifest.ts';
import { e2eDistDir } from './paths.ts';

export const manifestOf = (dir: string): BuildManifest =>
  JSON.parse(readFileSync(join(dir, BUILD_MANIFEST_FILE), 'utf8')) as BuildManifest;

function writeManifest(dir: string, version: string): BuildManifest {
  const manifest = { ...manifestOf(dir), version, ...hashBuild(dir) };
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

/** A build of another version in `dir`: its pages carry its version in a tag, and the manifest follows. */
export function newerBuild(dir: string, version: string): BuildManifest {
  copyBuild(dir);
  for (const page of ['index.html', 'dapp.html']) {
    const file = join(dir, page);
    const html = readFileSync(file, 'utf8');
    writeFileSync(file, html.replace('</head>', `<meta name="${TEST_BUILD_META}" content="${version}" />\n  </head>`));
  }
  return writeManifest(dir, version);
}

/** A build whose manifest says `version` but one of whose scripts was changed afterwards: the file changed. */
export function tamperedBuild(dir: string, version: string): { manifest: BuildManifest; file: string } {
  const manifest = newerBuild(dir, version);
  const script = readdirSync(join(dir, 'assets')).find((name) => name.endsWith('.js'));
  if (!script) throw new Error('the build has no script');
  appendFileSync(join(dir, 'assets', script), '\n;globalThis.tampered = true;\n');
  return { manifest, file: `assets/${script}` };
}
