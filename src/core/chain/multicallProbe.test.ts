// What one node's Multicall3 is known to be: a failed aggregate3's mark passes, so one rate limit
// does not keep every reader of the node from Multicall3 for the session.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChainClient } from './client';
import { FAILED_AGGREGATE_MS, knownMulticall, noteMulticall } from './multicallProbe';

let nodes = 0;
const node = () =>
  ({ chain: { id: 1, rpcUrls: { default: { http: [`http://probe-${nodes++}.test`] } } } }) as unknown as ChainClient;

describe('what is known of a node’s Multicall3', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a found Multicall3, and a failed read’s mark only for a while', () => {
    vi.useFakeTimers();
    const [found, failed, unknown] = [node(), node(), node()];
    noteMulticall(found, true);
    noteMulticall(failed, false);
    expect([knownMulticall(found), knownMulticall(failed), knownMulticall(unknown)]).toEqual([true, false, undefined]);
    vi.advanceTimersByTime(FAILED_AGGREGATE_MS - 1);
    expect(knownMulticall(failed)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(knownMulticall(failed)).toBeUndefined();
    expect(knownMulticall(found)).toBe(true);
  });
});
