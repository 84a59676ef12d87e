import { secp256k1 } from '@noble/curves/secp256k1';
import type { Address, Hex } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';

/** The secp256k1 curve order: r and s lie in 1…N−1, and since EIP-2 s at most N/2. */
export const N = secp256k1.CURVE.n;
const HALF_N = N / 2n;

/**
 * Why (r, s) cannot be a transaction signature, or undefined: both must be in 1…n−1 and, since
 * EIP-2 (Homestead), s must be in the lower half (s ≤ n/2) so a signature has one form only.
 */
export function signatureProblem(r: bigint, s: bigint): string | undefined {
  for (const [name, value] of [
    ['r', r],
    ['s', s],
  ] as const) {
    if (value === 0n) return `The signature's ${name} is zero: this is not a valid signature.`;
    if (value >= N)
      return `The signature's ${name} is not below the secp256k1 curve order: this is not a valid signature.`;
  }
  if (s > HALF_N) {
    return "The signature's s is in the upper half of the curve order (above n/2). Nodes refuse such signatures since EIP-2; the signer's wallet can produce the equivalent low-s signature.";
  }
  return undefined;
}

/** The address whose key made (r, s, yParity) over `hash`, or undefined when none did. */
export function recoverSigner(hash: Hex, r: bigint, s: bigint, yParity: number): Address | undefined {
  try {
    const point = new secp256k1.Signature(r, s).addRecoveryBit(yParity).recoverPublicKey(hash.slice(2));
    return publicKeyToAddress(`0x${point.toHex(false)}`);
  } catch {
    return undefined;
  }
}
