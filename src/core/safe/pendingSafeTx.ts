import { type Address, type Hex, hexToNumber, slice } from 'viem';
import { sameHex } from '../bytes';
import { sameAddress } from '../keys/sameAddress';
import { encodeSafeTxFile, parseSafeTxFile, type SafeTxFile } from './safeTxFile';
import type { SafeSignature } from './signatures';

/** Where a Safe transaction Cairn keeps stands. */
export type SafeTxStatus =
  /** Waiting for confirmations or for its execution. */
  | 'pending'
  /** Executed (ExecutionSuccess), through Cairn or elsewhere. */
  | 'executed'
  /** Executed, but its call failed (ExecutionFailure): the Safe's nonce was used all the same. */
  | 'failed'
  /** Another transaction took its nonce: it can never be executed. */
  | 'replaced';

/**
 * A Safe transaction Cairn keeps until it is executed or replaced: what the owners sign
 * (SafeTxFile, its offline signatures checked when they came in), who asked for it, and, once
 * executed through Cairn, the transaction that did.
 */
export type PendingSafeTx = SafeTxFile & {
  status: SafeTxStatus;
  createdAt: number;
  /** The site that asked for it (its origin), if one did. */
  site?: string | undefined;
  /** The transaction that executed it (and who sent it, when Cairn did). */
  execution?: { hash: Hex; from?: Address | undefined } | undefined;
  /** The head when Cairn first kept it: its outcome is looked for from there. */
  keptAtBlock?: bigint | undefined;
  /** The Safe's owners and threshold when Cairn first kept it: a change since is said on its screen. */
  proposedWith?: { owners: Address[]; threshold: number } | undefined;
  /** A message signed as the Safe, as the person reviewed it (the transaction holds only its hash). */
  message?: string | undefined;
};

/** As the settings store keeps it: the transaction in its file form (checked again when read). */
export type StoredSafeTx = {
  file: string;
  status: SafeTxStatus;
  createdAt: number;
  site?: string;
  execution?: { hash: Hex; from?: Address };
  proposedWith?: { owners: Address[]; threshold: number };
  /** Decimal. */
  keptAtBlock?: string;
  message?: string;
};

const STATUSES: readonly SafeTxStatus[] = ['pending', 'executed', 'failed', 'replaced'];

export function toStoredSafeTx(pending: PendingSafeTx): StoredSafeTx {
  const { status, createdAt, site, execution, proposedWith, keptAtBlock, message, ...file } = pending;
  return {
    file: encodeSafeTxFile(file),
    status,
    createdAt,
    ...(site !== undefined && { site }),
    ...(execution !== undefined && { execution }),
    ...(proposedWith !== undefined && { proposedWith }),
    ...(keptAtBlock !== undefined && { keptAtBlock: keptAtBlock.toString() }),
    ...(message !== undefined && { message }),
  };
}

/** A stored item read back, or undefined when it cannot be (then the setting drops it, saying so). */
export function fromStoredSafeTx(stored: unknown): PendingSafeTx | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const item = stored as Record<string, unknown>;
  if (typeof item.file !== 'string' || !STATUSES.includes(item.status as SafeTxStatus)) return undefined;
  if (typeof item.createdAt !== 'number') return undefined;
  try {
    const file = parseSafeTxFile(item.file);
    const execution = item.execution as PendingSafeTx['execution'];
    const proposedWith = item.proposedWith as PendingSafeTx['proposedWith'];
    return {
      ...file,
      status: item.status as SafeTxStatus,
      createdAt: item.createdAt,
      site: typeof item.site === 'string' ? item.site : undefined,
      execution: execution && typeof execution.hash === 'string' ? execution : undefined,
      message: typeof item.message === 'string' ? item.message : undefined,
      keptAtBlock:
        typeof item.keptAtBlock === 'string' && /^\d{1,20}$/.test(item.keptAtBlock)
          ? BigInt(item.keptAtBlock)
          : undefined,
      proposedWith:
        proposedWith && Array.isArray(proposedWith.owners) && typeof proposedWith.threshold === 'number'
          ? proposedWith
          : undefined,
    };
  } catch {
    return undefined;
  }
}

/** A kept signature as Safe reads it (its kind from its last byte). */
export function keptSignature(signature: { signer: Address; data: Hex }): SafeSignature {
  const v = hexToNumber(slice(signature.data, 64, 65));
  return { ...signature, kind: v === 31 || v === 32 ? 'ethSign' : 'eip712' };
}

/** `pending` with `signatures` added, one per signer (those already there kept). */
export function withSignatures(pending: PendingSafeTx, signatures: readonly SafeSignature[]): PendingSafeTx {
  const kept = [...pending.signatures];
  for (const signature of signatures) {
    if (signature.kind === 'approved') continue;
    if (!kept.some((s) => sameAddress(s.signer, signature.signer)))
      kept.push({ signer: signature.signer, data: signature.data });
  }
  return { ...pending, signatures: kept };
}

/** Whether two kept transactions are the same (one Safe transaction on one chain). */
export function sameSafeTx(
  a: Pick<SafeTxFile, 'safeTxHash' | 'chainId'>,
  b: Pick<SafeTxFile, 'safeTxHash' | 'chainId'>,
) {
  return a.chainId === b.chainId && sameHex(a.safeTxHash, b.safeTxHash);
}
