import { describe, expect, it } from 'vitest';
import { serialPasses } from './serialPasses';

/** A pass the test ends by hand, counting how many started. */
function manualPasses() {
  const ends: (() => void)[] = [];
  const fails: ((error: Error) => void)[] = [];
  let started = 0;
  const pass = () =>
    new Promise<void>((resolve, reject) => {
      started++;
      ends.push(resolve);
      fails.push(reject);
    });
  return { pass, ends, fails, started: () => started };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('serialPasses', () => {
  it('never overlaps passes, and runs one more for requests made during a pass', async () => {
    const m = manualPasses();
    const request = serialPasses(m.pass);
    request();
    request();
    request();
    await settle();
    expect(m.started()).toBe(1);
    m.ends[0]?.();
    await settle();
    // The two requests made during the first pass are served by one pass, not dropped.
    expect(m.started()).toBe(2);
    m.ends[1]?.();
    await settle();
    expect(m.started()).toBe(2);
    request();
    await settle();
    expect(m.started()).toBe(3);
  });

  it('goes on after a pass that fails', async () => {
    const m = manualPasses();
    const request = serialPasses(m.pass);
    request();
    request();
    await settle();
    m.fails[0]?.(new Error('node down'));
    await settle();
    expect(m.started()).toBe(2);
    m.ends[1]?.();
    await settle();
    request();
    await settle();
    expect(m.started()).toBe(3);
  });

  it('goes on after a pass that throws before it returns a promise', async () => {
    let calls = 0;
    const request = serialPasses(() => {
      calls++;
      throw new Error('no store');
    });
    request();
    await settle();
    request();
    await settle();
    expect(calls).toBe(2);
  });
});
