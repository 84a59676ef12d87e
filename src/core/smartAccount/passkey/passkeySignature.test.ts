import { p256 } from '@noble/curves/p256';
import { sha256 } from '@noble/hashes/sha2';
import { decodeAbiParameters, type Hex, hexToBigInt, hexToBytes, keccak256, toBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import { expectRefusal } from '@/testing/expectRefusal';
import { FLAGS, p256Authenticator } from '@/testing/p256Authenticator';
import { passkeyPublicKeyFromSpki } from './passkeyPublicKey';
import { encodePasskeySignature, lowSSignature } from './passkeySignature';

const N = p256.CURVE.n;
const challenge = keccak256(toBytes('a batch to run'));

const decode = (encoded: Hex) =>
  decodeAbiParameters(
    [
      { type: 'bytes32' },
      { type: 'bytes32' },
      { type: 'uint256' },
      { type: 'uint256' },
      { type: 'bytes' },
      { type: 'bytes' },
    ],
    encoded,
  );

describe('a DER signature made low-S', () => {
  it('keeps a low S and turns a high S into n − s', () => {
    const authenticator = p256Authenticator();
    const low = p256.Signature.fromDER(authenticator.assert(challenge).signature);
    const high = p256.Signature.fromDER(authenticator.assert(challenge, { highS: true }).signature);
    expect(high.s > N / 2n).toBe(true);
    expect(lowSSignature(high.toDERRawBytes())).toEqual({ r: high.r, s: N - high.s });
    expect(lowSSignature(low.toDERRawBytes())).toEqual({ r: low.r, s: low.s });
  });

  it('reads r and s from DER, also with the leading zero of a high first bit', () => {
    // SEQUENCE { INTEGER 0x00 0x80…01, INTEGER 0x01 }: r needs its 0x00 to stay positive.
    const r = `80${'00'.repeat(30)}01`;
    const der = hexToBytes(`0x3026022100${r}020101`);
    expect(lowSSignature(der)).toEqual({ r: hexToBigInt(`0x${r}`), s: 1n });
  });

  it('refuses bytes that are not one DER signature', () => {
    const good = p256Authenticator().assert(challenge).signature;
    for (const bad of [
      Uint8Array.from([...good, 0x00]), // a byte after the sequence
      Uint8Array.from([0x31, ...good.subarray(1)]), // a SET, not a SEQUENCE
      good.subarray(0, good.length - 1), // cut short
      new Uint8Array(64), // raw r ‖ s, not DER
    ]) {
      expectRefusal(() => lowSSignature(bad), 'SMART_PASSKEY_ASSERTION', /malformed/);
    }
  });
});

describe('the WebAuthn signature the delegate verifies', () => {
  it('is the six WebAuthnAuth members, the indices pointing at type and challenge, S low', () => {
    const authenticator = p256Authenticator();
    const assertion = authenticator.assert(challenge, { highS: true });
    const [r, s, challengeIndex, typeIndex, authenticatorData, clientDataJSON] = decode(
      encodePasskeySignature(assertion, challenge),
    );
    const text = new TextDecoder().decode(hexToBytes(clientDataJSON));
    expect(text.slice(Number(typeIndex)).startsWith('"type":"webauthn.get"')).toBe(true);
    expect(text.slice(Number(challengeIndex)).startsWith(`"challenge":"`)).toBe(true);
    expect(hexToBytes(authenticatorData)).toEqual(assertion.authenticatorData);
    expect(hexToBigInt(s) <= N / 2n).toBe(true);
    // What OpenZeppelin's WebAuthn.verify checks: P-256 over sha256(authenticatorData ‖ sha256(clientDataJSON)).
    const message = sha256(Uint8Array.from([...assertion.authenticatorData, ...sha256(assertion.clientDataJSON)]));
    const signature = new p256.Signature(hexToBigInt(r), hexToBigInt(s));
    const publicKey = hexToBytes(`0x04${authenticator.publicKey.x.slice(2)}${authenticator.publicKey.y.slice(2)}`);
    expect(p256.verify(signature, message, publicKey, { lowS: true })).toBe(true);
  });

  it('takes backed-up passkeys (BE and BS set)', () => {
    const assertion = p256Authenticator().assert(challenge, { flags: FLAGS.UP | FLAGS.UV | FLAGS.BE | FLAGS.BS });
    expect(() => encodePasskeySignature(assertion, challenge)).not.toThrow();
  });

  it('refuses an answer for another challenge, not a sign-in, or without user verification', () => {
    const authenticator = p256Authenticator();
    const other = keccak256(toBytes('another batch'));
    const cases = [
      [authenticator.assert(other), /signed something other/],
      [authenticator.assert(challenge, { type: 'webauthn.create' }), /cannot be used/],
      [authenticator.assert(challenge, { flags: FLAGS.UP }), /did not verify you/],
      [authenticator.assert(challenge, { flags: FLAGS.UV }), /did not verify you/],
      [authenticator.assert(challenge, { flags: FLAGS.UP | FLAGS.UV | FLAGS.BS }), /cannot be used/],
      [authenticator.assert(challenge, { spaced: true }), /cannot be used/],
    ] as const;
    for (const [assertion, words] of cases) {
      expectRefusal(() => encodePasskeySignature(assertion, challenge), 'SMART_PASSKEY_ASSERTION', words);
    }
    const short = { ...authenticator.assert(challenge), authenticatorData: new Uint8Array(36) };
    expectRefusal(() => encodePasskeySignature(short, challenge), 'SMART_PASSKEY_ASSERTION', /cannot be used/);
    const notJson = { ...authenticator.assert(challenge), clientDataJSON: Uint8Array.from([0xff, 0xfe]) };
    expectRefusal(() => encodePasskeySignature(notJson, challenge), 'SMART_PASSKEY_ASSERTION', /cannot be used/);
  });
});

describe("a passkey's public key", () => {
  it('is read from the SubjectPublicKeyInfo a new passkey gives', () => {
    const authenticator = p256Authenticator();
    expect(passkeyPublicKeyFromSpki(authenticator.spki)).toEqual(authenticator.publicKey);
  });

  it('refuses another kind of key and a point off the curve', () => {
    const { spki } = p256Authenticator();
    const offCurve = spki.slice();
    offCurve[offCurve.length - 1] = (offCurve[offCurve.length - 1] ?? 0) ^ 1;
    const otherCurve = spki.slice();
    otherCurve[21] = 0x22; // secp384r1's OID ends 0x22, as the key does not
    for (const bad of [offCurve, otherCurve, spki.subarray(0, 60), new Uint8Array(91)]) {
      expectRefusal(() => passkeyPublicKeyFromSpki(bad), 'SMART_PASSKEY_KEY', /P-256/);
    }
  });
});
