// docs/signed-builds.md shows a Node one-liner that checks a hosted copy's signature with the
// published public key. It writes out the signed statement itself, so it is held here against
// src/core/build/buildSignature.ts as the build signs: run on a signed manifest it says "signed
// by", and on one whose signed words were changed, "NOT signed by".
import { execFileSync } from 'node:child_process';
import { createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BuildManifest } from '../../src/core/build/buildManifest.ts';
import { newSigningKeyPem, signingKeyFrom, signManifest } from '../build/buildSigning.ts';
import { recipeBlocks } from '../serve/hostingDocs.ts';

const doc = readFileSync(new URL('../../docs/signed-builds.md', import.meta.url), 'utf8');
const work = mkdtempSync(join(tmpdir(), 'cairn-signed-docs-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs the documented check in a folder holding `manifest` and the public key of `pem`. */
async function documentedCheck(manifest: BuildManifest, pem: string): Promise<string> {
  const script = recipeBlocks(doc).get('verify-signature');
  if (!script) throw new Error('docs/signed-builds.md has no <!-- recipe: verify-signature --> block');
  writeFileSync(join(work, 'build-manifest.json'), JSON.stringify(manifest));
  // As `openssl pkey -pubout` writes it.
  writeFileSync(join(work, 'cairn-publisher-key.pem'), createPublicKey(pem).export({ type: 'spki', format: 'pem' }));
  return execFileSync('sh', ['-c', script], {
    cwd: work,
    env: { PATH: `${dirname(process.execPath)}:/usr/bin:/bin` },
    encoding: 'utf8',
  }).trim();
}

describe('the documented signature check', () => {
  it('says a build is signed by the published key exactly when the build signed it', async () => {
    const pem = newSigningKeyPem();
    const keys = { publisher: await signingKeyFrom(pem, 'the test key') };
    const fingerprint = keys.publisher.publicKey.fingerprint;
    const build = { version: '1.2.3', commit: 'abc1234', sha256: 'a'.repeat(64), files: {} };
    const signed = signManifest(build, keys);
    expect(await documentedCheck(signed, pem)).toBe(`signed by ${fingerprint}`);
    for (const changed of [{ version: '1.2.4' }, { commit: 'abc1235' }, { sha256: 'b'.repeat(64) }])
      expect(await documentedCheck({ ...signed, ...changed }, pem)).toBe(`NOT signed by ${fingerprint}`);
    expect(await documentedCheck(signManifest(build, undefined), pem)).toBe(`NOT signed by ${fingerprint}`);
  });
});
