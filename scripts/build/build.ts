// `npm run build`: Cairn's production build (`vite build`, whose other arguments it passes on),
// signed with the publisher's key (docs/signed-builds.md). Without a key the build stops with a
// sentence (buildHash.ts), unless `--unsigned` asks for an unsigned build: Vite takes no option
// of ours, so this says it to vite.config.ts in the environment (UNSIGNED_BUILD_ENV).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { UNSIGNED_BUILD_ENV } from './buildSigning.ts';

const viteBin = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url));

/** Vite's arguments and the environment for `npm run build -- <args>`. */
export function viteBuildCommand(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): { args: string[]; env: NodeJS.ProcessEnv } {
  const unsigned = args.includes('--unsigned');
  const { [UNSIGNED_BUILD_ENV]: _, ...rest } = env;
  return {
    args: [viteBin, 'build', ...args.filter((arg) => arg !== '--unsigned')],
    env: unsigned ? { ...rest, [UNSIGNED_BUILD_ENV]: '1' } : rest,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = viteBuildCommand(process.argv.slice(2), process.env);
  const vite = spawn(process.execPath, command.args, { env: command.env, stdio: 'inherit' });
  vite.once('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
}
