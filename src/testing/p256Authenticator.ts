// A P-256 key from @noble/curves acting as a WebAuthn authenticator, answering as a browser does:
// clientDataJSON serialised as Chromium writes it, authenticator data (RP id hash, flags, counter),
// and an ES256 signature in DER over authenticatorData ‖ SHA-256(clientDataJSON). It signs with
// either S, as real authenticators do (`highS` forces the high one). The real browser flow runs in
// e2e against Chromium's virtual authenticator.
import { p256 } from '@noble/curves/p256';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, type Hex, hexToBytes } from 'viem';
import { toBase64Url, utf8 } from '../core/bytes';
import type { PasskeyAssertion } from '../core/smartAccount/passkey/passkeySignature';

const SPKI_P256_PREFIX = hexToBytes('0x3059301306072a8648ce3d020106082a8648ce3d030107034200');

/** Authenticator data flags: user present, user verified, backup eligible, backed up. */
export const FLAGS = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10 } as const;

export type AssertionOptions = {
  /** Sign with the high S (n − s) instead of the low one. */
  highS?: boolean;
  /** Authenticator data flags; UP | UV by default. */
  flags?: number;
  /** clientDataJSON's type; "webauthn.get" by default. */
  type?: string;
  /** Writes the JSON with spaces after the colons, as no browser does. */
  spaced?: boolean;
};

export function p256Authenticator(origin = 'http://localhost:5173') {
  const key = p256.utils.randomPrivateKey();
  const point = p256.getPublicKey(key, false);
  const rpIdHash = sha256(utf8(new URL(origin).hostname));
  let counter = 0;
  return {
    publicKey: { x: bytesToHex(point.subarray(1, 33)), y: bytesToHex(point.subarray(33, 65)) },
    /** What AuthenticatorAttestationResponse.getPublicKey() answers. */
    spki: Uint8Array.from([...SPKI_P256_PREFIX, ...point]),
    /** The answer to navigator.credentials.get with `challenge`. */
    assert(challenge: Hex, options: AssertionOptions = {}): PasskeyAssertion {
      const colon = options.spaced ? ': ' : ':';
      const fields = [
        ['type', JSON.stringify(options.type ?? 'webauthn.get')],
        ['challenge', JSON.stringify(toBase64Url(hexToBytes(challenge)))],
        ['origin', JSON.stringify(origin)],
        ['crossOrigin', 'false'],
      ];
      const clientDataJSON = utf8(`{${fields.map(([k, v]) => `"${k}"${colon}${v}`).join(',')}}`);
      counter++;
      const authenticatorData = Uint8Array.from([
        ...rpIdHash,
        options.flags ?? FLAGS.UP | FLAGS.UV,
        (counter >>> 24) & 0xff,
        (counter >>> 16) & 0xff,
        (counter >>> 8) & 0xff,
        counter & 0xff,
      ]);
      const digest = sha256(Uint8Array.from([...authenticatorData, ...sha256(clientDataJSON)]));
      const signed = p256.sign(digest, key, { lowS: true });
      const s = options.highS ? p256.CURVE.n - signed.s : signed.s;
      const signature = new p256.Signature(signed.r, s).toDERRawBytes();
      return { authenticatorData, clientDataJSON, signature };
    },
  };
}
