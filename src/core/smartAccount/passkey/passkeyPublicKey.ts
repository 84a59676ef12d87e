import { p256 } from '@noble/curves/p256';
import { bytesToHex, type Hex } from 'viem';
import { SmartAccountError } from '../../errors/smartAccount';
import { msg } from '../../i18n/message';

/** A passkey's P-256 public key, as the delegate stores it: the point's affine coordinates. */
export type PasskeyPublicKey = { x: Hex; y: Hex };

/** DER SubjectPublicKeyInfo of a P-256 key up to its point: id-ecPublicKey, prime256v1, a 66-byte bit string. */
const SPKI_P256_PREFIX = Uint8Array.from([
  0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce,
  0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00,
]);

const notP256 = (details: string) =>
  new SmartAccountError('SMART_PASSKEY_KEY', msg('core.chain:smartAccount.passkeyKey'), { details });

/**
 * The public key of a passkey made with ES256 (COSE −7), from what
 * AuthenticatorAttestationResponse.getPublicKey() answers: DER SubjectPublicKeyInfo holding an
 * uncompressed point. Refuses another algorithm or curve, and a point not on P-256.
 * Throws SMART_PASSKEY_KEY.
 */
export function passkeyPublicKeyFromSpki(spki: Uint8Array): PasskeyPublicKey {
  const prefix = spki.subarray(0, SPKI_P256_PREFIX.length);
  if (spki.length !== SPKI_P256_PREFIX.length + 65 || prefix.some((byte, i) => byte !== SPKI_P256_PREFIX[i])) {
    throw notP256(`not a P-256 SubjectPublicKeyInfo (${spki.length} bytes)`);
  }
  const point = spki.subarray(SPKI_P256_PREFIX.length);
  try {
    p256.ProjectivePoint.fromHex(point).assertValidity();
  } catch (error) {
    throw notP256(`not a point of P-256: ${(error as Error).message}`);
  }
  return { x: bytesToHex(point.subarray(1, 33)), y: bytesToHex(point.subarray(33, 65)) };
}
