// The drill schedule: when each backup's drill is due, at the edges (exactly the interval, drills
// off, a failed drill, none done since the secret or split began), and what is stored of drills.
import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  DRILLS_OFF,
  type DrilledSecret,
  type DrillRecord,
  drillBackups,
  drillState,
  drillsNeeded,
  MAX_DRILL_RECORDS,
  readDrillRecords,
  withDrillRecord,
} from './recoveryDrills';
import type { ShareSplit } from './shareSplits';

const T0 = 1_700_000_000_000;
const PHRASE = { backup: { kind: 'phrase' as const }, since: T0 };
const split = (id: string, createdAt: number, replacedAt?: number): ShareSplit => ({
  id,
  identifier: 1,
  groupThreshold: 1,
  groups: [{ threshold: 2, count: 3 }],
  createdAt,
  guardians: [],
  ...(replacedAt === undefined ? {} : { replacedAt }),
});
const passed = (at: number): DrillRecord => ({ at, backup: { kind: 'phrase' }, passed: true });
const failed = (at: number): DrillRecord => ({ at, backup: { kind: 'phrase' }, passed: false });

describe('drillState', () => {
  it('is scheduled until exactly 90 days after the secret began, and due from that moment', () => {
    const dueAt = T0 + 90 * DAY_MS;
    expect(drillState([], PHRASE, 90, dueAt - 1)).toMatchObject({ kind: 'scheduled', dueAt });
    expect(drillState([], PHRASE, 90, dueAt)).toMatchObject({ kind: 'due', dueAt, neverDone: true });
    expect(drillState(undefined, PHRASE, 90, dueAt + DAY_MS)).toMatchObject({ kind: 'due', lastPassed: undefined });
  });

  it('counts the next drill from the last one that ended, and says when the backup last worked', () => {
    const at = T0 + 100 * DAY_MS;
    const records = [passed(T0 + 10 * DAY_MS), passed(at)];
    expect(drillState(records, PHRASE, 90, at + 89 * DAY_MS)).toEqual({
      kind: 'scheduled',
      dueAt: at + 90 * DAY_MS,
      lastPassed: at,
      last: passed(at),
    });
    expect(drillState(records, PHRASE, 90, at + 90 * DAY_MS)).toMatchObject({ kind: 'due', neverDone: false });
    expect(drillState(records, PHRASE, 30, at + 30 * DAY_MS)).toMatchObject({ kind: 'due' });
  });

  it('asks again at once after a failed drill, keeping the last pass', () => {
    const records = [passed(T0 + DAY_MS), failed(T0 + 2 * DAY_MS)];
    expect(drillState(records, PHRASE, 90, T0 + 2 * DAY_MS)).toMatchObject({
      kind: 'failed',
      dueAt: T0 + 2 * DAY_MS,
      lastPassed: T0 + DAY_MS,
    });
    // A pass after the failure puts the schedule back.
    const mended = [...records, passed(T0 + 3 * DAY_MS)];
    expect(drillState(mended, PHRASE, 90, T0 + 4 * DAY_MS)).toMatchObject({ kind: 'scheduled' });
  });

  it('never asks while drills are off, failed or not, but still knows the last pass', () => {
    const records = [passed(T0 + DAY_MS), failed(T0 + 2 * DAY_MS)];
    const years = T0 + 3650 * DAY_MS;
    expect(drillState(records, PHRASE, DRILLS_OFF, years)).toEqual({
      kind: 'off',
      lastPassed: T0 + DAY_MS,
      last: failed(T0 + 2 * DAY_MS),
    });
    expect(drillState([], PHRASE, DRILLS_OFF, years)).toMatchObject({ kind: 'off', lastPassed: undefined });
  });

  it('keeps each backup’s drills apart', () => {
    const shares = { backup: { kind: 'shares' as const, splitId: 's1' }, since: T0 + 5 * DAY_MS };
    const records: DrillRecord[] = [{ at: T0 + 6 * DAY_MS, backup: { kind: 'shares', splitId: 's0' }, passed: false }];
    expect(drillState(records, shares, 90, T0 + 94 * DAY_MS)).toMatchObject({ kind: 'scheduled', last: undefined });
    expect(drillState(records, shares, 90, T0 + 95 * DAY_MS)).toMatchObject({ kind: 'due', neverDone: true });
    expect(drillState(records, PHRASE, 90, T0 + 10 * DAY_MS)).toMatchObject({ kind: 'scheduled' });
  });
});

describe('drillBackups and drillsNeeded', () => {
  const phrase: DrilledSecret = {
    id: 'p',
    kind: 'phrase',
    createdAt: T0,
    shareSplits: [split('old', T0 + DAY_MS, T0 + 20 * DAY_MS), split('new', T0 + 20 * DAY_MS)],
  };
  const masterSecret: DrilledSecret = { id: 'm', kind: 'masterSecret', createdAt: T0, shareSplits: [] };
  const key: DrilledSecret = { id: 'k', kind: 'privateKey', createdAt: T0 };

  it('drills a phrase and the split in use (from when it was made), never a key or a replaced split', () => {
    expect(drillBackups(phrase)).toEqual([
      { backup: { kind: 'phrase' }, since: T0 },
      { backup: { kind: 'shares', splitId: 'new' }, since: T0 + 20 * DAY_MS },
    ]);
    expect(drillBackups(masterSecret)).toEqual([]);
    expect(drillBackups(key)).toEqual([]);
  });

  it('lists the backups due or failed, each once', () => {
    expect(drillsNeeded([phrase, masterSecret, key], 90, T0 + 90 * DAY_MS)).toEqual([
      expect.objectContaining({ secretId: 'p', backup: { kind: 'phrase' } }),
    ]);
    const both = drillsNeeded([phrase], 90, T0 + 110 * DAY_MS);
    expect(both.map((d) => d.backup)).toEqual([{ kind: 'phrase' }, { kind: 'shares', splitId: 'new' }]);
    const drilled = { ...phrase, drills: [passed(T0 + 100 * DAY_MS)] };
    expect(drillsNeeded([drilled], 90, T0 + 110 * DAY_MS).map((d) => d.backup.kind)).toEqual(['shares']);
    expect(drillsNeeded([phrase], DRILLS_OFF, T0 + 1000 * DAY_MS)).toEqual([]);
  });
});

describe('drill records as stored', () => {
  it('keeps the newest MAX_DRILL_RECORDS', () => {
    let records: DrillRecord[] = [];
    for (let i = 0; i < MAX_DRILL_RECORDS + 3; i++) records = withDrillRecord(records, passed(i));
    expect(records).toHaveLength(MAX_DRILL_RECORDS);
    expect(records[0]?.at).toBe(3);
  });

  it('reads back only well-formed records, and nothing else they carry', () => {
    const good = { at: 1, backup: { kind: 'shares', splitId: 's' }, passed: true };
    const extra = { ...passed(2), words: 'abandon ability' };
    expect(readDrillRecords([good, extra, { at: 'x' }, { ...good, backup: { kind: 'seed' } }, null])).toEqual([
      good,
      passed(2),
    ]);
    expect(readDrillRecords(undefined)).toBeUndefined();
  });
});
