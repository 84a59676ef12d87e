import { describe, expect, it } from 'vitest';
import { copyText, SECRET_CLIPBOARD_MS } from './clipboard';

function fakes() {
  const writes: string[] = [];
  const timers: { callback: () => void; ms: number; cleared: boolean }[] = [];
  let failNext = false;
  const clipboard = {
    writeText: async (text: string) => {
      if (failNext) {
        failNext = false;
        throw new Error('Document is not focused');
      }
      writes.push(text);
    },
  };
  const timerPort = {
    setTimeout: (callback: () => void, ms: number) => {
      const timer = { callback, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle: unknown) => {
      (handle as { cleared: boolean }).cleared = true;
    },
  };
  return { writes, timers, clipboard, timerPort, failOnce: () => (failNext = true) };
}

describe('clipboard', () => {
  it('clears a copied secret after 60 s', async () => {
    const f = fakes();
    await copyText('secret words', { secret: true, clipboard: f.clipboard, timers: f.timerPort });
    expect(f.writes).toEqual(['secret words']);
    expect(f.timers[0]?.ms).toBe(SECRET_CLIPBOARD_MS);
    expect(SECRET_CLIPBOARD_MS).toBe(60_000);
    f.timers[0]?.callback();
    await Promise.resolve();
    expect(f.writes).toEqual(['secret words', '']);
  });

  it('does not clear ordinary text, and a new copy replaces the pending clear', async () => {
    const f = fakes();
    await copyText('secret', { secret: true, clipboard: f.clipboard, timers: f.timerPort });
    await copyText('0xaddress', { clipboard: f.clipboard, timers: f.timerPort });
    expect(f.timers[0]?.cleared).toBe(true);
    expect(f.timers).toHaveLength(1);
  });

  it('retries the clear when the page regains focus', async () => {
    const f = fakes();
    let retry: (() => void) | undefined;
    await copyText('secret', {
      secret: true,
      clipboard: f.clipboard,
      timers: f.timerPort,
      onFocus: (r) => (retry = r),
    });
    f.failOnce();
    f.timers[0]?.callback();
    await new Promise((r) => setTimeout(r, 0));
    expect(f.writes).toEqual(['secret']);
    retry?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(f.writes).toEqual(['secret', '']);
  });
});
