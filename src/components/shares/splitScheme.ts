// The scheme the person chooses for shares (k of n, or groups under "Advanced") and a guardian's
// name for each share, turned into the vault's SplitRequest: for splitting a phrase in Settings →
// Recovery, and for a new wallet made as shares.
import { type Message, msg } from '@/core/i18n/message';
import { guardianNameProblem, type SplitRequest } from '@/core/vault/shareSplits';

/** SLIP-0039 allows at most 16 groups, and 16 shares in a group. */
export const MAX_SHARES = 16;

/** What the shares restore, as the words name it: a recovery phrase, or a wallet made as shares. */
export type SharesRestore = 'phrase' | 'wallet';

export type GroupDraft = { threshold: number; names: string[] };
export type SchemeDraft = { groupThreshold: number; groups: GroupDraft[] };

/** Any 2 of 3 shares, no names yet. */
export function defaultDraft(): SchemeDraft {
  return { groupThreshold: 1, groups: [{ threshold: 2, names: ['', '', ''] }] };
}

/** The group with `count` shares: names kept where they were, the threshold kept within reach. */
export function resizeGroup(group: GroupDraft, count: number): GroupDraft {
  const names = Array.from({ length: count }, (_, i) => group.names[i] ?? '');
  const threshold = count === 1 ? 1 : Math.min(Math.max(group.threshold, 2), count);
  return { threshold, names };
}

/** The scheme with `count` groups: a new group is one share (kept by the person, say). */
export function resizeGroups(draft: SchemeDraft, count: number): SchemeDraft {
  const groups = Array.from({ length: count }, (_, i) => draft.groups[i] ?? { threshold: 1, names: [''] });
  return { groupThreshold: Math.min(draft.groupThreshold, count), groups };
}

/** The thresholds a group of `count` shares may have (SLIP-0039: 1 only for a single share). */
export function thresholdChoices(count: number): number[] {
  if (count === 1) return [1];
  return Array.from({ length: count - 1 }, (_, i) => i + 2);
}

/** What is wrong with each name (by group, then member), undefined where nothing is. */
export function nameProblems(draft: SchemeDraft): (Message | undefined)[][] {
  return draft.groups.map((g) => g.names.map(guardianNameProblem));
}

/**
 * Why the scheme cannot be made, or undefined (names are checked apart, by nameProblems). A scheme
 * where one share alone restores the phrase (a group of one, and one group needed) is refused:
 * every sheet says its share alone reveals nothing.
 */
export function schemeProblem(draft: SchemeDraft, restores: SharesRestore): Message | undefined {
  if (draft.groupThreshold === 1 && draft.groups.some((g) => g.threshold === 1))
    return msg('shares:scheme.oneShareRestores', { restores });
  return undefined;
}

export function toRequest(draft: SchemeDraft): SplitRequest {
  return {
    groupThreshold: draft.groupThreshold,
    groups: draft.groups.map((g) => ({ threshold: g.threshold, guardians: g.names.map((n) => n.trim()) })),
  };
}
