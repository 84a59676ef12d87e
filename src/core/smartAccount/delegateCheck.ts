import { type Address, type Hex, keccak256, zeroAddress } from 'viem';
import { getCode } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { delegateOf } from '../chain/delegationDesignator';
import { toChainError } from '../chain/toChainError';
import { SmartAccountError } from '../errors/smartAccount';
import { codeValue, msg } from '../i18n/message';
import { sameAddress } from '../keys/sameAddress';
import { DELEGATION_CONTRACTS, delegatorCodeHash, isFrameworkContract, isKnownDelegate } from './delegates';

/**
 * Checks, before any authorization is asked for, that the code at Cairn's delegate on this chain
 * is the published deployment's: its keccak256 equals the recorded hash. One eth_getCode.
 * Throws SMART_DELEGATE_UNVERIFIED (no hash recorded for the chain), SMART_DELEGATE_MISMATCH
 * (other code, or none), or a ChainError.
 */
export async function checkDelegateCode(client: ChainClient, chainId: number): Promise<void> {
  const expected = delegatorCodeHash(chainId);
  if (expected === undefined) {
    throw new SmartAccountError('SMART_DELEGATE_UNVERIFIED', msg('core.chain:smartAccount.delegateUnverified'));
  }
  let code: string | undefined;
  try {
    code = await getCode(client, { address: DELEGATION_CONTRACTS.delegator });
  } catch (error) {
    throw toChainError(error);
  }
  const found = code === undefined || code === '0x' ? undefined : keccak256(code as `0x${string}`);
  if (found !== expected) {
    const details = `expected ${expected}, found ${found ?? 'no code'}`;
    throw new SmartAccountError('SMART_DELEGATE_MISMATCH', msg('core.chain:smartAccount.delegateMismatch'), {
      details,
    });
  }
}

/**
 * Throws SMART_DELEGATE_NOT_ALLOWED unless an authorization to `address` is one Cairn signs: to
 * its delegate, to the zero address (undoing an upgrade), or to another contract only when the
 * person took the advanced choice and its blocking warning.
 */
export function checkAuthorizationTarget(address: Address, options: { otherAllowed: boolean }): void {
  if (isKnownDelegate(address) || sameAddress(address, zeroAddress) || options.otherAllowed) return;
  throw new SmartAccountError(
    'SMART_DELEGATE_NOT_ALLOWED',
    msg('core.chain:smartAccount.delegateNotAllowed', { address: codeValue(address) }),
  );
}

type OtherRefusal = 'otherZero' | 'otherSelf' | 'otherFramework' | 'otherNoCode' | 'otherDelegated';

const notAllowed = (why: OtherRefusal, address: Address) =>
  new SmartAccountError(
    'SMART_DELEGATE_NOT_ALLOWED',
    msg(`core.chain:smartAccount.${why}`, { address: codeValue(address) }),
  );

/**
 * The cases Cairn refuses as another delegate (the advanced choice) before reading the chain:
 * the zero address (that is an undo), the account itself, and the framework's contracts that are
 * no delegate. Throws SMART_DELEGATE_NOT_ALLOWED.
 */
export function checkOtherDelegateTarget(account: Address, delegate: Address): void {
  if (sameAddress(delegate, zeroAddress)) throw notAllowed('otherZero', delegate);
  if (sameAddress(delegate, account)) throw notAllowed('otherSelf', delegate);
  if (isFrameworkContract(delegate)) throw notAllowed('otherFramework', delegate);
}

/**
 * Another delegate than Cairn's, which the person chose with its warning: no published hash can
 * check its code, so Cairn checks only that it is a contract on this chain. Refuses (besides
 * checkOtherDelegateTarget's cases) an address with no code, and an account delegated elsewhere
 * (its code is a designator, which delegations do not follow). One eth_getCode.
 * Throws SMART_DELEGATE_NOT_ALLOWED or a ChainError.
 */
export async function checkOtherDelegate(client: ChainClient, account: Address, delegate: Address): Promise<void> {
  checkOtherDelegateTarget(account, delegate);
  let code: Hex | undefined;
  try {
    code = await getCode(client, { address: delegate });
  } catch (error) {
    throw toChainError(error);
  }
  if (code === undefined || code === '0x') throw notAllowed('otherNoCode', delegate);
  if (delegateOf(code) !== undefined) throw notAllowed('otherDelegated', delegate);
}
