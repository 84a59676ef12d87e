// Publisher keys and signed build manifests for tests, signed as scripts/build/buildSigning.ts signs
// (ECDSA P-256 over core/build/buildSignature.ts's statement), with any set of signers.
import { createHash, createPublicKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { type BuildManifest, manifestListing } from '@/core/build/buildManifest';
import { type PublisherKey, publisherKey, signedStatement } from '@/core/build/buildSignature';

export type TestKey = { privateKey: KeyObject; key: PublisherKey };

/** A new ECDSA key on `curve` (P-256, the one Cairn takes), with its publisher key. */
export async function newTestKey(curve = 'P-256'): Promise<TestKey> {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: curve });
  const spki = createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64');
  const key = await publisherKey(spki);
  if (!key) throw new Error('the test key does not read');
  return { privateKey, key };
}

/** `manifest` naming `own` as its publisher key, signed by each of `by`. */
export function signedBy(manifest: BuildManifest, own: TestKey, by: readonly TestKey[]): BuildManifest {
  const named = { ...manifest, key: own.key.fingerprint };
  const signatures = Object.fromEntries(
    by.map((signer) => [
      signer.key.fingerprint,
      sign('sha256', signedStatement(named), { key: signer.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64'),
    ]),
  );
  return { ...named, signatures };
}

/** The SHA-256 of `data` (text as UTF-8) in hex, by Node's crypto: apart from the WebCrypto code under test. */
export const sha256 = (data: string | ArrayBuffer | Uint8Array): string =>
  createHash('sha256')
    .update(typeof data === 'string' ? data : new Uint8Array(data))
    .digest('hex');

/** `sha256` as the build checks take their hash function (core/build/releaseCheck.ts's CheckTools). */
export const sha256Tool = async (bytes: ArrayBuffer | Uint8Array): Promise<string> => sha256(bytes);

/** The unsigned manifest of a build of `files` (path → text) as `version`. */
export function manifestOfFiles(files: Readonly<Record<string, string>>, version = '1.0.0'): BuildManifest {
  const hashes = Object.fromEntries(Object.entries(files).map(([path, text]) => [path, sha256(text)]));
  return { version, commit: 'abc1234', files: hashes, sha256: sha256(manifestListing(hashes)) };
}
