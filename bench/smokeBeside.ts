// `npm test` between the unit and the end-to-end tests, in two lanes side by side: the npm scripts
// before `--` (the production build, the smoke bench on it, then lint), their output held and
// printed once both lanes have ended, and the scripts after it (type checking, the integration
// tests), as they run. Lint follows the bench: with type checking (137 s) and the integration
// tests (330 s) the lanes were 388 s and 491 s; this way about 412 and 467. Each lane runs its
// scripts one after the other and stops at the first failure, as `&&` does; the step fails if
// either lane failed, and the lines naming what failed are printed again at the very end, where a
// CI log's tail shows them.
// The smoke bench mostly waits (for pages, blocks, the node: about half of one of CI's two cores),
// and type checking and the integration tests leave room beside it: one after the other these
// took about 215 s, side by side about 130 s. The unit tests run alone before this step: beside
// the bench, a DOM test that reads its document between two renders failed once. The e2e tests
// keep both cores busy alone, and run after it.
// The demo contracts are compiled first (a few seconds on a fresh clone; the unit tests do it
// before): two seeds at once would both compile them, and one could read the other's cache file
// (devchain/compile.ts writes it in place) half written. A script given with arguments, as one
// word ("build --unsigned"), runs as `npm run build -- --unsigned`.
//   node --import tsx bench/smokeBeside.ts "build --unsigned" bench:smoke lint -- typecheck test:integration
import { type ChildProcess, spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { compileContracts } from '../devchain/compile.ts';

/** Runs `npm run script` ("name args…"); its output goes to `output` if given, else on to this process's. */
function npm(script: string, output: Buffer[], held: boolean): ChildProcess {
  const [name = '', ...args] = script.split(' ').filter(Boolean);
  const child = spawn('npm', ['run', name, ...(args.length > 0 ? ['--', ...args] : [])], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // npm is npm.cmd on Windows, which only a shell runs.
    shell: process.platform === 'win32',
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output.push(chunk);
    if (!held) process.stdout.write(chunk);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output.push(chunk);
    if (!held) process.stderr.write(chunk);
  });
  return child;
}

/** The lines of a failed script's output that name what failed, without colours. */
function failureLines(output: Buffer[]): string[] {
  const plain = stripVTControlCharacters(Buffer.concat(output).toString('utf8'));
  const named = plain.split('\n').filter((line) => /\bFAIL\b|Error\b|error TS|✖|×/.test(line));
  return named.slice(0, 60);
}

const ended = (child: ChildProcess): Promise<number> =>
  new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });

interface Failure {
  script: string;
  lines: string[];
}

/** Runs `scripts` one after the other; the first that failed, if any. Says when each ends. */
async function inTurn(scripts: readonly string[], held?: Buffer[]): Promise<Failure | undefined> {
  for (const script of scripts) {
    const started = performance.now();
    const output = held ?? [];
    const code = await ended(npm(script, output, held !== undefined));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `\nnpm run ${script}: ${code === 0 ? 'done' : 'FAILED'} in ${seconds} s${held ? ' (its output follows once both lanes end)' : ''}`,
    );
    if (code !== 0) return { script, lines: failureLines(output) };
    if (!held) output.length = 0;
  }
  return undefined;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const split = args.indexOf('--');
  const [heldLane, liveLane] = [args.slice(0, split), args.slice(split + 1)];
  if (split < 1 || liveLane.length === 0)
    throw new Error('usage: node --import tsx bench/smokeBeside.ts <npm script>… -- <npm script>…');
  compileContracts();
  const held: Buffer[] = [];
  const failed = await Promise.all([inTurn(heldLane, held), inTurn(liveLane)]);
  process.stdout.write(`\n(${heldLane.join(', ')}: held while ${liveLane.join(', ')} ran)\n`);
  process.stdout.write(Buffer.concat(held));
  // The live lane's failures scrolled by before the held output: named again last, where a log's
  // tail shows them.
  for (const failure of failed) {
    if (!failure) continue;
    console.error(`\nnpm run ${failure.script} failed:`);
    for (const line of failure.lines) console.error(`  ${line.trim()}`);
  }
  return failed.some(Boolean) ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error);
    process.exitCode = 1;
  },
);
