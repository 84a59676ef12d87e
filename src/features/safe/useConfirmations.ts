import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Address } from 'viem';
import type { Network } from '@/core/chain/networks';
import { sameAddress } from '@/core/keys/sameAddress';
import { confirmations } from '@/core/safe/confirmations';
import { keptSignature, type PendingSafeTx } from '@/core/safe/pendingSafeTx';
import type { SafeState } from '@/core/safe/readSafe';
import { safeOutcomeQuery } from '@/lib/queries/safeOutcomeQueries';
import { useHeadNumber, useSafeApprovals, useSafeTxActions } from '@/lib/safeScreenHooks';

/** Where a kept transaction stands against the Safe now. */
export type Standing = {
  /** The owners who confirmed, each once: current owners only, by signature or on-chain. */
  confirmed: Address[];
  /** Of those, the ones who confirmed on-chain (approveHash). */
  onChain: Address[];
  threshold: number;
  /** Signatures kept from addresses that are no longer owners: they no longer count. */
  exOwners: Address[];
  /** The Safe's nonce has passed the transaction's: it can no longer be executed. */
  nonceUsed: boolean;
  /** Transactions with lower nonces must be executed first. */
  waitsFor: boolean;
  /** Enough confirmations, and its nonce is the Safe's next one. */
  executable: boolean;
  /** Its nonce was used and the node could not say how (executed elsewhere, or replaced). */
  undecided: boolean;
};

/**
 * Counts a kept transaction's confirmations against the Safe's current owners and threshold (its
 * offline signatures, then the on-chain approvals read at each block), and, once the Safe's nonce
 * has passed it, finds what happened (outcomeAfterNonce) and marks it executed, failed or
 * replaced; a node that cannot say leaves it undecided.
 */
export function useStanding(network: Network, state: SafeState, pending: PendingSafeTx): Standing {
  const { markSafeTx } = useSafeTxActions();
  const waiting = pending.status === 'pending';
  const nonceUsed = pending.tx.nonce < state.nonce;
  const approvals = useSafeApprovals(network, state.address, pending.safeTxHash, state.owners, waiting && !nonceUsed);
  const onChain = approvals.data ?? [];
  const counted = confirmations({
    owners: state.owners,
    threshold: state.threshold,
    signatures: pending.signatures.map(keptSignature),
    approvedOnChain: onChain,
  });
  const isOwner = (address: Address) => state.owners.some((owner) => sameAddress(owner, address));
  const exOwners = pending.signatures.filter((s) => !isOwner(s.signer)).map((s) => s.signer);

  const head = useHeadNumber(network);
  // Looked for from the head when Cairn kept it: one kept without it (its nonce used already when
  // it came) stays undecided, as when the node cannot say.
  const from = pending.keptAtBlock;
  const settle = waiting && nonceUsed && head !== undefined && from !== undefined;
  const outcome = useQuery({
    ...safeOutcomeQuery(network, state.address, pending.safeTxHash, from ?? 0n, head ?? 0n),
    enabled: settle,
  });
  const found = outcome.data;
  useEffect(() => {
    if (!settle || !found) return;
    markSafeTx(pending, found.status, found.status === 'replaced' ? undefined : { hash: found.hash });
  }, [settle, found, markSafeTx, pending]);

  return {
    confirmed: counted.confirmed,
    onChain: counted.confirmed.filter((owner) => onChain.some((a) => sameAddress(a, owner))),
    threshold: state.threshold,
    exOwners,
    nonceUsed,
    waitsFor: pending.tx.nonce > state.nonce,
    executable: waiting && pending.tx.nonce === state.nonce && counted.signatures !== undefined,
    undecided: waiting && nonceUsed && (outcome.isError || from === undefined),
  };
}
