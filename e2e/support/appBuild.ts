// Builds Cairn for the end-to-end tests, in a process of its own with NODE_ENV set: inside Vitest
// NODE_ENV is "test", which would bundle React's development build into a "production" one. The
// build is signed, as `npm start`'s is, with a key made for each test run (newTestSigningKey).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { newSigningKeyPem } from '../../scripts/build/buildSigning.ts';
import { e2eDistDir, projectRoot } from './paths.ts';

/** The test run's publisher key (a test key, made anew by every run's global set-up), beside the build. */
export const e2eSigningKeyFile = `${e2eDistDir}-signing-key.pem`;

/** Makes the test run's signing key, replacing the last run's. */
export function newTestSigningKey(): void {
  mkdirSync(dirname(e2eSigningKeyFile), { recursive: true });
  writeFileSync(e2eSigningKeyFile, newSigningKeyPem(), { mode: 0o600 });
}

/**
 * Builds Cairn into `outDir` with React's production build, or its development build (which warns
 * of misuse). Asynchronous, so the global set-up seeds the chains while it builds.
 */
export async function buildCairn(outDir: string, react: 'production' | 'development' = 'production'): Promise<void> {
  const viteBin = join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const {
    CAIRN_SIGNING_KEY: _,
    CAIRN_PREVIOUS_SIGNING_KEY: _old,
    CAIRN_PREVIOUS_SIGNING_KEY_FILE: _oldFile,
    // Signed, whatever the environment asks.
    CAIRN_UNSIGNED_BUILD: _unsigned,
    ...env
  } = process.env;
  const build = spawn(process.execPath, [viteBin, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: projectRoot,
    env: { ...env, NODE_ENV: react, CAIRN_SIGNING_KEY_FILE: e2eSigningKeyFile },
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    build.once('error', reject);
    build.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`vite build into ${outDir} exited with code ${code}`);
}
