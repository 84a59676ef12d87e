// BIP39 seeds with WebCrypto only (no curve code), so the vault can derive seeds without
// pulling secp256k1 into the first screen's bundle.
const encoder = new TextEncoder();

/** UTF-8 bytes of text in NFKD form, as BIP39 feeds phrases and passphrases to PBKDF2. */
export function nfkdBytes(text: string): Uint8Array {
  return encoder.encode(text.normalize('NFKD'));
}

/**
 * The 64-byte BIP39 seed: PBKDF2-HMAC-SHA512(phrase, "mnemonic" + passphrase, 2048), computed
 * natively with WebCrypto. Inputs are the NFKD UTF-8 bytes, so secrets need not pass through
 * JavaScript strings here. The caller owns (and should zero-fill) the result.
 */
export async function seedFromPhrase(
  phrase: Uint8Array,
  passphrase: Uint8Array = new Uint8Array(),
): Promise<Uint8Array> {
  const salt = new Uint8Array(8 + passphrase.length);
  salt.set(encoder.encode('mnemonic'));
  salt.set(passphrase, 8);
  const key = await crypto.subtle.importKey('raw', phrase as BufferSource, 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-512', salt, iterations: 2048 }, key, 512);
  salt.fill(0);
  return new Uint8Array(bits);
}
