// Builds Cairn for the end-to-end tests, in a process of its own with NODE_ENV set: inside Vitest
// NODE_ENV is "test", which would bundle React's development build into a "production" one.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from './paths.ts';

/** Builds Cairn into `outDir` with React's production build, or its development build (which warns of misuse). */
export function buildCairn(outDir: string, react: 'production' | 'development' = 'production'): void {
  const viteBin = join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  execFileSync(process.execPath, [viteBin, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: react },
    stdio: 'inherit',
  });
}
