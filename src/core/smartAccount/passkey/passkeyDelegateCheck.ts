import { type Hex, keccak256 } from 'viem';
import { getCode } from 'viem/actions';
import type { ChainClient } from '../../chain/client';
import { codeShowsDelegate } from '../../chain/delegationDesignator';
import { toChainError } from '../../chain/toChainError';
import { SmartAccountError } from '../../errors/smartAccount';
import { msg } from '../../i18n/message';
import {
  PASSKEY_DELEGATE_ADDRESS,
  PASSKEY_DELEGATE_CODE_HASHES,
  PASSKEY_VERIFIER_ADDRESS,
  PASSKEY_VERIFIER_CODE_HASH,
} from './passkeyDelegate.generated';

/** keccak256 of the passkey delegate's runtime on `chainId`, if Cairn computed it (the generated module). */
export function passkeyDelegateCodeHash(chainId: number): Hex | undefined {
  return PASSKEY_DELEGATE_CODE_HASHES[chainId];
}

/**
 * Checks, before a passkey account's upgrade is signed or a passkey added, that the code at the
 * delegate's address on this chain is the one Cairn builds (its keccak256 equals the recorded
 * hash), and that OpenZeppelin's WebAuthn verifier, which checks every passkey's signature, is
 * there as built. Two eth_getCode, sent together. Throws SMART_DELEGATE_UNVERIFIED (no hash for
 * the chain), SMART_DELEGATE_MISMATCH (other code, or none), or a ChainError.
 */
export async function checkPasskeyDelegateCode(client: ChainClient, chainId: number): Promise<void> {
  const expected = passkeyDelegateCodeHash(chainId);
  if (expected === undefined) {
    throw new SmartAccountError('SMART_DELEGATE_UNVERIFIED', msg('core.chain:smartAccount.passkeyDelegateUnverified'));
  }
  let codes: (Hex | undefined)[];
  try {
    codes = await Promise.all(
      [PASSKEY_DELEGATE_ADDRESS, PASSKEY_VERIFIER_ADDRESS].map((address) => getCode(client, { address })),
    );
  } catch (error) {
    throw toChainError(error);
  }
  const found = codes.map((code) => (code === undefined || code === '0x' ? undefined : keccak256(code)));
  const wanted = [expected, PASSKEY_VERIFIER_CODE_HASH];
  const addresses = [PASSKEY_DELEGATE_ADDRESS, PASSKEY_VERIFIER_ADDRESS];
  const wrong = wanted.findIndex((hash, i) => found[i] !== hash);
  if (wrong < 0) return;
  throw new SmartAccountError('SMART_DELEGATE_MISMATCH', msg('core.chain:smartAccount.passkeyDelegateMismatch'), {
    details: `${addresses[wrong]}: expected ${wanted[wrong]}, found ${found[wrong] ?? 'no code'}`,
  });
}

/** Whether `code` (an account's) is a delegation to the passkey delegate. */
export function isPasskeyAccountCode(code: Hex | undefined): boolean {
  return codeShowsDelegate(code, PASSKEY_DELEGATE_ADDRESS);
}
