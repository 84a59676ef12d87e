// What a bench section starts (a chain, a proxy, servers, Chromium, a temporary folder) is closed
// when the section ends, and also when the runner aborts it past its limit: else its browser and
// chain would keep running through the later sections and skew their figures.

export type Held = {
  /**
   * Waits for `starting` and closes what it gives with `close` when the section ends, newest
   * first. On abort it is closed even if it was still starting, and the section's wait rejects.
   */
  open<T>(starting: Promise<T>, close: (thing: T) => unknown): Promise<T>;
};

/**
 * Runs `body` (a section, bench/run.ts) with a Held. Settles once everything it opened is closed:
 * when `body` settles, or, when `signal` aborts first, with the abort's reason (the runner gives
 * that cleanup a grace limit).
 */
export async function holding<T>(signal: AbortSignal, body: (held: Held) => Promise<T>): Promise<T> {
  const closers: Promise<() => Promise<unknown>>[] = [];
  let closed = false;
  /** Closes what was opened, newest first; gives the first close that failed, if any. */
  const closeAll = async (): Promise<{ error: unknown } | undefined> => {
    closed = true;
    let failed: { error: unknown } | undefined;
    for (let closer = closers.pop(); closer; closer = closers.pop()) {
      try {
        await (await closer)();
      } catch (error) {
        failed ??= { error };
      }
    }
    return failed;
  };
  const held: Held = {
    open(starting, close) {
      // A start that fails leaves nothing to close; the section sees its error.
      const closer = starting.then(
        (thing) => async () => close(thing),
        () => async () => undefined,
      );
      if (closed) void closer.then((closeIt) => closeIt().catch(() => undefined));
      else closers.push(closer);
      return starting.then((thing) => {
        signal.throwIfAborted();
        return thing;
      });
    },
  };
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
  });
  signal.addEventListener('abort', onAbort, { once: true });
  if (signal.aborted) onAbort();
  // Left running after an abort: what it does next fails on closed things, and nobody waits for it.
  const work = Promise.resolve().then(() => body(held));
  work.catch(() => undefined);
  let result: T;
  try {
    result = await Promise.race([work, aborted]);
  } catch (error) {
    await closeAll();
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  const failed = await closeAll();
  if (failed) throw failed.error;
  return result;
}
