// `npm run bench`: Cairn's figures, section by section (see SECTIONS). Prints figures; never fails
// on timing. A section that throws or runs past its limit is reported and the others still run;
// the run then exits non-zero, naming the failed sections.
//   npm run bench -- send portfolio    only those sections
//   npm run bench -- --smoke           every section once at small sizes (npm test runs it)
//   --reuse-build                      keep the build in bench/.out from an earlier run
//   --app=<dir>                        measure the build in <dir> (npm test: dist/) instead of building
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UNSIGNED_BUILD_ENV } from '../scripts/build/buildSigning.ts';
import { benchApprovalRoundTrip } from './approvalRoundTrip.ts';
import { benchApprovalsScan } from './approvalsScan.ts';
import { ALTERNATING_RUNS, type BenchRun } from './benchRun.ts';
import { benchConnector } from './connector.ts';
import { benchDeviceCode } from './deviceCode.ts';
import { benchExtension } from './extension.ts';
import { benchFirstScreen } from './firstScreen.ts';
import { type Held, holding } from './held.ts';
import { benchHistory } from './history.ts';
import { benchHistoryAcross } from './historyAcross.ts';
import { benchHome } from './home.ts';
import { benchIdle } from './idle.ts';
import { benchKeystore } from './keystore.ts';
import { benchLanguage } from './language.ts';
import { benchLightClient } from './lightClient.ts';
import { benchLogSpans } from './logSpans.ts';
import { benchNetworks } from './networks.ts';
import { benchPasskeyAccount } from './passkeyAccount.ts';
import { benchPortfolio } from './portfolio.ts';
import { benchQrTransfer } from './qrTransfer.ts';
import { runSections, summary } from './runner.ts';
import { benchSafe } from './safe.ts';
import { benchSend } from './send.ts';
import { benchSharedSession } from './sharedSession.ts';
import { benchSignedStart } from './signedStart.ts';
import { benchSimulation } from './simulation.ts';
import { benchSlip39 } from './slip39.ts';
import { benchSmartAccount } from './smartAccount.ts';
import { closeSharedChains } from './stage.ts';
import { benchSwap } from './swap.ts';
import { benchVault } from './vault.ts';
import { benchVerifiedBalances } from './verifiedBalances.ts';
import { benchVerifiedCall } from './verifiedCall.ts';
import { benchWarmStart } from './warmStart.ts';

const MINUTE = 60_000;

type SectionEntry = {
  name: string;
  /** Loads the built app (the others run in Node and need no build). */
  browser: boolean;
  /** The most the section may take, in a full run and in a smoke run. */
  limitMs: { full: number; smoke: number };
  /** What it starts through `held` is closed when it ends, or at once when it runs past its limit. */
  run(bench: BenchRun, held: Held): Promise<string>;
};

const section = (
  name: string,
  browser: boolean,
  run: (bench: BenchRun, held: Held) => Promise<string>,
  limitMs = { full: 20 * MINUTE, smoke: 2 * MINUTE },
): SectionEntry => ({ name, browser, limitMs, run });

/** In the order they run. */
const SECTIONS: readonly SectionEntry[] = [
  section('first-screen', true, benchFirstScreen),
  section('vault', false, benchVault),
  section('keystore', true, benchKeystore),
  section('slip39', false, benchSlip39),
  section('session', true, benchSharedSession),
  section('portfolio', false, benchPortfolio),
  section('home', true, benchHome),
  section('idle', true, benchIdle, { full: 30 * MINUTE, smoke: 3 * MINUTE }),
  section('networks', true, benchNetworks, { full: 10 * MINUTE, smoke: 3 * MINUTE }),
  section('send', true, benchSend),
  section('swap', true, benchSwap),
  section('smart-account', true, benchSmartAccount),
  section('passkey-account', false, (_bench, held) => benchPasskeyAccount(held)),
  section('safe', true, benchSafe),
  // 10,000 transfers take minutes to seed and to sync.
  section('history', true, benchHistory, {
    full: 60 * MINUTE,
    smoke: 3 * MINUTE,
  }),
  section('history-across', true, benchHistoryAcross, { full: 10 * MINUTE, smoke: 3 * MINUTE }),
  section('simulation', false, benchSimulation),
  section('approvals-scan', false, benchApprovalsScan),
  section('log-spans', false, benchLogSpans),
  section('verified-balances', false, benchVerifiedBalances),
  section('verified-call', false, benchVerifiedCall),
  section('light-client', false, benchLightClient),
  section('connector', false, benchConnector),
  section('extension', true, benchExtension),
  section('approval', false, benchApprovalRoundTrip),
  section('qr', false, benchQrTransfer),
  section('device-code', true, benchDeviceCode),
  section('language', true, benchLanguage),
  section('warm-start', true, benchWarmStart),
  section('signed-start', true, benchSignedStart),
];

const root = fileURLToPath(new URL('..', import.meta.url));
/** Where the bench builds Cairn and the baseline (BENCH_OUT sets another folder). */
const out = resolve(process.env.BENCH_OUT ?? join(root, 'bench', '.out'));
const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
const known = ['smoke', 'reuse-build', 'app'];
const badFlags = args.filter(
  (a) => a.startsWith('--') && !known.some((k) => a === `--${k}` || a.startsWith(`--${k}=`)),
);
const chosen = args.filter((a) => !a.startsWith('--'));
const unknown = chosen.filter((name) => !SECTIONS.some((s) => s.name === name));
if (unknown.length || badFlags.length) {
  console.error(
    `unknown ${[...unknown, ...badFlags].join(', ')}; sections: ${SECTIONS.map((s) => s.name).join(', ')}; flags: --smoke, --reuse-build, --app=<dir>`,
  );
  process.exit(2);
}
const smoke = flag('smoke') !== undefined;
const reuseBuild = flag('reuse-build') !== undefined;
const givenApp = flag('app')?.split('=')[1];
const selected = SECTIONS.filter((s) => chosen.length === 0 || chosen.includes(s.name));

function viteBuild(buildArgs: string[]) {
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', ...buildArgs, '--logLevel', 'warn'],
    // Unsigned, as asked (the signed-start section signs copies of its own).
    { cwd: root, env: { ...process.env, NODE_ENV: 'production', [UNSIGNED_BUILD_ENV]: '1' }, stdio: 'inherit' },
  );
}

/** Builds what the chosen sections load: Cairn (unless given) and the bare React page. */
function build(): BenchRun {
  const appDir = givenApp ? resolve(root, givenApp) : join(out, 'app');
  const baselineDir = join(out, 'baseline');
  if (!selected.some((s) => s.browser)) return { appDir, baselineDir, smoke };
  if (givenApp && !existsSync(join(appDir, 'index.html')))
    throw new Error(`no build in ${appDir} (run npm run build first)`);
  if (!givenApp && (!reuseBuild || !existsSync(join(appDir, 'index.html')))) {
    console.log('Building Cairn…');
    viteBuild(['--outDir', appDir, '--emptyOutDir']);
  }
  if (!reuseBuild || !existsSync(join(baselineDir, 'index.html'))) {
    console.log('Building the bare React baseline…');
    viteBuild([
      join(root, 'bench', 'baseline'),
      '--config',
      join(root, 'vite.config.ts'),
      '--outDir',
      baselineDir,
      '--emptyOutDir',
    ]);
  }
  return { appDir, baselineDir, smoke };
}

async function main(): Promise<number> {
  const bench = build();
  if (smoke)
    console.log(
      `Smoke run: each section once at small sizes; its figures and budget verdicts mean nothing (${selected.length} sections)`,
    );
  else console.log(`(${ALTERNATING_RUNS} runs where a section alternates Cairn with a bare page; BENCH_RUNS sets it)`);
  const outcomes = await runSections(
    selected.map((s) => ({
      name: s.name,
      limitMs: smoke ? s.limitMs.smoke : s.limitMs.full,
      run: (signal) => holding(signal, (held) => s.run(bench, held)),
    })),
    (text) => console.log(text),
  );
  await closeSharedChains();
  // Node's performance.now() counts from the process's start: the build and loading included.
  console.log(summary(outcomes, performance.now()));
  return outcomes.every((o) => o.ok) ? 0 : 1;
}

// A failure that escapes a section (a promise nobody awaited) is reported, and fails the run.
process.on('unhandledRejection', (reason) => {
  console.error('A bench promise failed outside its section:', reason);
  process.exitCode = 1;
});

main().then(
  // Exits: a section aborted past its limit may not have closed everything within its grace.
  (code) => process.exit(process.exitCode || code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
