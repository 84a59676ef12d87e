/**
 * Signed builds. The publisher signs each build's manifest with an ECDSA P-256 key (SHA-256,
 * through WebCrypto, which every browser has in a service worker; Ed25519 came to Chromium's
 * WebCrypto only in version 137). Their sw.js carries the public key, and serves only builds whose
 * manifest that key signed (src/serviceWorker). What is signed is the statement below: the build
 * hash (which fixes every file through the listing it hashes), the version and commit the update
 * bar shows, and the publisher key the build's own sw.js carries. A build signed with a new key
 * is taken by a worker that trusts the old one only when the old key signed it too: that is how a
 * publisher changes keys (scripts/build/buildSigning.ts signs; docs/signed-builds.md).
 */
import { fromBase64, sha256HexOf, utf8 } from '../bytes.ts';
import type { BuildManifest } from './buildManifest.ts';

/** A publisher key as sw.js carries it: its SubjectPublicKeyInfo (DER) in base64, and the SHA-256 of that DER in hex. */
export type PublisherKey = { spki: string; fingerprint: string };

/**
 * The keys a signed build's sw.js carries: the publisher key, which alone can make a build
 * current or staged, and while keys change the keys before it, trusted only to go on serving a
 * build that is already served (src/core/build/trustedState.ts).
 */
export type TrustedKeys = { publisher: PublisherKey; previous: readonly PublisherKey[] };

const CURVE = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' } as const;

/** What a signature of `manifest` signs, as bytes. */
export function signedStatement(manifest: Pick<BuildManifest, 'sha256' | 'version' | 'commit' | 'key'>): Uint8Array {
  return utf8(
    'Cairn build, signed by its publisher\n' +
      `build hash: ${manifest.sha256}\n` +
      `version: ${manifest.version}\n` +
      `commit: ${manifest.commit}\n` +
      `publisher key: ${manifest.key ?? 'none'}\n`,
  );
}

/** The key in `spki` (base64 DER), with its fingerprint; undefined when it is not an ECDSA P-256 public key. */
export async function publisherKey(spki: string): Promise<PublisherKey | undefined> {
  const der = fromBase64(spki);
  if (!der) return undefined;
  try {
    await crypto.subtle.importKey('spki', der as Uint8Array<ArrayBuffer>, CURVE, false, ['verify']);
  } catch {
    return undefined;
  }
  return { spki, fingerprint: await sha256HexOf(der) };
}

const imported = new Map<string, Promise<CryptoKey>>();
function verifyingKey(key: PublisherKey): Promise<CryptoKey> {
  let found = imported.get(key.spki);
  if (!found) {
    const der = fromBase64(key.spki) ?? new Uint8Array();
    found = crypto.subtle.importKey('spki', der as Uint8Array<ArrayBuffer>, CURVE, false, ['verify']);
    imported.set(key.spki, found);
  }
  return found;
}

/**
 * Whether `trusted` signed `manifest`: its signature by that key is present and checks out over
 * the manifest's statement. An unsigned build's manifest (no publisher key) is signed by none.
 */
export async function isSignedBy(manifest: BuildManifest, trusted: PublisherKey): Promise<boolean> {
  const signature = manifest.key ? manifest.signatures?.[trusted.fingerprint] : undefined;
  const bytes = signature ? fromBase64(signature) : undefined;
  if (!bytes) return false;
  try {
    return await crypto.subtle.verify(
      SIGNING,
      await verifyingKey(trusted),
      bytes as Uint8Array<ArrayBuffer>,
      signedStatement(manifest) as Uint8Array<ArrayBuffer>,
    );
  } catch {
    return false;
  }
}

/** A fingerprint as people compare it: groups of four hex digits. */
export const groupedFingerprint = (fingerprint: string): string => fingerprint.replace(/(.{4})(?=.)/g, '$1 ');
