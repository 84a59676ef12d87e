// EIP-7702 authorizations as a verified call applies them before it runs, as the chain does.
// No EVM code here: the call check (checkedCall.ts), which the wallet loads early, takes designation.
import type { StateManagerInterface } from '@ethereumjs/common';
import { type Address, type Hex, hexToBytes, type SignedAuthorizationList, zeroAddress } from 'viem';
import { recoverAuthorizationAddress } from 'viem/utils';
import { designatorCode } from '../chain/delegationDesignator';
import { sameAddress } from '../keys/sameAddress';

/** EIP-7702's intrinsic gas per authorization (PER_EMPTY_ACCOUNT_COST; a refund for existing accounts comes after). */
export const AUTHORIZATION_GAS = 25_000n;

/**
 * One authorization with the account that signed it, recovered from its signature (never as
 * anyone says); or one to be signed at Confirm (`nonce` undefined), which will take the
 * authority's nonce then: applied as a preview applies it, its nonce unchecked.
 */
export type Authorizing = { authority: Address; delegate: Address; chainId: number; nonce: bigint | undefined };

/** Authorizations a transaction will carry, signed only at Confirm, as Authorizing entries. */
export const pendingAuthorizing = (upgrades: readonly { authority: Address; delegate: Address }[]): Authorizing[] =>
  upgrades.map(({ authority, delegate }) => ({ authority, delegate, chainId: 0, nonce: undefined }));

/** The code an authorization to `delegate` leaves at its authority: its designator, none for the zero address (an undo). */
export const designation = (delegate: Address): Hex =>
  sameAddress(delegate, zeroAddress) ? '0x' : designatorCode(delegate);

/** The authorities of `list`, recovered from each signature; one whose signature recovers nothing is left out (the chain skips it). */
export async function authorizingOf(list: SignedAuthorizationList): Promise<Authorizing[]> {
  const recovered = await Promise.all(
    list.map(async (authorization): Promise<Authorizing | undefined> => {
      try {
        const authority = await recoverAuthorizationAddress({ authorization });
        return {
          authority,
          delegate: authorization.address,
          chainId: authorization.chainId,
          nonce: BigInt(authorization.nonce),
        };
      } catch {
        return undefined;
      }
    }),
  );
  return recovered.filter((entry): entry is Authorizing => entry !== undefined);
}

/**
 * Applies `authorizations` to `state` in order, as EIP-7702 does after the sender's nonce went up:
 * each whose chain id is 0 or `chainId`, whose nonce is its authority's, and whose authority holds
 * no code other than a delegation, sets the authority's code to the delegation (none for the zero
 * address) and raises its nonce. Others are skipped, as the chain skips them.
 */
export async function applyAuthorizations(
  state: Pick<StateManagerInterface, 'getAccount' | 'getCode' | 'putCode' | 'modifyAccountFields'>,
  authorizations: readonly Authorizing[],
  chainId: number,
  evmAddress: (address: Address) => Parameters<StateManagerInterface['getAccount']>[0],
): Promise<void> {
  for (const { authority, delegate, chainId: signedFor, nonce } of authorizations) {
    if (signedFor !== 0 && signedFor !== chainId) continue;
    const address = evmAddress(authority);
    const account = await state.getAccount(address);
    const code = await state.getCode(address);
    const delegated = code.length === 23 && code[0] === 0xef && code[1] === 0x01 && code[2] === 0x00;
    if (code.length > 0 && !delegated) continue;
    const current = account?.nonce ?? 0n;
    if (nonce !== undefined && current !== nonce) continue;
    await state.putCode(address, hexToBytes(designation(delegate)));
    await state.modifyAccountFields(address, { nonce: current + 1n });
  }
}
