import { secp256k1 } from '@noble/curves/secp256k1';
import type { Address, Hex } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import { codeValue, type Message, msg } from '../i18n/message';

/** The secp256k1 curve order: r and s lie in 1…N−1, and since EIP-2 s at most N/2. */
export const N = secp256k1.CURVE.n;
const HALF_N = N / 2n;

/**
 * Why (r, s) cannot be a transaction signature, or undefined: both must be in 1…n−1 and, since
 * EIP-2 (Homestead), s must be in the lower half (s ≤ n/2) so a signature has one form only.
 */
export function signatureProblem(r: bigint, s: bigint): Message | undefined {
  for (const [part, value] of [
    ['r', r],
    ['s', s],
  ] as const) {
    if (value === 0n) return msg('core.signing:signature.zero', { part: codeValue(part) });
    if (value >= N) return msg('core.signing:signature.aboveOrder', { part: codeValue(part) });
  }
  if (s > HALF_N) return msg('core.signing:signature.highS');
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
