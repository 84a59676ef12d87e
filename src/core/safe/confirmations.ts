import { type Address, decodeFunctionResult, encodeFunctionData, type Hex } from 'viem';
import type { ChainClient } from '../chain/client';
import { plainCalls } from '../chain/multicall';
import { toChainError } from '../chain/toChainError';
import { sameAddress } from '../keys/sameAddress';
import { safeAbi } from './safeAbi';
import { approvedSignature, encodeSignatures, type SafeSignature } from './signatures';

/** Which owners have approved `hash` on-chain (approveHash), read in one JSON-RPC batch. Throws a ChainError. */
export async function onChainApprovals(
  client: ChainClient,
  safe: Address,
  hash: Hex,
  owners: readonly Address[],
): Promise<Address[]> {
  try {
    const outcomes = await plainCalls(
      client,
      owners.map((owner) => ({
        target: safe,
        allowFailure: true,
        callData: encodeFunctionData({ abi: safeAbi, functionName: 'approvedHashes', args: [owner, hash] }),
      })),
    );
    return owners.filter((_, i) => {
      const outcome = outcomes[i];
      if (!outcome?.ok || !outcome.data) return false;
      return decodeFunctionResult({ abi: safeAbi, functionName: 'approvedHashes', data: outcome.data }) !== 0n;
    });
  } catch (error) {
    throw toChainError(error);
  }
}

/** Where a Safe transaction's confirmations stand for its current owners and threshold. */
export type Confirmations = {
  /** The owners who have confirmed, by signature or on-chain, each once (current owners only). */
  confirmed: Address[];
  threshold: number;
  /** The signatures execTransaction takes (ascending by owner), when the threshold is met. */
  signatures: Hex | undefined;
};

/**
 * Counts what confirms a transaction now: the offline signatures of current owners (an owner
 * removed since no longer counts), the on-chain approvals, and the executor itself when it is an
 * owner (Safe takes the sender's own confirmation without a signature). The threshold is the
 * Safe's current one, so a change of owners or threshold meanwhile shows here.
 */
export function confirmations(args: {
  owners: readonly Address[];
  threshold: number;
  signatures: readonly SafeSignature[];
  approvedOnChain: readonly Address[];
  executor?: Address | undefined;
}): Confirmations {
  const isOwner = (address: Address) => args.owners.some((owner) => sameAddress(owner, address));
  const counted: SafeSignature[] = [];
  const add = (signature: SafeSignature) => {
    if (isOwner(signature.signer) && !counted.some((c) => sameAddress(c.signer, signature.signer)))
      counted.push(signature);
  };
  // On-chain approvals first: they cost nothing to check and cannot be forged.
  for (const owner of args.approvedOnChain) add(approvedSignature(owner));
  if (args.executor) add(approvedSignature(args.executor));
  for (const signature of args.signatures) add(signature);
  const confirmed = counted.map((signature) => signature.signer);
  const met = confirmed.length >= args.threshold;
  return {
    confirmed,
    threshold: args.threshold,
    signatures: met ? encodeSignatures(counted.slice(0, Math.max(args.threshold, 0))) : undefined,
  };
}
