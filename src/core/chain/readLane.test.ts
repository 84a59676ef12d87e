import { describe, expect, it } from 'vitest';
import { readInSpans } from './logRanges';
import { readInBatches } from './readInBatches';
import { readLane } from './readLane';

const tooLarge = () =>
  Object.assign(new Error('HTTP response body exceeded the size limit.'), { name: 'ResponseBodyTooLargeError' });

/** A promise and the function that settles it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const ticks = async (n = 5) => {
  for (let i = 0; i < n; i++) await Promise.resolve();
};

describe('readLane', () => {
  it('runs reads together until one asks to run alone; that one waits for them, and holds new ones back', async () => {
    const lane = readLane();
    const log: string[] = [];
    const first = gate();
    const a = lane(async () => {
      log.push('a starts');
      await first.opened;
      log.push('a ends');
    }, false);
    const b = lane(async () => log.push('b runs'), false);
    const alone = lane(async () => log.push('alone runs'), true);
    const c = lane(async () => log.push('c runs'), false);
    await ticks();
    expect(log).toEqual(['a starts', 'b runs']);
    first.open();
    await Promise.all([a, b, alone, c]);
    expect(log).toEqual(['a starts', 'b runs', 'a ends', 'alone runs', 'c runs']);
  });

  it('runs turns alone one at a time, in the order asked, and goes on after a failure', async () => {
    const lane = readLane();
    const log: string[] = [];
    const first = gate();
    const one = lane(async () => {
      log.push('one');
      await first.opened;
      throw new Error('node down');
    }, true);
    const two = lane(async () => log.push('two'), true);
    await ticks();
    expect(log).toEqual(['one']);
    first.open();
    await expect(one).rejects.toThrow('node down');
    await two;
    expect(log).toEqual(['one', 'two']);
    expect(await lane(async () => 'after', false)).toBe('after');
  });
});

/**
 * Two readers on one lane whose answers share one batch: the batch fails when the calls in flight
 * together pass `cap`, as a capped HTTP answer does. Alone, each reader fits.
 */
function sharedBatch(cap: number) {
  let inFlight = 0;
  let calls = 0;
  const call = async <T>(value: T, weight: number): Promise<T> => {
    calls++;
    inFlight += weight;
    await ticks(2);
    const total = inFlight;
    await ticks(2);
    inFlight -= weight;
    if (total > cap) throw tooLarge();
    return value;
  };
  return { call, calls: () => calls };
}

describe('a too-large answer on a lane', () => {
  it('is asked again alone before it is halved, so a reader never fails because of what others asked', async () => {
    const lane = readLane();
    const batch = sharedBatch(10);
    const big = Array.from({ length: 10 }, (_, i) => i);
    // Alone, one batch of 10 fits; beside the other reader's 10, halving either to 1 still fails.
    const [a, b] = await Promise.all([
      readInBatches(big, (v) => batch.call(v, 1), 10, lane),
      readInSpans({ from: 0n, to: 9n, span: 1_000n, lane, read: (from, to) => batch.call([[from, to]], 10) }),
    ]);
    expect(a).toEqual(big);
    expect(b.items).toEqual([[0n, 9n]]);
    // Each asked once together (too large), then once alone at the same size: nothing halved.
    expect(batch.calls()).toBe(2 * 10 + 2 * 1);
  });

  it('still fails without a lane, where halving one reader cannot make room', async () => {
    const batch = sharedBatch(10);
    const big = Array.from({ length: 10 }, (_, i) => i);
    await expect(
      Promise.all([
        readInBatches(big, (v) => batch.call(v, 1), 10),
        readInSpans({ from: 0n, to: 9n, span: 1_000n, read: (from, to) => batch.call([[from, to]], 10) }),
      ]),
    ).rejects.toThrow(/size limit/);
  });
});
