// Writes build-manifest.json (src/core/build/buildManifest.ts) once every other file of the build
// is written, signed with the publisher's key when the build has one (scripts/build/buildSigning.ts),
// and prints the build hash and the key's fingerprint.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { BUILD_MANIFEST_FILE, type BuildManifest, manifestListing } from '../../src/core/build/buildManifest.ts';
import { groupedFingerprint } from '../../src/core/build/buildSignature.ts';
import type { BuildFacts } from '../../src/lib/browser/buildFiles.ts';
import { refuseUnaskedUnsigned, type SigningKeys, signManifest } from './buildSigning.ts';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** The hashes of the files under `dir` (paths relative to it, with "/"), and the hash of their list. */
export function hashBuild(dir: string): Pick<BuildManifest, 'sha256' | 'files'> {
  const paths = [...filesUnder(dir)]
    .map((file) => relative(dir, file).split('\\').join('/'))
    .filter((path) => path !== BUILD_MANIFEST_FILE);
  const files = Object.fromEntries(paths.map((path) => [path, sha256(readFileSync(join(dir, path)))]));
  return { sha256: sha256(manifestListing(files)), files };
}

/**
 * Rolldown names each emitted asset's URL placeholder with a random reference id, and that name
 * lands in the source maps (a module's names and sources) though never in the code: two builds of
 * the same source would differ there. The maps get one fixed name instead.
 */
export function steadySourceMaps(dir: string): void {
  for (const file of filesUnder(dir)) {
    if (!file.endsWith('.map')) continue;
    const text = readFileSync(file, 'utf8');
    const steady = text.replace(/ROLLDOWN_FILE_URL_[A-Za-z0-9_$]+/g, 'ROLLDOWN_FILE_URL');
    if (steady !== text) writeFileSync(file, steady);
  }
}

/**
 * Writes the manifest beside index.html once every other file is written (signed with `keys`), and
 * prints the build hash. A build with no key stops before anything is built, unless `unsigned`
 * (`npm run build -- --unsigned`).
 */
export function buildHash({ version, commit }: BuildFacts, keys: SigningKeys | undefined, unsigned: boolean): Plugin {
  let outDir = '';
  let print: (line: string) => void = () => undefined;
  return {
    name: 'cairn-build-hash',
    apply: 'build',
    configResolved(config) {
      refuseUnaskedUnsigned(keys, unsigned);
      outDir = resolve(config.root, config.build.outDir);
      print = (line) => config.logger.info(line);
    },
    closeBundle: {
      order: 'post',
      handler(error) {
        if (error) return;
        steadySourceMaps(outDir);
        const manifest: BuildManifest = signManifest({ version, commit, ...hashBuild(outDir) }, keys);
        writeFileSync(join(outDir, BUILD_MANIFEST_FILE), `${JSON.stringify(manifest, null, 1)}\n`);
        print(
          keys
            ? `Signed with the publisher key ${groupedFingerprint(keys.publisher.publicKey.fingerprint)}${
                keys.previous
                  ? ` and the key before it, ${groupedFingerprint(keys.previous.publicKey.fingerprint)}`
                  : ''
              }`
            : 'Unsigned build, as asked (--unsigned): for development only, see docs/signed-builds.md',
        );
        print(`Build hash: ${manifest.sha256} (${BUILD_MANIFEST_FILE} lists every file's SHA-256)`);
      },
    },
  };
}
