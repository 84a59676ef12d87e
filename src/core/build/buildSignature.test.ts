import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newTestKey, sha256, signedBy } from '@/testing/signedBuilds';
import type { BuildManifest } from './buildManifest';
import { groupedFingerprint, isSignedBy, publisherKey } from './buildSignature';

const build: BuildManifest = { version: '1.2.0', commit: 'abc1234', sha256: sha256('listing'), files: {} };

describe('signed builds', () => {
  it('names a key by the SHA-256 of its SubjectPublicKeyInfo, as openssl and sha256sum compute it', async () => {
    const { privateKey, key } = await newTestKey();
    const der = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
    expect(key.fingerprint).toBe(sha256(der));
    expect(groupedFingerprint('0123456789abcdef')).toBe('0123 4567 89ab cdef');
  });

  it('reads only ECDSA P-256 public keys', async () => {
    expect(await publisherKey('not base64!')).toBeUndefined();
    expect(await publisherKey(Buffer.from('junk').toString('base64'))).toBeUndefined();
    const otherCurve = generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey;
    expect(await publisherKey(otherCurve.export({ type: 'spki', format: 'der' }).toString('base64'))).toBeUndefined();
  });

  it('takes a build its key signed, and nothing changed in what was signed', async () => {
    const publisher = await newTestKey();
    const manifest = signedBy(build, publisher, [publisher]);
    expect(await isSignedBy(manifest, publisher.key)).toBe(true);
    for (const changed of [
      { ...manifest, sha256: sha256('another listing') },
      { ...manifest, version: '9.9.9' },
      { ...manifest, commit: 'fffffff' },
    ])
      expect(await isSignedBy(changed, publisher.key)).toBe(false);
  });

  it('refuses an unsigned build, one signed by another key, and a signature moved to another key’s name', async () => {
    const [publisher, stranger] = [await newTestKey(), await newTestKey()];
    expect(await isSignedBy(build, publisher.key)).toBe(false);
    const byStranger = signedBy(build, stranger, [stranger]);
    expect(await isSignedBy(byStranger, publisher.key)).toBe(false);
    // The stranger's signature filed under the publisher's fingerprint does not check out.
    const relabelled = {
      ...byStranger,
      signatures: { [publisher.key.fingerprint]: byStranger.signatures?.[stranger.key.fingerprint] ?? '' },
    };
    expect(await isSignedBy(relabelled, publisher.key)).toBe(false);
    // Nor does the publisher's own signature once the build names another publisher key.
    const publisherSigned = signedBy(build, publisher, [publisher]);
    expect(await isSignedBy({ ...publisherSigned, key: stranger.key.fingerprint }, publisher.key)).toBe(false);
  });

  it('takes a new key only from a build the old key signed too', async () => {
    const [oldKey, newKeyOfPublisher, stranger] = [await newTestKey(), await newTestKey(), await newTestKey()];
    // The handover: a build for the new key, signed by both. A worker that trusts the old key takes
    // it, and so does the new key's own worker.
    const handover = signedBy(build, newKeyOfPublisher, [newKeyOfPublisher, oldKey]);
    expect(await isSignedBy(handover, oldKey.key)).toBe(true);
    expect(await isSignedBy(handover, newKeyOfPublisher.key)).toBe(true);
    // A build for a new key signed by that key alone is not taken by a worker trusting the old one.
    expect(await isSignedBy(signedBy(build, newKeyOfPublisher, [newKeyOfPublisher]), oldKey.key)).toBe(false);
    expect(await isSignedBy(signedBy(build, stranger, [stranger]), oldKey.key)).toBe(false);
  });
});
