import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { indexedDbVaultRepository, openCairnDatabase } from './database';

describe('vault repository in IndexedDB', () => {
  it('stores only over what was expected, in one transaction', async () => {
    const repository = indexedDbVaultRepository(await openCairnDatabase(`vault-${Math.random()}`));
    expect(await repository.saveIf((stored) => stored === undefined, { revision: 1 })).toBe(true);
    expect(await repository.saveIf((stored) => stored === undefined, { revision: 9 })).toBe(false);
    expect(await repository.load()).toEqual({ revision: 1 });
    expect(await repository.clearIf(() => false)).toBe(false);
    expect(await repository.clearIf(() => true)).toBe(true);
    expect(await repository.load()).toBeUndefined();
  });

  it('a write cut off before it commits (its transaction aborted) rejects and leaves the stored record as it was', async () => {
    const repository = indexedDbVaultRepository(await openCairnDatabase(`vault-${Math.random()}`));
    await repository.saveIf(() => true, { revision: 1 });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      const request = put.apply(this, args);
      this.transaction.abort();
      return request;
    };
    try {
      await expect(repository.saveIf(() => true, { revision: 2 })).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      IDBObjectStore.prototype.put = put;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    expect(await repository.load()).toEqual({ revision: 1 });
  });
});
