import { p256 } from '@noble/curves/p256';
import { bytesToHex, encodeAbiParameters, type Hex, hexToBytes, numberToHex } from 'viem';
import { toBase64Url, utf8 } from '../../bytes';
import { SmartAccountError } from '../../errors/smartAccount';
import { msg } from '../../i18n/message';

// What a passkey's assertion becomes for the delegate's SignerWebAuthn: OpenZeppelin's
// WebAuthn.WebAuthnAuth, ABI-encoded as its six members in order (WebAuthn.tryDecodeAuth reads
// the struct from the signature's first byte, not behind an offset as abi.encode(struct) would).
// The contract checks what is checked here too (type, challenge, UP and UV, BE/BS), and refuses a
// high S: Cairn refuses a mismatch before anything is sent, and normalises S.

/** What navigator.credentials.get answers, as bytes (AuthenticatorAssertionResponse). */
export type PasskeyAssertion = {
  authenticatorData: Uint8Array;
  clientDataJSON: Uint8Array;
  /** ASN.1 DER ECDSA-Sig-Value, as WebAuthn gives ES256 signatures. */
  signature: Uint8Array;
};

const N = p256.CURVE.n;
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;

const malformed = (details: string) =>
  new SmartAccountError('SMART_PASSKEY_ASSERTION', msg('core.chain:smartAccount.passkeyAssertionMalformed'), {
    details,
  });

/** r and s of a DER signature, S made low (n − s when s > n/2). Throws SMART_PASSKEY_ASSERTION. */
export function lowSSignature(der: Uint8Array): { r: bigint; s: bigint } {
  let parsed: { r: bigint; s: bigint };
  try {
    parsed = p256.Signature.fromDER(der);
  } catch (error) {
    throw malformed(`signature is not DER: ${(error as Error).message}`);
  }
  const { r, s } = parsed;
  if (r <= 0n || r >= N || s <= 0n || s >= N) throw malformed('signature r or s out of range');
  return { r, s: s > N >> 1n ? N - s : s };
}

/** Where `needle` first starts in `haystack`, in bytes, or -1. */
function indexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function clientData(bytes: Uint8Array): { type?: unknown; challenge?: unknown } {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    if (typeof parsed === 'object' && parsed !== null) return parsed;
  } catch {
    // Reported below.
  }
  throw malformed('clientDataJSON is not a JSON object');
}

/**
 * The signature the delegate verifies, from the passkey's answer to a request whose challenge was
 * `challenge` (the 32-byte digest the account checks). Refuses an answer that is not a sign-in
 * ("webauthn.get"), is for another challenge, lacks user presence or verification, or whose
 * fields the contract could not find. Throws SMART_PASSKEY_ASSERTION.
 */
export function encodePasskeySignature(assertion: PasskeyAssertion, challenge: Hex): Hex {
  const { authenticatorData, clientDataJSON } = assertion;
  const data = clientData(clientDataJSON);
  const expected = toBase64Url(hexToBytes(challenge));
  if (data.type !== 'webauthn.get') throw malformed(`clientDataJSON type is ${String(data.type)}`);
  if (data.challenge !== expected) {
    throw new SmartAccountError('SMART_PASSKEY_ASSERTION', msg('core.chain:smartAccount.passkeyAssertionChallenge'));
  }
  const typeIndex = indexOfBytes(clientDataJSON, utf8('"type":"webauthn.get"'));
  const challengeIndex = indexOfBytes(clientDataJSON, utf8(`"challenge":"${expected}"`));
  if (typeIndex < 0 || challengeIndex < 0) throw malformed('clientDataJSON is not serialised as browsers do');
  if (authenticatorData.length < 37) throw malformed('authenticatorData is shorter than 37 bytes');
  const flags = authenticatorData[32] ?? 0;
  if ((flags & FLAG_UP) === 0 || (flags & FLAG_UV) === 0) {
    throw new SmartAccountError('SMART_PASSKEY_ASSERTION', msg('core.chain:smartAccount.passkeyNotVerified'));
  }
  if ((flags & FLAG_BS) !== 0 && (flags & FLAG_BE) === 0) throw malformed('backed up but not backup-eligible');
  const { r, s } = lowSSignature(assertion.signature);
  return encodeAbiParameters(
    [
      { name: 'r', type: 'bytes32' },
      { name: 's', type: 'bytes32' },
      { name: 'challengeIndex', type: 'uint256' },
      { name: 'typeIndex', type: 'uint256' },
      { name: 'authenticatorData', type: 'bytes' },
      // A string in the struct: the same encoding as bytes, kept byte for byte.
      { name: 'clientDataJSON', type: 'bytes' },
    ],
    [
      numberToHex(r, { size: 32 }),
      numberToHex(s, { size: 32 }),
      BigInt(challengeIndex),
      BigInt(typeIndex),
      bytesToHex(authenticatorData),
      bytesToHex(clientDataJSON),
    ],
  );
}
