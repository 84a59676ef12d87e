import { describe, expect, it } from 'vitest';
import { holding } from './held.ts';

const never = () => new Promise<never>(() => {});

describe('holding', () => {
  it('closes what the section opened, newest first, when it ends', async () => {
    const closed: string[] = [];
    const result = await holding(new AbortController().signal, async (held) => {
      const chain = await held.open(Promise.resolve('chain'), (name) => closed.push(name));
      await held.open(Promise.resolve('browser'), (name) => closed.push(name));
      expect(closed).toEqual([]);
      return `figures on ${chain}`;
    });
    expect(result).toBe('figures on chain');
    expect(closed).toEqual(['browser', 'chain']);
  });

  it('closes them when the section throws, and gives its error', async () => {
    const closed: string[] = [];
    const run = holding(new AbortController().signal, async (held) => {
      await held.open(Promise.resolve('server'), (name) => closed.push(name));
      throw new Error('no chart');
    });
    await expect(run).rejects.toThrow('no chart');
    expect(closed).toEqual(['server']);
  });

  it('on abort, closes at once, also what was still starting, and rejects with the reason', async () => {
    const closed: string[] = [];
    const abort = new AbortController();
    let started: (name: string) => void = () => {};
    let opening: Promise<string> | undefined;
    const run = holding(abort.signal, async (held) => {
      await held.open(Promise.resolve('chain'), (name) => closed.push(name));
      opening = held.open(new Promise<string>((resolve) => (started = resolve)), (name) => closed.push(name));
      await opening;
      return never();
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    abort.abort(new Error('past its limit'));
    setTimeout(() => started('browser'), 10);
    await expect(run).rejects.toThrow('past its limit');
    expect(closed).toEqual(['browser', 'chain']);
    // The section, left behind, does not go on with what was closed.
    await expect(opening).rejects.toThrow('past its limit');
  });

  it('fails a section whose figures came but whose close failed', async () => {
    const run = holding(new AbortController().signal, async (held) => {
      await held.open(Promise.resolve('chain'), () => {
        throw new Error('the chain did not stop');
      });
      return 'figures';
    });
    await expect(run).rejects.toThrow('the chain did not stop');
  });
});
