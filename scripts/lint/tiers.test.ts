import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORE_TIERS, checkTier, coreFolderOf, importLoops, LIB_TIERS, resolveSource, tierFolderOf } from './tiers.ts';

const graph = (edges: Record<string, string[]>) =>
  new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)] as const));

describe("core's tiers", () => {
  it('names the folder or single-file module of a core path', () => {
    expect(coreFolderOf('src/core/chain/client.ts')).toBe('chain');
    expect(coreFolderOf('src/core/vault/shared/vaultClient.ts')).toBe('vault');
    expect(coreFolderOf('src/core/bytes.ts')).toBe('bytes');
    expect(coreFolderOf('src/lib/i18n/format.ts')).toBeUndefined();
  });

  it('places every folder of src/core, once', () => {
    const folders = readdirSync('src/core', { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || /^[^.]+\.ts$/.test(entry.name))
      .map((entry) => entry.name.replace(/\.ts$/, ''));
    const placed: string[] = CORE_TIERS.flatMap(({ folders: inTier }) => [...inTier]);
    expect(new Set(placed).size).toBe(placed.length);
    expect([...placed].sort()).toEqual([...folders].sort());
  });

  it('lets a folder import itself and what comes before it', () => {
    expect(checkTier('src/core/chain/fees.ts', 'src/core/errors/base')).toBeUndefined();
    expect(checkTier('src/core/activity/sync.ts', 'src/core/approvals/approvalEvents')).toBeUndefined();
    expect(checkTier('src/core/vault/shared/vaultClient.ts', 'src/core/vault/vaultSettings')).toBeUndefined();
    expect(checkTier('src/core/dapp/connection.ts', 'src/core/bytes')).toBeUndefined();
    expect(checkTier('src/core/chain/fees.ts', 'src/lib/format')).toBeUndefined();
  });

  it('refuses an import of a later folder, in its tier or above, naming both tiers', () => {
    expect(checkTier('src/core/approvals/scanApprovals.ts', 'src/core/activity/sync')).toMatch(
      /core\/approvals \(domain\) may not import core\/activity \(domain\)/,
    );
    expect(checkTier('src/core/errors/chain.ts', 'src/core/chain/theirWords')).toMatch(
      /core\/errors \(base\) may not import core\/chain \(chain\)/,
    );
    expect(checkTier('src/core/storage/x.ts', 'src/core/vault/unlockThrottle')).toMatch(/\(store\).*\(session\)/);
  });

  it('lets tests reach up, and asks for a place for a new folder', () => {
    expect(checkTier('src/core/chain/readLane.test.ts', 'src/core/activity/sync')).toBeUndefined();
    expect(checkTier('src/core/bridge/route.ts', 'src/core/chain/client')).toMatch(
      /core\/bridge has no place in core's tiers/,
    );
  });
});

describe("lib's tiers", () => {
  it('names the folder of a lib path, and none for a file at its root', () => {
    expect(tierFolderOf('src/lib/queries/chainQueries.ts')).toEqual({ layer: 'lib', folder: 'queries' });
    expect(tierFolderOf('src/lib/walletContexts.tsx')).toEqual({ layer: 'lib', folder: '' });
  });

  it('places every folder of src/lib, once', () => {
    const folders = readdirSync('src/lib', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const placed: string[] = LIB_TIERS.flatMap(({ folders: inTier }) => [...inTier]);
    expect(new Set(placed).size).toBe(placed.length);
    expect([...placed].sort()).toEqual([...folders].sort());
  });

  it('lets a root file import any folder, and a folder itself and what comes before it', () => {
    expect(checkTier('src/lib/walletContexts.tsx', 'src/lib/send/sendRequest')).toBeUndefined();
    expect(checkTier('src/lib/queries/recordQueries.ts', 'src/lib/stores/transactions.tsx')).toBeUndefined();
    expect(checkTier('src/lib/queries/chainQueries.ts', 'src/lib/queries/headFeeds')).toBeUndefined();
  });

  it('refuses a folder importing a later folder or the root, naming why', () => {
    expect(checkTier('src/lib/stores/transactions.tsx', 'src/lib/queries/recordQueries.ts')).toMatch(
      /lib\/stores \(stores\) may not import lib\/queries \(reads\)/,
    );
    expect(checkTier('src/lib/queries/chainQueries.ts', 'src/lib/walletContexts.tsx')).toMatch(
      /lib\/queries may not import lib's root/,
    );
    expect(checkTier('src/lib/bridge/route.ts', 'src/lib/queries/chainQueries.ts')).toMatch(
      /lib\/bridge has no place in lib's tiers/,
    );
    expect(checkTier('src/lib/queries/x.test.ts', 'src/lib/walletContexts.tsx')).toBeUndefined();
  });
});

describe('import loops', () => {
  it('finds every loop, of two files or more, and no others', () => {
    const loops = importLoops(
      graph({
        a: ['b'],
        b: ['c'],
        c: ['a', 'd'],
        d: ['e'],
        e: ['d'],
        f: ['a'],
        self: ['self'],
      }),
    );
    expect(loops).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
  });

  it('finds none in a graph without one, however deep', () => {
    const deep = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`f${i}`, i > 0 ? [`f${i - 1}`] : []]));
    expect(importLoops(graph(deep))).toEqual([]);
    expect(importLoops(graph({ ...deep, f0: ['f19999'] }))[0]).toHaveLength(20_000);
  });

  it('resolves a specifier to a source file of the repository', () => {
    const files = new Set(['src/core/chain/client.ts', 'src/app/Shell.tsx', 'src/lib/queries/index.ts']);
    expect(resolveSource('src/core/chain/fees.ts', './client', files)).toBe('src/core/chain/client.ts');
    expect(resolveSource('src/app/main.tsx', './Shell', files)).toBe('src/app/Shell.tsx');
    expect(resolveSource('src/app/main.tsx', '@/lib/queries', files)).toBe('src/lib/queries/index.ts');
    expect(resolveSource('src/app/main.tsx', '@/core/chain/client.ts', files)).toBe('src/core/chain/client.ts');
    expect(resolveSource('src/app/main.tsx', 'viem', files)).toBeUndefined();
  });
});
