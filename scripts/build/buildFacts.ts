// The facts Vite writes into the code at build time (`define`), for Settings → About.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildFacts } from '../../src/lib/browser/buildFiles.ts';

function git(root: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

export function buildFacts(root: string): BuildFacts {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string; license: string };
  const commit = git(root, ['rev-parse', '--short', 'HEAD']);
  return {
    version: manifest.version,
    license: manifest.license,
    commit: commit || 'unknown',
    modified: commit !== undefined && git(root, ['status', '--porcelain']) !== '',
  };
}
