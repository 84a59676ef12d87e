// The Permit2 permit a swap asks the person to sign: the router may take exactly the amount in,
// once, for a short while. Its typed data is what the signer signs and what the review shows.
import type { Address } from 'viem';
import type { PermitSingle } from './routerCommands';

/** A swap's permit lasts this long: long enough to review and confirm, short enough to be useless later. */
export const SWAP_PERMIT_SECONDS = 30n * 60n;

export function swapPermit(args: {
  token: Address;
  amount: bigint;
  router: Address;
  /** Permit2's present nonce for this owner, token and router. */
  nonce: number;
  /** The chain's present time, unix seconds. */
  now: bigint;
}): PermitSingle {
  const expiry = args.now + SWAP_PERMIT_SECONDS;
  return {
    details: { token: args.token, amount: args.amount, expiration: Number(expiry), nonce: args.nonce },
    spender: args.router,
    sigDeadline: expiry,
  };
}

export const permitSingleTypes = {
  PermitSingle: [
    { name: 'details', type: 'PermitDetails' },
    { name: 'spender', type: 'address' },
    { name: 'sigDeadline', type: 'uint256' },
  ],
  PermitDetails: [
    { name: 'token', type: 'address' },
    { name: 'amount', type: 'uint160' },
    { name: 'expiration', type: 'uint48' },
    { name: 'nonce', type: 'uint48' },
  ],
} as const;

/** The EIP-712 typed data of `permit` for Permit2 at `permit2` on `chainId`. */
export function permitTypedData(permit: PermitSingle, permit2: Address, chainId: number) {
  return {
    domain: { name: 'Permit2', chainId, verifyingContract: permit2 },
    types: permitSingleTypes,
    primaryType: 'PermitSingle' as const,
    message: permit,
  };
}
