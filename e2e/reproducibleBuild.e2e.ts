// The build is reproducible: two clean clones of the committed source, built in folders of their
// own, give the same files byte for byte, so the same build hash; anyone can check a hosted copy
// against the hash a build of the tagged source prints.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashBuild } from '../scripts/build/buildHash.ts';
import { UNSIGNED_BUILD_ENV } from '../scripts/build/buildSigning.ts';
import { projectRoot } from './support/paths.ts';

const work = mkdtempSync(join(tmpdir(), 'cairn-reproducible-'));

/** Clones the committed source into `name`, shares the installed packages, builds; the build's printed output. */
function cloneAndBuild(name: string): { dir: string; printed: string } {
  const dir = join(work, name);
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', projectRoot, dir]);
  symlinkSync(join(projectRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const printed = execFileSync(process.execPath, [join(dir, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: dir,
    // Unsigned, as asked: the signature is no file of the build hash (a key would sign the same files).
    env: { ...process.env, NODE_ENV: 'production', [UNSIGNED_BUILD_ENV]: '1' },
    encoding: 'utf8',
  });
  return { dir: join(dir, 'dist'), printed };
}

describe('the build', () => {
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('is the same, byte for byte, from two clean clones, and prints its hash', () => {
    const first = cloneAndBuild('a');
    const second = cloneAndBuild('b');
    const [a, b] = [hashBuild(first.dir), hashBuild(second.dir)];
    expect(Object.keys(a.files).length).toBeGreaterThan(20);
    expect(b.files).toEqual(a.files);
    expect(b.sha256).toBe(a.sha256);
    expect(first.printed).toContain(`Build hash: ${a.sha256}`);
  }, 600_000);
});
