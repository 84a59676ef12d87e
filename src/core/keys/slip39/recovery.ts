// Restoring from SLIP-0039 shares one at a time: whether a share can join those already entered,
// how many more are needed per group, and the encrypted master secret once enough are in.
import { equalBytes } from '../../bytes';
import { ShareOtherSetError, ShareRepeatedError, type SharesNeeded, ShareTooFewError } from '../../errors/shares';
import { recoverSecret } from './shamir';
import type { Share } from './share';

/** The fields every share of a set has in common, in the order they are compared. */
const SET_FIELDS = ['identifier', 'extendable', 'iterationExponent', 'groupThreshold', 'groupCount'] as const;

/**
 * Checks that `share` can join `entered` (shares already checked against each other), and returns
 * them with it.
 *
 * Throws KEYS_SHARE_OTHER_SET (naming what differs) or KEYS_SHARE_REPEATED (the same share again,
 * or another share in the same place of the same group).
 */
export function addShare(entered: readonly Share[], share: Share): Share[] {
  const first = entered[0];
  if (first) {
    const mismatch = SET_FIELDS.find((field) => first[field] !== share[field]);
    if (mismatch) throw new ShareOtherSetError(mismatch);
    if (first.value.length !== share.value.length) throw new ShareOtherSetError('length');
  }
  for (const other of entered) {
    if (other.groupIndex !== share.groupIndex) continue;
    if (other.memberThreshold !== share.memberThreshold) throw new ShareOtherSetError('memberThreshold');
    if (other.memberIndex === share.memberIndex)
      throw new ShareRepeatedError({
        group: share.groupIndex + 1,
        member: share.memberIndex + 1,
        identical: equalBytes(other.value, share.value),
      });
  }
  return [...entered, share];
}

/** Checks shares against each other (as `addShare` does, one after the other). */
export function checkShareSet(shares: readonly Share[]): void {
  shares.reduce<Share[]>(addShare, []);
}

export type RecoveryProgress = SharesNeeded & {
  /** Complete groups so far. */
  groupsComplete: number;
  /** Enough shares are in to restore the secret. */
  complete: boolean;
};

/**
 * How far shares that belong together (see `addShare`) are from restoring the secret: per group,
 * how many are in and how many more are needed. `undefined` while no share is in, as the scheme is
 * known only from a share.
 */
export function recoveryProgress(shares: readonly Share[]): RecoveryProgress | undefined {
  const first = shares[0];
  if (!first) return undefined;
  const groups = Array.from({ length: first.groupCount }, (_, groupIndex) => {
    const members = shares.filter((s) => s.groupIndex === groupIndex);
    const threshold = members[0]?.memberThreshold;
    if (threshold === undefined) return { groupIndex, entered: 0 };
    return { groupIndex, entered: members.length, threshold, missing: Math.max(0, threshold - members.length) };
  });
  const groupsComplete = groups.filter((g) => g.missing === 0).length;
  const groupsMissing = Math.max(0, first.groupThreshold - groupsComplete);
  return {
    groupThreshold: first.groupThreshold,
    groupCount: first.groupCount,
    groupsMissing,
    groups,
    groupsComplete,
    complete: groupsMissing === 0,
  };
}

/** The encrypted master secret and what decrypting it takes, from enough shares. */
export type EncryptedMasterSecret = Pick<Share, 'identifier' | 'extendable' | 'iterationExponent'> & {
  encrypted: Uint8Array;
};

/**
 * The encrypted master secret behind shares that belong together. Extra shares are allowed: the
 * first complete groups are used, each with the first shares of it.
 *
 * Throws KEYS_SHARE_OTHER_SET or KEYS_SHARE_REPEATED (see `addShare`), KEYS_SHARE_TOO_FEW (with how
 * many more are needed per group) or KEYS_SHARE_DIGEST (the shares do not restore one secret).
 */
export function recoverEncryptedSecret(shares: readonly Share[]): EncryptedMasterSecret {
  checkShareSet(shares);
  const progress = recoveryProgress(shares);
  const first = shares[0];
  if (!progress || !first || !progress.complete) {
    throw new ShareTooFewError(progress ?? { groupThreshold: 1, groupCount: 1, groupsMissing: 1, groups: [] });
  }
  const complete = progress.groups.filter((g) => g.missing === 0).slice(0, first.groupThreshold);
  const groupSecrets = complete.map(({ groupIndex, threshold = 1 }) => {
    const members = shares.filter((s) => s.groupIndex === groupIndex).slice(0, threshold);
    return {
      x: groupIndex,
      y: recoverSecret(
        threshold,
        members.map((s) => ({ x: s.memberIndex, y: s.value })),
      ),
    };
  });
  const encrypted = recoverSecret(first.groupThreshold, groupSecrets);
  for (const { y } of groupSecrets) y.fill(0);
  return {
    identifier: first.identifier,
    extendable: first.extendable,
    iterationExponent: first.iterationExponent,
    encrypted,
  };
}
