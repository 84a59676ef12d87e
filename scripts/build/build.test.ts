import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { viteBuildCommand } from './build.ts';
import { buildHash } from './buildHash.ts';
import { NO_KEY_SENTENCE, UNSIGNED_BUILD_ENV } from './buildSigning.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'cairn-build-refused-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const FACTS = { version: '0.1.0', license: 'MIT', commit: 'abc1234', modified: false };
/** What buildHash reads of Vite's resolved config. */
const CONFIG = { root: work, build: { outDir: 'dist' }, logger: { info: () => {} } };
const resolved = (plugin: ReturnType<typeof buildHash>) => () =>
  (plugin.configResolved as unknown as (config: typeof CONFIG) => void)(CONFIG);

describe('npm run build', () => {
  it('passes --unsigned to vite.config.ts in the environment, and every other argument to vite build', () => {
    const { args, env } = viteBuildCommand(['--unsigned', '--outDir', 'x'], { PATH: '/bin' });
    expect(args.slice(1)).toEqual(['build', '--outDir', 'x']);
    expect(env).toEqual({ PATH: '/bin', [UNSIGNED_BUILD_ENV]: '1' });
  });

  it('asks for no unsigned build without --unsigned, whatever the environment says', () => {
    const { args, env } = viteBuildCommand(['--outDir', 'x'], { PATH: '/bin', [UNSIGNED_BUILD_ENV]: '1' });
    expect(args.slice(1)).toEqual(['build', '--outDir', 'x']);
    expect(env).toEqual({ PATH: '/bin' });
  });

  it('stops a build with no key before building, unless it was asked unsigned', () => {
    expect(resolved(buildHash(FACTS, undefined, false))).toThrow(NO_KEY_SENTENCE);
    expect(resolved(buildHash(FACTS, undefined, true))).not.toThrow();
  });

  it('refuses, with the sentence, when run with no key and without --unsigned, and writes nothing', async () => {
    const outDir = join(work, 'dist');
    const {
      CAIRN_SIGNING_KEY: _,
      CAIRN_SIGNING_KEY_FILE: _file,
      [UNSIGNED_BUILD_ENV]: _unsigned,
      ...env
    } = process.env;
    const ran = await new Promise<{ code: number; printed: string }>((resolve) =>
      execFile(
        'npm',
        ['run', 'build', '--', '--outDir', outDir, '--logLevel', 'warn'],
        { cwd: root, env: { ...env, NODE_ENV: 'production' }, shell: process.platform === 'win32' },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, printed: stdout + stderr }),
      ),
    );
    expect(ran.code).not.toBe(0);
    expect(ran.printed).toContain(NO_KEY_SENTENCE);
    expect(existsSync(outDir)).toBe(false);
  }, 60_000);
});
