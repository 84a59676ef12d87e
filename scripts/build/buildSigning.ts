// The publisher's signing key for `npm run build` (src/core/build/buildSignature.ts says what is
// signed). The key is an ECDSA P-256 private key in PEM (PKCS#8 or SEC1), given either as text in
// CAIRN_SIGNING_KEY or as a file named by CAIRN_SIGNING_KEY_FILE. To change keys, the new key
// goes there and the old one in CAIRN_PREVIOUS_SIGNING_KEY(_FILE): the build is then signed by
// both, so workers that trust the old key take it (docs/signed-builds.md). Without a key the
// build stops, unless it was asked unsigned (`npm run build -- --unsigned`, for development and
// tests): an unsigned build's service worker says so.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { type BuildManifest, parseBuildManifest } from '../../src/core/build/buildManifest.ts';
import { type PublisherKey, publisherKey, signedStatement } from '../../src/core/build/buildSignature.ts';

export type SigningKey = { privateKey: KeyObject; publicKey: PublisherKey };

/** The build's keys: the publisher key it is made for, and the key before it while keys change. */
export type SigningKeys = { publisher: SigningKey; previous?: SigningKey | undefined };

const MAKE_ONE = 'openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out cairn-signing-key.pem';

/** The ECDSA P-256 key in `pem`; throws, naming `source`, for anything else. */
export async function signingKeyFrom(pem: string, source: string): Promise<SigningKey> {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pem);
  } catch {
    throw new Error(`${source} is not a private key in PEM. Make one with:\n  ${MAKE_ONE}`);
  }
  if (privateKey.asymmetricKeyType !== 'ec' || privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw new Error(`${source} is not an ECDSA P-256 key. Make one with:\n  ${MAKE_ONE}`);
  const spki = createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64');
  const publicKey = await publisherKey(spki);
  if (!publicKey) throw new Error(`${source}: its public key cannot be read by WebCrypto`);
  return { privateKey, publicKey };
}

type Env = Record<string, string | undefined>;

/** The key named by `NAME` (PEM text) or `NAME_FILE` (a path), or undefined when neither is set. */
async function keyFromEnv(env: Env, name: string): Promise<SigningKey | undefined> {
  const text = env[name];
  const file = env[`${name}_FILE`];
  if (text && file) throw new Error(`Set ${name} or ${name}_FILE, not both.`);
  if (text) return signingKeyFrom(text, name);
  if (!file) return undefined;
  if (!existsSync(file)) throw new Error(`${name}_FILE names ${file}, which does not exist.`);
  return signingKeyFrom(readFileSync(file, 'utf8'), `${name}_FILE (${file})`);
}

/**
 * Set (to "1") for a build asked to be unsigned: `npm run build -- --unsigned` sets it
 * (scripts/build/build.ts), and so do the tests and benches that build without a key.
 */
export const UNSIGNED_BUILD_ENV = 'CAIRN_UNSIGNED_BUILD';

/** Why a build with no key stops. */
export const NO_KEY_SENTENCE =
  'No signing key: a build of Cairn is signed with its publisher key, given in CAIRN_SIGNING_KEY_FILE or CAIRN_SIGNING_KEY (docs/signed-builds.md). For an unsigned build, for development only, run `npm run build -- --unsigned`.';

/** Whether the environment asks for an unsigned build. */
export const unsignedAsked = (env: Env = process.env): boolean => env[UNSIGNED_BUILD_ENV] === '1';

/** Throws NO_KEY_SENTENCE for a build with no key that was not asked to be unsigned. */
export function refuseUnaskedUnsigned(keys: SigningKeys | undefined, unsigned: boolean): void {
  if (!keys && !unsigned) throw new Error(NO_KEY_SENTENCE);
}

/** The keys the environment gives the build, or undefined when it gives none. */
export async function signingKeysFromEnv(env: Env = process.env): Promise<SigningKeys | undefined> {
  const publisher = await keyFromEnv(env, 'CAIRN_SIGNING_KEY');
  const previous = await keyFromEnv(env, 'CAIRN_PREVIOUS_SIGNING_KEY');
  if (previous && !publisher)
    throw new Error('CAIRN_PREVIOUS_SIGNING_KEY is for changing keys: give the new key in CAIRN_SIGNING_KEY too.');
  return publisher ? { publisher, previous } : undefined;
}

/**
 * `manifest` signed for `keys.publisher` (and by the previous key while keys change); without
 * keys, marked unsigned (no publisher key, no signatures). Throws when a worker would read the
 * signed manifest otherwise than it is signed (a version or commit of a form the update bar does
 * not show becomes "unknown"): every worker would refuse that build.
 */
export function signManifest(manifest: BuildManifest, keys: SigningKeys | undefined): BuildManifest {
  const signed = signedManifest(manifest, keys);
  if (keys && !isDeepStrictEqual(parseBuildManifest(JSON.parse(JSON.stringify(signed))), signed))
    throw new Error(
      `build-manifest.json would not be read as it is signed: check its version (${manifest.version}) and commit (${manifest.commit})`,
    );
  return signed;
}

function signedManifest(manifest: BuildManifest, keys: SigningKeys | undefined): BuildManifest {
  const { key: _key, signatures: _signatures, ...unsigned } = manifest;
  if (!keys) return unsigned;
  const named = { ...unsigned, key: keys.publisher.publicKey.fingerprint };
  const statement = signedStatement(named);
  const signatures: Record<string, string> = {};
  for (const key of [keys.publisher, keys.previous]) {
    if (!key) continue;
    signatures[key.publicKey.fingerprint] = sign('sha256', statement, {
      key: key.privateKey,
      dsaEncoding: 'ieee-p1363',
    }).toString('base64');
  }
  return { ...named, signatures };
}

/** A new ECDSA P-256 key in PEM (PKCS#8). */
export function newSigningKeyPem(): string {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
}

/** Writes a new key to `path` (readable by its owner only) unless one is there; true when it made one. */
export function ensureSigningKeyFile(path: string): boolean {
  if (existsSync(path)) return false;
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, newSigningKeyPem(), { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
  return true;
}
