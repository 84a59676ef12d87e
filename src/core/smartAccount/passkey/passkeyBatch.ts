import { type Address, concat, encodeAbiParameters, encodeFunctionData, type Hex, hashTypedData, toHex } from 'viem';
import { readContract } from 'viem/actions';
import type { ChainClient } from '../../chain/client';
import { toChainError } from '../../chain/toChainError';
import type { CallRequest } from '../../tx/transfer';
import { type ExecutionCall, encodeBatchExecution } from '../execution';
import { passkeyDelegateAbi } from './passkeyDelegate.generated';
import type { PasskeyPublicKey } from './passkeyPublicKey';
import { passkeySigner } from './passkeySigners';

// A batch one of the account's passkeys authorises and another of the person's accounts sends with
// its gas: ERC-7821's batch mode with opData, to the account itself. The passkey signs (as its
// WebAuthn challenge) the EIP-712 digest of Execute(bytes calls, uint256 nonce) under the account's
// own domain: its chain and its address. The delegate uses the nonce up, so one assertion runs once
// (PasskeyAccount.sol). Any registered passkey can sign; the opData names which one did.

/** The delegate's EIP-712 domain, less the chain and the account (PasskeyAccount.sol's constructor). */
export const PASSKEY_DOMAIN = { name: 'Cairn passkey account', version: '1' } as const;

/** Call type batch (0x01), exec type default, selector 0x78210001 (ERC-7821: with opData), no payload. */
export const PASSKEY_BATCH_MODE: Hex = `0x01${'00'.repeat(5)}78210001${'00'.repeat(22)}`;

export type PasskeyBatch = { chainId: number; account: Address; calls: readonly ExecutionCall[]; nonce: bigint };

/** Which registered passkey answered, and its answer (encodePasskeySignature's). */
export type PasskeyApproval = { publicKey: PasskeyPublicKey; signature: Hex };

/**
 * The approval as OpenZeppelin's MultiSignerERC7913 reads it: abi.encode(bytes[] signers,
 * bytes[] signatures), here one signer (verifier ‖ qx ‖ qy) and its WebAuthn signature.
 */
export function encodePasskeyApproval({ publicKey, signature }: PasskeyApproval): Hex {
  return encodeAbiParameters([{ type: 'bytes[]' }, { type: 'bytes[]' }], [[passkeySigner(publicKey)], [signature]]);
}

/** The digest the passkey signs to run `calls` with `nonce`: its WebAuthn challenge, 32 bytes. */
export function passkeyBatchDigest({ chainId, account, calls, nonce }: PasskeyBatch): Hex {
  return hashTypedData({
    domain: { ...PASSKEY_DOMAIN, chainId, verifyingContract: account },
    types: {
      Execute: [
        { name: 'calls', type: 'bytes' },
        { name: 'nonce', type: 'uint256' },
      ],
    },
    primaryType: 'Execute',
    message: { calls: encodeBatchExecution(calls), nonce },
  });
}

/**
 * The transaction the paying account sends: to the passkey account, no value (each call's value
 * comes from the account), `execute` with the calls and opData = nonce (32 bytes) ‖ the approval
 * (encodePasskeyApproval).
 */
export function passkeyBatchCall({ account, calls, nonce }: PasskeyBatch, approval: PasskeyApproval): CallRequest {
  const executionData = encodeAbiParameters(
    [
      {
        type: 'tuple[]',
        components: [
          { name: 'target', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'callData', type: 'bytes' },
        ],
      },
      { type: 'bytes' },
    ],
    [
      calls.map((c) => ({ target: c.to, value: c.value, callData: c.data })),
      concat([toHex(nonce, { size: 32 }), encodePasskeyApproval(approval)]),
    ],
  );
  return {
    to: account,
    value: 0n,
    data: encodeFunctionData({
      abi: passkeyDelegateAbi,
      functionName: 'execute',
      args: [PASSKEY_BATCH_MODE, executionData],
    }),
  };
}

/** The nonce the account's next passkey batch must carry. Throws a ChainError. */
export async function readPasskeyNonce(client: ChainClient, account: Address): Promise<bigint> {
  try {
    return await readContract(client, {
      address: account,
      abi: passkeyDelegateAbi,
      functionName: 'nonces',
      args: [account],
    });
  } catch (error) {
    throw toChainError(error);
  }
}
