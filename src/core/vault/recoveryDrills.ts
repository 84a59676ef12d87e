// Recovery drills: every so often the person shows they can still recover a secret, from the phrase
// (some of its words) or from a split's shares (a threshold of them). Cairn keeps when each drill
// ended and whether it passed, never what was typed; the records sit with the secret, inside the
// encrypted vault, beside its guardian list. This module is the schedule: pure, given `now`.
import { isRecord } from '../text/guards';
import { currentSplit, type ShareSplit } from './shareSplits';

export const DAY_MS = 86_400_000;
/** Days between drills before the person chooses; 0 is "drills off". */
export const DEFAULT_DRILL_DAYS = 90;
export const DRILLS_OFF = 0;
export const DRILL_DAY_CHOICES = [30, 90, 180, 365, DRILLS_OFF] as const;
/** Records kept per secret, newest last: enough to show a history, never a growing vault. */
export const MAX_DRILL_RECORDS = 24;

/** Which backup a drill checked: the phrase itself, or one split's shares. */
export type DrillBackup = { kind: 'phrase' } | { kind: 'shares'; splitId: string };

/** One drill that ended: when, which backup, and whether the person recovered it. */
export type DrillRecord = { at: number; backup: DrillBackup; passed: boolean };

/**
 * A backup's drill as of `now`: `off` (the person turned drills off), `scheduled` (next one at
 * `dueAt`), `due` (its day came; `neverDone` when no drill of it ended yet) or `failed` (the last
 * one did). Each says when the backup was last shown to work, if ever.
 */
export type DrillState = { lastPassed: number | undefined; last: DrillRecord | undefined } & (
  | { kind: 'off' }
  | { kind: 'scheduled'; dueAt: number }
  | { kind: 'due'; dueAt: number; neverDone: boolean }
  | { kind: 'failed'; dueAt: number }
);

/** What the schedule reads of a secret (a SecretSummary or a StoredSecret will do). */
export type DrilledSecret = {
  id: string;
  kind: 'phrase' | 'masterSecret' | 'privateKey';
  createdAt: number;
  shareSplits?: readonly ShareSplit[];
  drills?: readonly DrillRecord[];
};

export function isDrillDays(value: unknown): value is number {
  return (DRILL_DAY_CHOICES as readonly unknown[]).includes(value);
}

export function sameBackup(a: DrillBackup, b: DrillBackup): boolean {
  return a.kind === 'phrase' ? b.kind === 'phrase' : b.kind === 'shares' && a.splitId === b.splitId;
}

/**
 * The backups of a secret that drills check, with when each began: a recovery phrase (from when
 * the secret entered the vault), and the split in use (from when it was made). A replaced split is
 * not drilled: its shares still restore, but the person handed out newer ones to rely on.
 */
export function drillBackups(secret: DrilledSecret): { backup: DrillBackup; since: number }[] {
  const backups: { backup: DrillBackup; since: number }[] = [];
  if (secret.kind === 'phrase') backups.push({ backup: { kind: 'phrase' }, since: secret.createdAt });
  const split = currentSplit(secret.shareSplits);
  if (split) backups.push({ backup: { kind: 'shares', splitId: split.id }, since: split.createdAt });
  return backups;
}

/**
 * Where one backup's drills stand at `now`, every `days` days (DRILLS_OFF: never asked). The next
 * drill is due `days` after the last one ended, or after `since` when none has; a drill that failed
 * is due again at once. Exactly `days` later counts as due.
 */
export function drillState(
  records: readonly DrillRecord[] | undefined,
  target: { backup: DrillBackup; since: number },
  days: number,
  now: number,
): DrillState {
  const mine = (records ?? []).filter((r) => sameBackup(r.backup, target.backup));
  const last = mine.reduce<DrillRecord | undefined>((a, r) => (a && a.at > r.at ? a : r), undefined);
  const lastPassed = mine
    .filter((r) => r.passed)
    .reduce<number | undefined>((a, r) => Math.max(a ?? 0, r.at), undefined);
  const known = { last, lastPassed };
  if (days === DRILLS_OFF) return { ...known, kind: 'off' };
  if (last && !last.passed) return { ...known, kind: 'failed', dueAt: last.at };
  const dueAt = (last?.at ?? target.since) + days * DAY_MS;
  if (now >= dueAt) return { ...known, kind: 'due', dueAt, neverDone: last === undefined };
  return { ...known, kind: 'scheduled', dueAt };
}

/** One backup whose drill asks for the person now: due, or failed last time. */
export type NeededDrill = { secretId: string; backup: DrillBackup; state: DrillState };

/** Every backup of every secret whose drill is due or failed at `now`, in the secrets' order. */
export function drillsNeeded(secrets: readonly DrilledSecret[], days: number, now: number): NeededDrill[] {
  return secrets.flatMap((secret) =>
    drillBackups(secret)
      .map((target) => ({
        secretId: secret.id,
        backup: target.backup,
        state: drillState(secret.drills, target, days, now),
      }))
      .filter((d) => d.state.kind === 'due' || d.state.kind === 'failed'),
  );
}

/** The records with one more, the oldest dropped beyond MAX_DRILL_RECORDS. */
export function withDrillRecord(records: readonly DrillRecord[] | undefined, record: DrillRecord): DrillRecord[] {
  return [...(records ?? []), record].slice(-MAX_DRILL_RECORDS);
}

function isBackup(v: unknown): v is DrillBackup {
  return isRecord(v) && (v.kind === 'phrase' || (v.kind === 'shares' && typeof v.splitId === 'string'));
}

function isDrillRecord(v: unknown): v is DrillRecord {
  return isRecord(v) && typeof v.at === 'number' && typeof v.passed === 'boolean' && isBackup(v.backup);
}

/** The records as stored with a secret, those that do not read left out (they are only a record). */
export function readDrillRecords(stored: unknown): DrillRecord[] | undefined {
  if (!Array.isArray(stored)) return undefined;
  return stored.filter(isDrillRecord).map((r) => ({
    at: r.at,
    passed: r.passed,
    backup: r.backup.kind === 'phrase' ? { kind: 'phrase' } : { kind: 'shares', splitId: r.backup.splitId },
  }));
}
