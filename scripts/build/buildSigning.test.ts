import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BuildManifest } from '../../src/core/build/buildManifest.ts';
import { isSignedBy } from '../../src/core/build/buildSignature.ts';
import { ensureSigningKeyFile, newSigningKeyPem, signingKeysFromEnv, signManifest } from './buildSigning.ts';

const work = mkdtempSync(join(tmpdir(), 'cairn-signing-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const build: BuildManifest = { version: '0.1.0', commit: 'abc1234', sha256: 'a'.repeat(64), files: {} };

describe('signing the build', () => {
  it('builds unsigned without a key, and marks the manifest so', async () => {
    expect(await signingKeysFromEnv({})).toBeUndefined();
    const marked = signManifest({ ...build, key: 'b'.repeat(64), signatures: {} }, undefined);
    expect(marked).toEqual(build);
  });

  it('signs with a key given as text or as a file, in a way the service worker checks', async () => {
    const pem = newSigningKeyPem();
    const file = join(work, 'key.pem');
    writeFileSync(file, pem);
    const fromText = await signingKeysFromEnv({ CAIRN_SIGNING_KEY: pem });
    const fromFile = await signingKeysFromEnv({ CAIRN_SIGNING_KEY_FILE: file });
    expect(fromFile?.publisher.publicKey).toEqual(fromText?.publisher.publicKey);
    if (!fromFile) throw new Error('no key');
    const signed = signManifest(build, fromFile);
    expect(signed.key).toBe(fromFile.publisher.publicKey.fingerprint);
    expect(await isSignedBy(signed, fromFile.publisher.publicKey)).toBe(true);
  });

  it('signs with the key before too while keys change, so workers trusting the old key take the build', async () => {
    const [next, previous] = [newSigningKeyPem(), newSigningKeyPem()];
    const keys = await signingKeysFromEnv({ CAIRN_SIGNING_KEY: next, CAIRN_PREVIOUS_SIGNING_KEY: previous });
    if (!keys?.previous) throw new Error('no keys');
    const signed = signManifest(build, keys);
    expect(signed.key).toBe(keys.publisher.publicKey.fingerprint);
    expect(await isSignedBy(signed, keys.previous.publicKey)).toBe(true);
    expect(await isSignedBy(signed, keys.publisher.publicKey)).toBe(true);
  });

  it('refuses to sign a manifest a worker would read otherwise than it is signed', async () => {
    const keys = await signingKeysFromEnv({ CAIRN_SIGNING_KEY: newSigningKeyPem() });
    for (const odd of [{ version: '1.0 beta' }, { commit: 'not hex' }, { version: `1.${'0'.repeat(40)}` }])
      expect(() => signManifest({ ...build, ...odd }, keys)).toThrow(/would not be read as it is signed/);
    // Unsigned, it is only shown as "unknown".
    expect(signManifest({ ...build, version: '1.0 beta' }, undefined).version).toBe('1.0 beta');
  });

  it('refuses what is not an ECDSA P-256 private key, naming where it came from', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    await expect(signingKeysFromEnv({ CAIRN_SIGNING_KEY: String(rsa) })).rejects.toThrow(
      /CAIRN_SIGNING_KEY is not an ECDSA P-256 key/,
    );
    await expect(signingKeysFromEnv({ CAIRN_SIGNING_KEY: 'hello' })).rejects.toThrow(/not a private key in PEM/);
    await expect(signingKeysFromEnv({ CAIRN_SIGNING_KEY_FILE: join(work, 'missing.pem') })).rejects.toThrow(
      /does not exist/,
    );
    await expect(
      signingKeysFromEnv({ CAIRN_SIGNING_KEY: newSigningKeyPem(), CAIRN_SIGNING_KEY_FILE: join(work, 'key.pem') }),
    ).rejects.toThrow(/not both/);
    await expect(signingKeysFromEnv({ CAIRN_PREVIOUS_SIGNING_KEY: newSigningKeyPem() })).rejects.toThrow(
      /give the new key/,
    );
  });

  it('makes a local key once, readable by its owner only', () => {
    const file = join(work, 'nested', 'local-key.pem');
    expect(ensureSigningKeyFile(file)).toBe(true);
    const made = statSync(file);
    expect(made.mode & 0o777).toBe(0o600);
    expect(ensureSigningKeyFile(file)).toBe(false);
    expect(statSync(file).mtimeMs).toBe(made.mtimeMs);
  });
});
