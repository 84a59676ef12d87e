// The unit project shares modules between test files (isolate: false in vitest.config.ts), so a
// module mocked with vi.mock would stay mocked for the files after it. Such tests live in
// *.mocked.test.ts files, which run apart.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('unit tests that share modules', () => {
  it('mock no module outside *.mocked.test.ts files', () => {
    const shared = ['src', 'scripts', 'devchain', 'examples']
      .flatMap((dir) => testFiles(join(root, dir)))
      .filter((file) => !/\.(mocked|integration)\.test\.tsx?$/.test(file));
    expect(shared.length).toBeGreaterThan(100);
    const mocking = shared.filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8')));
    expect(mocking.map((file) => relative(root, file))).toEqual([]);
  });
});
