/** Runs tasks one at a time per name, across everything that shares the provider. */
export interface LockProvider {
  withLock<T>(name: string, task: () => Promise<T>): Promise<T>;
}

/**
 * The Web Locks API: exclusive across every tab and worker of this origin, released when the
 * task settles or the tab dies. Two tabs sending at once take turns choosing their nonce.
 */
export function webLocks(locks: LockManager): LockProvider {
  return {
    withLock: (name, task) =>
      locks.request(name, { mode: 'exclusive' }, task) as Promise<Awaited<ReturnType<typeof task>>>,
  };
}

/** An in-process lock for tests and for browsers without the Web Locks API. */
export function memoryLocks(): LockProvider {
  const tails = new Map<string, Promise<unknown>>();
  return {
    withLock(name, task) {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(task, task);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}
