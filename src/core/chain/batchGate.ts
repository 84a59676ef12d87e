import type { Transport } from 'viem';

/** A hold never keeps a batch back longer than this: a reader that never asks delays the others only so long. */
export const HOLD_MAX_MS = 1_000;

/** A transport that gathers its calls into batches, and holds a batch open for a reader about to ask. */
export type BatchGate = {
  transport: Transport;
  /**
   * Keeps the batch open until the returned release is called (at most HOLD_MAX_MS): for a reader
   * that will ask once it has read its own state (the history pass reads IndexedDB first). Its
   * calls made by the next task after the release still join the batch.
   */
  hold(): () => void;
};

/**
 * Wraps `inner` (which sends the calls made in one task as one JSON-RPC batch) so that calls wait
 * from the first one for `waitMs`, and past it while any hold is on, then go on together: the
 * reads one block sets off travel in one request however long each takes to get ready.
 */
export function batchGate(inner: Transport, waitMs: number): BatchGate {
  let queue: (() => void)[] = [];
  /** From the first call queued until the batch goes. */
  let gathering = false;
  let windowOver = false;
  let holds = 0;

  const flushIfDue = () => {
    if (!windowOver || holds > 0) return;
    const starting = queue;
    queue = [];
    gathering = false;
    windowOver = false;
    for (const start of starting) start();
  };

  const enter = <T>(send: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push(() => void send().then(resolve, reject));
      if (gathering) return;
      gathering = true;
      setTimeout(() => {
        windowOver = true;
        flushIfDue();
      }, waitMs);
    });

  const transport: Transport = (params) => {
    const built = inner(params);
    const request = ((args, options) => enter(() => built.request(args, options))) as typeof built.request;
    return { ...built, request };
  };

  return {
    transport,
    hold() {
      holds++;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        clearTimeout(cap);
        holds--;
        // A task later: the reader's calls made right after its release reach the queue first.
        if (holds === 0) setTimeout(flushIfDue, 0);
      };
      const cap = setTimeout(release, HOLD_MAX_MS);
      return release;
    },
  };
}
