// The Permit2 permit a swap asks the person to sign: the router may take exactly the amount in,
// once, until the swap's deadline. Its typed data is what the signer signs and what the review shows.
import type { Address } from 'viem';
import type { PermitSingle } from './routerCommands';

/**
 * A permit for exactly `amount` of `token`, for the router only, that ends with the swap's own
 * deadline: it cannot be used after the swap could no longer be mined.
 */
export function swapPermit(args: {
  token: Address;
  amount: bigint;
  router: Address;
  /** Permit2's present nonce for this owner, token and router. */
  nonce: number;
  /** The swap's deadline, unix seconds. */
  expiry: bigint;
}): PermitSingle {
  return {
    details: { token: args.token, amount: args.amount, expiration: Number(args.expiry), nonce: args.nonce },
    spender: args.router,
    sigDeadline: args.expiry,
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
