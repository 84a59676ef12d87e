// The guardians a recovery phrase was split among, as Cairn remembers them: who holds which
// share, of which set, in which scheme, and since when. Never a share or any of its words: those
// leave Cairn when shown and are not kept. Kept with the secret, inside the encrypted vault (a
// stolen profile must not tell a thief whom to approach), and removed with it.
import { VaultError } from '../errors/vault';
import { msg } from '../i18n/message';
import type { ShareScheme } from '../keys/slip39/phraseSplit';
import { isRecord } from '../text/guards';

/** One share's holder: group and member index count from 0, as SLIP-0039 stores them. */
export type Guardian = {
  name: string;
  groupIndex: number;
  memberIndex: number;
  /** When the person confirmed the share by typing some of its words back. */
  handedOutAt?: number;
};

/** One split of a secret into shares: the set's SLIP-0039 identifier and scheme, and who holds what. */
export type ShareSplit = {
  id: string;
  /** The 15-bit identifier every share of the set begins with. */
  identifier: number;
  groupThreshold: number;
  groups: { threshold: number; count: number }[];
  createdAt: number;
  /** When a newer split took its place (its shares still restore the phrase). */
  replacedAt?: number;
  guardians: Guardian[];
};

/** The scheme with a guardian's name for each share, as the person chose them. */
export type SplitRequest = {
  groupThreshold: number;
  groups: { threshold: number; guardians: string[] }[];
};

export const MAX_GUARDIAN_NAME_LENGTH = 40;

/** Why a guardian's name cannot be used, or undefined when it can. */
export function guardianNameProblem(name: string) {
  const trimmed = name.trim();
  if (trimmed === '') return msg('core.keys:guardian.nameEmpty');
  if (trimmed.length > MAX_GUARDIAN_NAME_LENGTH)
    return msg('core.keys:guardian.nameTooLong', { max: MAX_GUARDIAN_NAME_LENGTH });
  return undefined;
}

/** The scheme a request asks for. Throws VAULT_GUARDIAN_NAME for a name that cannot be used. */
export function schemeOf(request: SplitRequest): ShareScheme {
  for (const group of request.groups)
    for (const name of group.guardians) {
      const problem = guardianNameProblem(name);
      if (problem) throw new VaultError('VAULT_GUARDIAN_NAME', problem);
    }
  return {
    groupThreshold: request.groupThreshold,
    groups: request.groups.map((g) => ({ threshold: g.threshold, count: g.guardians.length })),
  };
}

/** The split as stored: the request's guardians, none handed out yet. */
export function newSplit(request: SplitRequest, identifier: number, ids: { id: string; now: number }): ShareSplit {
  return {
    id: ids.id,
    identifier,
    groupThreshold: request.groupThreshold,
    groups: request.groups.map((g) => ({ threshold: g.threshold, count: g.guardians.length })),
    createdAt: ids.now,
    guardians: request.groups.flatMap((g, groupIndex) =>
      g.guardians.map((name, memberIndex) => ({ name: name.trim(), groupIndex, memberIndex })),
    ),
  };
}

/** Where a share sits in its set: group and member index, from 0 as SLIP-0039 counts. */
export type SharePlace = { groupIndex: number; memberIndex: number };

/**
 * The split with the share at `place` noted as handed out at `at` (a first date is kept), or
 * undefined when no guardian holds that place.
 */
export function withHandedOut(split: ShareSplit, place: SharePlace, at: number): ShareSplit | undefined {
  const held = (g: Guardian) => g.groupIndex === place.groupIndex && g.memberIndex === place.memberIndex;
  if (!split.guardians.some(held)) return undefined;
  return {
    ...split,
    guardians: split.guardians.map((g) => (held(g) ? { ...g, handedOutAt: g.handedOutAt ?? at } : g)),
  };
}

/** The split in use (none replaced it), if any. */
export function currentSplit(splits: readonly ShareSplit[] | undefined): ShareSplit | undefined {
  return splits?.find((s) => s.replacedAt === undefined);
}

/** Whether the shares handed out so far restore the secret: enough of them in enough groups. */
export function restorableFromHandedOut(split: ShareSplit): boolean {
  const complete = split.groups.filter((group, groupIndex) => {
    const out = split.guardians.filter((g) => g.groupIndex === groupIndex && g.handedOutAt !== undefined);
    return out.length >= group.threshold;
  });
  return complete.length >= split.groupThreshold;
}

const isIndex = (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) < 16;
const isCount = (v: unknown) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 16;
const isTime = (v: unknown) => v === undefined || typeof v === 'number';

function isGuardian(v: unknown): v is Guardian {
  return (
    isRecord(v) &&
    typeof v.name === 'string' &&
    isIndex(v.groupIndex) &&
    isIndex(v.memberIndex) &&
    isTime(v.handedOutAt)
  );
}

function isSplit(v: unknown): v is ShareSplit {
  return (
    isRecord(v) &&
    typeof v.id === 'string' &&
    Number.isInteger(v.identifier) &&
    isCount(v.groupThreshold) &&
    Array.isArray(v.groups) &&
    v.groups.every((g) => isRecord(g) && isCount(g.threshold) && isCount(g.count)) &&
    typeof v.createdAt === 'number' &&
    isTime(v.replacedAt) &&
    Array.isArray(v.guardians) &&
    v.guardians.every(isGuardian)
  );
}

/** The splits as stored with a secret, those that do not read left out (they are only a record). */
export function readShareSplits(stored: unknown): ShareSplit[] | undefined {
  if (!Array.isArray(stored)) return undefined;
  return stored.filter(isSplit);
}
