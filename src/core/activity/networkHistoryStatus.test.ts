import { describe, expect, it } from 'vitest';
import { ChainError } from '../errors/chain';
import { msg } from '../i18n/message';
import { networkHistoryStatus } from './networkHistoryStatus';
import { IDLE_SYNC, type SyncStatus } from './syncStatus';

const sync = (over: Partial<SyncStatus>): SyncStatus => ({ ...IDLE_SYNC, ...over });
const rateLimited = new ChainError('CHAIN_RATE_LIMITED', msg('core.chain:networkRead.rateLimited'));
const failed = new Error('refused');

describe("a network's history status", () => {
  it('is read while no sync has finished, with the progress of a long one', () => {
    expect(networkHistoryStatus(IDLE_SYNC, 'unknown')).toEqual({ state: 'reading', progress: undefined });
    expect(networkHistoryStatus(sync({ running: true, progress: 0.4 }), 'ok')).toEqual({
      state: 'reading',
      progress: 0.4,
    });
    expect(networkHistoryStatus(sync({ running: true, progress: 0.4, syncedTo: 9n }), 'ok')).toMatchObject({
      state: 'reading',
    });
  });

  it('is up to date at the block synced, also while the next block’s pass runs', () => {
    expect(networkHistoryStatus(sync({ syncedTo: 9n }), 'ok')).toEqual({ state: 'fresh', block: 9n });
    expect(networkHistoryStatus(sync({ syncedTo: 9n, running: true }), 'ok')).toEqual({ state: 'fresh', block: 9n });
  });

  it('is stale at the block it got to when the node stops, answers for another chain, limits or fails a sync', () => {
    const synced = sync({ syncedTo: 9n });
    expect(networkHistoryStatus(synced, 'down')).toEqual({
      state: 'stale',
      block: 9n,
      because: 'node',
      error: undefined,
    });
    expect(networkHistoryStatus(synced, 'wrongChain')).toMatchObject({ state: 'stale', because: 'wrongChain' });
    expect(networkHistoryStatus(sync({ syncedTo: 9n, error: rateLimited }), 'ok')).toEqual({
      state: 'stale',
      block: 9n,
      because: 'rateLimited',
      error: rateLimited,
    });
    expect(networkHistoryStatus(sync({ syncedTo: 9n, error: failed }), 'ok')).toEqual({
      state: 'stale',
      block: 9n,
      because: 'sync',
      error: failed,
    });
  });

  it('failed, with why, when nothing was ever read', () => {
    expect(networkHistoryStatus(sync({ error: failed }), 'ok')).toEqual({
      state: 'failed',
      because: 'sync',
      error: failed,
    });
    expect(networkHistoryStatus(IDLE_SYNC, 'down')).toEqual({ state: 'failed', because: 'node', error: undefined });
    // A retry running after a failure is being read again.
    expect(networkHistoryStatus(sync({ error: undefined, running: true }), 'ok')).toMatchObject({ state: 'reading' });
  });
});
