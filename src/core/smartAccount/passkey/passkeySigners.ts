import { type Address, concat, encodeFunctionData, type Hex, isAddressEqual, size, slice } from 'viem';
import { getCode, readContract } from 'viem/actions';
import type { ChainClient } from '../../chain/client';
import { toChainError } from '../../chain/toChainError';
import { SmartAccountError } from '../../errors/smartAccount';
import { msg } from '../../i18n/message';
import type { ExecutionCall } from '../execution';
import { PASSKEY_VERIFIER_ADDRESS, passkeyDelegateAbi } from './passkeyDelegate.generated';
import { isPasskeyAccountCode } from './passkeyDelegateCheck';
import type { PasskeyPublicKey } from './passkeyPublicKey';

// The passkeys a passkey account holds are ERC-7913 signers in OpenZeppelin's MultiSignerERC7913:
// the address of OpenZeppelin's ERC7913WebAuthnVerifier ‖ qx ‖ qy (84 bytes). The delegate takes
// no other kind. Any one registered passkey authorises a batch; adding or removing one is itself
// such a batch, a call from the account to itself, and the delegate never lets the last one go.

/** The largest slice end MultiSignerERC7913.getSigners takes: every signer. */
const ALL = 2n ** 64n - 1n;

/** A passkey as the account registers it: verifier ‖ qx ‖ qy. */
export function passkeySigner(publicKey: PasskeyPublicKey): Hex {
  // Lower case, as the node answers bytes: one spelling to compare.
  return concat([PASSKEY_VERIFIER_ADDRESS, publicKey.x, publicKey.y]).toLowerCase() as Hex;
}

/** The passkey in an ERC-7913 signer, or undefined when it is not one of the verifier's. */
export function passkeyOfSigner(signer: Hex): PasskeyPublicKey | undefined {
  if (size(signer) !== 84 || !isAddressEqual(slice(signer, 0, 20), PASSKEY_VERIFIER_ADDRESS)) return undefined;
  return { x: slice(signer, 20, 52), y: slice(signer, 52, 84) };
}

/** Whether `publicKey` is among `passkeys` (an account's, as readPasskeys reads them). */
export function holdsPasskey(passkeys: readonly PasskeyPublicKey[], publicKey: PasskeyPublicKey): boolean {
  const wanted = passkeySigner(publicKey);
  return passkeys.some((passkey) => passkeySigner(passkey) === wanted);
}

/** The call, inside a batch a registered passkey signs, that registers `publicKey` on `account` too. */
export function encodeAddPasskey(account: Address, publicKey: PasskeyPublicKey): ExecutionCall {
  const data = encodeFunctionData({
    abi: passkeyDelegateAbi,
    functionName: 'addSigners',
    args: [[passkeySigner(publicKey)]],
  });
  return { to: account, value: 0n, data };
}

/** The call, inside a batch a registered passkey signs, that removes `publicKey` (never the last one). */
export function encodeRemovePasskey(account: Address, publicKey: PasskeyPublicKey): ExecutionCall {
  const data = encodeFunctionData({
    abi: passkeyDelegateAbi,
    functionName: 'removeSigners',
    args: [[passkeySigner(publicKey)]],
  });
  return { to: account, value: 0n, data };
}

/**
 * The passkeys `account` holds, in the order it registered them (removals reorder). Throws
 * SMART_PASSKEY_SIGNER when the account holds a signer that is not a passkey, or a ChainError.
 */
export async function readPasskeys(client: ChainClient, account: Address): Promise<PasskeyPublicKey[]> {
  let signers: readonly Hex[];
  try {
    signers = await readContract(client, {
      address: account,
      abi: passkeyDelegateAbi,
      functionName: 'getSigners',
      args: [0n, ALL],
    });
  } catch (error) {
    throw toChainError(error);
  }
  return signers.map((signer) => {
    const passkey = passkeyOfSigner(signer);
    if (passkey) return passkey;
    throw new SmartAccountError('SMART_PASSKEY_SIGNER', msg('core.chain:smartAccount.passkeySignerUnknown'), {
      details: `${account} holds a signer that is not a passkey: ${signer}`,
    });
  });
}

/**
 * Whether `account`, as the chain holds it now, runs the passkey delegate and lists `publicKey`:
 * asked once its upgrade or the batch adding that passkey is mined, before the vault lists it.
 * Throws SMART_PASSKEY_SIGNER or a ChainError.
 */
export async function registersPasskey(
  client: ChainClient,
  account: Address,
  publicKey: PasskeyPublicKey,
): Promise<boolean> {
  let code: Hex | undefined;
  try {
    code = await getCode(client, { address: account });
  } catch (error) {
    throw toChainError(error);
  }
  return isPasskeyAccountCode(code) && holdsPasskey(await readPasskeys(client, account), publicKey);
}
