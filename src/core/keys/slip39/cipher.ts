// The passphrase encryption of SLIP-0039's master secret: a four-round Feistel network whose round
// function is PBKDF2-HMAC-SHA256, 2500·2^e iterations a round (10000·2^e in all). Computed with
// WebCrypto, natively, as seed.ts does for BIP39, so a high exponent stays bearable.
import { copy } from '../../bytes';

const ROUNDS = 4;
const BASE_ITERATIONS = 10_000;

/** PBKDF2 iterations a whole encryption or decryption runs for an iteration exponent. */
export function totalIterations(iterationExponent: number): number {
  return BASE_ITERATIONS << iterationExponent;
}

export type CipherParameters = {
  /** The passphrase's bytes (printable ASCII when the shares are made). */
  passphrase: Uint8Array;
  iterationExponent: number;
  identifier: number;
  extendable: boolean;
};

/** The salt's prefix: only shares without the extendable flag tie the encryption to their identifier. */
function saltPrefix({ extendable, identifier }: CipherParameters): Uint8Array {
  if (extendable) return new Uint8Array();
  const prefix = new Uint8Array(8);
  prefix.set(Array.from('shamir', (c) => c.charCodeAt(0)));
  prefix[6] = identifier >>> 8;
  prefix[7] = identifier & 0xff;
  return prefix;
}

async function roundFunction(round: number, half: Uint8Array, parameters: CipherParameters): Promise<Uint8Array> {
  const password = new Uint8Array(1 + parameters.passphrase.length);
  password[0] = round;
  password.set(parameters.passphrase, 1);
  const prefix = saltPrefix(parameters);
  const salt = new Uint8Array(prefix.length + half.length);
  salt.set(prefix);
  salt.set(half, prefix.length);
  const key = await crypto.subtle.importKey('raw', password, 'PBKDF2', false, ['deriveBits']);
  password.fill(0);
  const iterations = totalIterations(parameters.iterationExponent) / ROUNDS;
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    half.length * 8,
  );
  salt.fill(0);
  return new Uint8Array(bits);
}

async function feistel(
  input: Uint8Array,
  rounds: readonly number[],
  parameters: CipherParameters,
): Promise<Uint8Array> {
  const half = input.length / 2;
  let left: Uint8Array = copy(input.subarray(0, half));
  let right: Uint8Array = copy(input.subarray(half));
  for (const round of rounds) {
    const mixed = await roundFunction(round, right, parameters);
    for (let i = 0; i < half; i++) mixed[i] = (mixed[i] ?? 0) ^ (left[i] ?? 0);
    left.fill(0);
    left = right;
    right = mixed;
  }
  const output = new Uint8Array(input.length);
  output.set(right);
  output.set(left, half);
  left.fill(0);
  right.fill(0);
  return output;
}

/** The encrypted master secret (same length as the master secret, which has an even length). */
export function encryptMasterSecret(masterSecret: Uint8Array, parameters: CipherParameters): Promise<Uint8Array> {
  return feistel(masterSecret, [0, 1, 2, 3], parameters);
}

/** The master secret. Any passphrase decrypts, each to its own secret: a wrong one is not detected. */
export function decryptMasterSecret(encrypted: Uint8Array, parameters: CipherParameters): Promise<Uint8Array> {
  return feistel(encrypted, [3, 2, 1, 0], parameters);
}
