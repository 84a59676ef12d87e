import type { Address, Hex } from 'viem';
import type { ChainClient } from '../../chain/client';
import { readCodeHashes } from '../../chain/codeHashes';
import { codeShowsDelegate } from '../../chain/delegationDesignator';
import { SmartAccountError } from '../../errors/smartAccount';
import { msg } from '../../i18n/message';
import {
  PASSKEY_DELEGATE_ADDRESS,
  PASSKEY_DELEGATE_CODE_HASHES,
  PASSKEY_DELEGATE_INIT_CODE,
  PASSKEY_VERIFIER_ADDRESS,
  PASSKEY_VERIFIER_CODE_HASH,
  PASSKEY_VERIFIER_INIT_CODE,
} from './passkeyDelegate.generated';

/** keccak256 of the passkey delegate's runtime on `chainId`, if Cairn computed it (the generated module). */
export function passkeyDelegateCodeHash(chainId: number): Hex | undefined {
  return PASSKEY_DELEGATE_CODE_HASHES[chainId];
}

/** One of the two contracts a passkey account runs, as Cairn builds it for one chain. */
export type PasskeyContract = {
  /** OpenZeppelin's WebAuthn verifier, or the delegate (Cairn's composition of OpenZeppelin's account). */
  name: 'verifier' | 'delegate';
  address: Address;
  codeHash: Hex;
  /** What the deterministic deployer is sent after the salt to place it at `address`. */
  initCode: Hex;
};

/**
 * The verifier and the delegate on `chainId`, in the order they are placed, or undefined where
 * Cairn has no code hash for the delegate there (it cannot check what the account would run).
 */
export function passkeyContracts(chainId: number): readonly PasskeyContract[] | undefined {
  const delegateHash = passkeyDelegateCodeHash(chainId);
  if (delegateHash === undefined) return undefined;
  return [
    {
      name: 'verifier',
      address: PASSKEY_VERIFIER_ADDRESS,
      codeHash: PASSKEY_VERIFIER_CODE_HASH,
      initCode: PASSKEY_VERIFIER_INIT_CODE,
    },
    {
      name: 'delegate',
      address: PASSKEY_DELEGATE_ADDRESS,
      codeHash: delegateHash,
      initCode: PASSKEY_DELEGATE_INIT_CODE,
    },
  ];
}

/**
 * Reads the passkey contracts' code on this chain (two eth_getCode, sent together) and answers the
 * ones not placed yet (no code at their address), in placing order: none when both are there as
 * built. Throws SMART_DELEGATE_UNVERIFIED (no hash for the chain), SMART_DELEGATE_MISMATCH (other
 * code at an address: nothing placed there could ever be checked), or a ChainError.
 */
export async function absentPasskeyContracts(client: ChainClient, chainId: number): Promise<PasskeyContract[]> {
  const contracts = passkeyContracts(chainId);
  if (contracts === undefined) {
    throw new SmartAccountError('SMART_DELEGATE_UNVERIFIED', msg('core.chain:smartAccount.passkeyDelegateUnverified'));
  }
  const hashes = await readCodeHashes(
    client,
    contracts.map(({ address }) => address),
  );
  const absent: PasskeyContract[] = [];
  for (const [i, contract] of contracts.entries()) {
    const found = hashes[i];
    if (found === undefined) {
      absent.push(contract);
      continue;
    }
    if (found === contract.codeHash) continue;
    throw new SmartAccountError('SMART_DELEGATE_MISMATCH', msg('core.chain:smartAccount.passkeyDelegateMismatch'), {
      details: `${contract.address}: expected ${contract.codeHash}, found ${found}`,
    });
  }
  return absent;
}

/**
 * Checks, before a passkey account's upgrade is signed or a passkey added, that the code at the
 * delegate's address on this chain is the one Cairn builds (its keccak256 equals the recorded
 * hash), and that OpenZeppelin's WebAuthn verifier, which checks every passkey's signature, is
 * there as built. Throws SMART_DELEGATE_ABSENT (either is not placed yet: passkeyPlacement.ts can
 * place it), and what absentPasskeyContracts throws.
 */
export async function checkPasskeyDelegateCode(client: ChainClient, chainId: number): Promise<void> {
  const absent = await absentPasskeyContracts(client, chainId);
  if (absent.length === 0) return;
  throw new SmartAccountError('SMART_DELEGATE_ABSENT', msg('core.chain:smartAccount.passkeyDelegateAbsent'), {
    details: absent.map((contract) => `${contract.name} at ${contract.address}: no code`).join('; '),
  });
}

/** Whether `code` (an account's) is a delegation to the passkey delegate. */
export function isPasskeyAccountCode(code: Hex | undefined): boolean {
  return codeShowsDelegate(code, PASSKEY_DELEGATE_ADDRESS);
}
