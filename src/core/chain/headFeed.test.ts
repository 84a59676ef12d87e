import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSockets, goLive, headNotice } from '@/testing/fakeHeadSocket';
import type { ChainError } from '../errors/chain';
import { createHeadFeed, FIRST_RETRY_MS, MAX_RETRY_MS, retryDelayMs, STABLE_MS } from './headFeed';

const URL = 'ws://127.0.0.1:8545';

function feed() {
  const sockets = fakeSockets();
  const heads: bigint[] = [];
  const lost: ChainError[] = [];
  const follower = createHeadFeed({
    url: URL,
    chainId: 31337,
    open: sockets.open,
    onHead: (head) => heads.push(head.number),
    onLost: (error) => lost.push(error),
  });
  return { sockets, heads, lost, feed: follower };
}

describe('retryDelayMs', () => {
  it('waits longer after each failure, up to a few minutes', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(30)).toBe(MAX_RETRY_MS);
  });
});

describe('createHeadFeed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens a socket only while wanted, and is live once the node checked out', () => {
    const { sockets, feed: f, heads } = feed();
    expect(sockets.sockets).toHaveLength(0);
    f.want(true);
    expect(sockets.sockets).toHaveLength(1);
    expect(f.live).toBe(false);
    goLive(sockets.last(), 31337);
    expect(f.live).toBe(true);
    sockets.last().answer(headNotice(5n));
    expect(heads).toEqual([5n]);
    f.want(false);
    expect(sockets.last().closed).toBe(true);
    expect(f.live).toBe(false);
  });

  it('tries a node without WebSocket again later and later: no storm of attempts', () => {
    const { sockets, feed: f, lost } = feed();
    f.want(true);
    sockets.last().drop();
    // An hour against a port that refuses every attempt.
    for (let ms = 0; ms < 3_600_000; ms += 1_000) {
      vi.advanceTimersByTime(1_000);
      const socket = sockets.last();
      if (!socket.closed) socket.drop();
    }
    // 5, 10, 20, 40, 80, 160 s, then every 300 s: 6 + 10 after the first.
    expect(sockets.sockets.length).toBeLessThanOrEqual(18);
    expect(sockets.sockets.length).toBeGreaterThan(10);
    // Never live, so never "lost": the follower just goes on polling.
    expect(lost).toEqual([]);
  });

  it('says when a live socket is lost, and retries: soon after a long life, later after a short one', () => {
    const { sockets, feed: f, lost } = feed();
    f.want(true);
    goLive(sockets.last(), 31337);
    vi.advanceTimersByTime(STABLE_MS);
    sockets.last().drop();
    expect(lost.map((e) => e.code)).toEqual(['CHAIN_UNREACHABLE']);
    expect(f.live).toBe(false);
    vi.advanceTimersByTime(FIRST_RETRY_MS - 1);
    expect(sockets.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets.sockets).toHaveLength(2);
    // Live a moment only, then dropped: the next try waits twice as long.
    goLive(sockets.last(), 31337);
    sockets.last().drop();
    vi.advanceTimersByTime(FIRST_RETRY_MS * 2 - 1);
    expect(sockets.sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets.sockets).toHaveLength(3);
  });

  it('keeps the wait before a retry when the window is hidden and shown again meanwhile', () => {
    const { sockets, feed: f } = feed();
    f.want(true);
    sockets.last().drop();
    f.want(false);
    f.want(true);
    expect(sockets.sockets).toHaveLength(1);
    vi.advanceTimersByTime(FIRST_RETRY_MS);
    expect(sockets.sockets).toHaveLength(2);
    // Closing by choice is no failure: shown again later, it connects at once.
    goLive(sockets.last(), 31337);
    f.want(false);
    vi.advanceTimersByTime(STABLE_MS * 10);
    f.want(true);
    expect(sockets.sockets).toHaveLength(3);
  });

  it('is behind while a head it told of is not read yet, and takes a socket that misses blocks as lost', () => {
    const { sockets, feed: f, lost } = feed();
    f.want(true);
    goLive(sockets.last(), 31337);
    // A block mined while it subscribed was told of by nobody: behind until an HTTP read.
    expect(f.live).toBe(true);
    expect(f.behind).toBe(true);
    f.polled(10n);
    expect(f.behind).toBe(false);
    sockets.last().answer(headNotice(11n));
    expect(f.behind).toBe(true);
    f.polled(11n);
    expect(f.behind).toBe(false);
    // A read ahead of the socket by a moment (its notice on the way) is one miss, forgiven by the notice.
    f.polled(12n);
    expect(f.behind).toBe(true);
    sockets.last().answer(headNotice(12n));
    f.polled(12n);
    expect(f.behind).toBe(false);
    // The same block read again is no miss.
    f.polled(12n);
    expect(f.behind).toBe(false);
    // Two reads in a row finding blocks the socket never told of: it is silent, not live.
    f.polled(14n);
    expect(lost).toEqual([]);
    f.polled(15n);
    expect(lost.map((e) => e.code)).toEqual(['CHAIN_TIMEOUT']);
    expect(f.live).toBe(false);
    expect(sockets.last().closed).toBe(true);
  });
});
