import { type Address, type Hex, zeroAddress } from 'viem';
import { getCode } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { readCodeHashes } from '../chain/codeHashes';
import { delegateOf } from '../chain/delegationDesignator';
import { toChainError } from '../chain/toChainError';
import { SmartAccountError } from '../errors/smartAccount';
import { codeValue, msg } from '../i18n/message';
import { sameAddress } from '../keys/sameAddress';
import {
  DELEGATION_CONTRACTS,
  type FrameworkContract,
  frameworkCodeHash,
  isFrameworkContract,
  isKnownDelegate,
} from './delegates';
import { FRAMEWORK_CONTRACT_NAMES } from './frameworkCodeHashes.generated';

/** The enforcers a delegation for another account's gas names (sponsoredDelegation); its test holds them to it. */
export const SPONSORSHIP_ENFORCERS = [
  'exactExecutionBatchEnforcer',
  'timestampEnforcer',
  'limitedCallsEnforcer',
] as const satisfies readonly FrameworkContract[];

/**
 * Checks, before any authorization or delegation is asked for, that the code of Cairn's delegate and
 * of the DelegationManager it trusts on this chain is the published deployment's: its keccak256
 * equals the recorded hash. With `sponsorship`, also the enforcers that a delegation for another
 * account's gas relies on (SPONSORSHIP_ENFORCERS). The codes are read together: one JSON-RPC batch.
 * Throws SMART_DELEGATE_UNVERIFIED (no hash recorded for the chain), SMART_DELEGATE_MISMATCH
 * (other code, or none; `details` names each contract that differs), or a ChainError.
 */
export async function checkDelegateCode(
  client: ChainClient,
  chainId: number,
  options: { sponsorship?: boolean } = {},
): Promise<void> {
  const contracts: FrameworkContract[] = [
    'delegator',
    'delegationManager',
    ...(options.sponsorship ? SPONSORSHIP_ENFORCERS : []),
  ];
  const expected = contracts.map((contract) => frameworkCodeHash(contract, chainId));
  if (expected.some((hash) => hash === undefined)) {
    throw new SmartAccountError('SMART_DELEGATE_UNVERIFIED', msg('core.chain:smartAccount.delegateUnverified'));
  }
  const hashes = await readCodeHashes(
    client,
    contracts.map((contract) => DELEGATION_CONTRACTS[contract]),
  );
  const differing = contracts.flatMap((contract, i) => {
    const found = hashes[i];
    return found === expected[i] ? [] : [{ contract, found, expected: expected[i] }];
  });
  const [first] = differing;
  if (first === undefined) return;
  const details = differing
    .map(
      ({ contract, found, expected }) =>
        `${contract} ${DELEGATION_CONTRACTS[contract]}: expected ${expected}, found ${found ?? 'no code'}`,
    )
    .join('; ');
  const message =
    first.contract === 'delegator'
      ? msg('core.chain:smartAccount.delegateMismatch')
      : msg('core.chain:smartAccount.frameworkMismatch', {
          contract: codeValue(FRAMEWORK_CONTRACT_NAMES[first.contract]),
          address: codeValue(DELEGATION_CONTRACTS[first.contract]),
        });
  throw new SmartAccountError('SMART_DELEGATE_MISMATCH', message, { details });
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
