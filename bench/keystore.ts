// Keystore v3 decryption at geth's default scrypt cost against Node's native crypto.scrypt (the
// same parameters, in the same run, alternating): Cairn's decryptKeystore in Node (the same V8 as
// Chromium), and in Chromium through the built keystore worker as the app drives it. The app
// starts that worker when the import or export screen loads, so its code, scrypt's WebAssembly and
// the curve tables are ready by the time the person submits; the bench gives it a second for that
// (a person picks a file and types a password), and also shows a worker started at the request.
import { scrypt as nodeScrypt } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/support/browser.ts';
import { findFreePort } from '../scripts/serve/ports.ts';
import { startStaticServer } from '../scripts/serve/static-server.ts';
import { DEFAULT_KEYSTORE_SCRYPT, decryptKeystore, encryptKeystore, parseKeystore } from '../src/core/keys/keystore.ts';
import { type BenchRun, sized } from './benchRun.ts';
import { median } from './stats.ts';
import { within } from './wait.ts';

const PASSWORD = 'keystore password';
const PREPARED_MS = 1_000;
const BUDGET = 1.25;

const ms = (value: number) => `${value.toFixed(0)} ms`;
const verdict = (ratio: number) =>
  `ratio ${ratio.toFixed(2)}×   budget ${BUDGET}×: ${ratio <= BUDGET ? 'within budget' : 'OVER BUDGET'}`;

type WorkerRun = { startup: number; total: number };

/** One decryption through the app's keystore worker, from posting the request to the key back. */
function decryptInWorker(page: Page, file: string, text: string, preparedMs: number): Promise<WorkerRun> {
  const decrypted = page.evaluate(
    async ({ file, text, password, preparedMs }) => {
      const spawnedAt = performance.now();
      const worker = new Worker(new URL(file, location.href), { type: 'module' });
      if (preparedMs > 0) await new Promise((resolve) => setTimeout(resolve, preparedMs));
      const start = performance.now();
      let startup = 0;
      const total = await new Promise<number>((resolve, reject) => {
        worker.onmessage = (event) => {
          const message = event.data as { type: string; message?: string };
          if (message.type === 'progress') startup ||= performance.now() - start;
          else if (message.type === 'decrypted') resolve(performance.now() - start);
          else reject(new Error(message.message ?? message.type));
        };
        worker.postMessage({ id: 1, op: 'decrypt', text, password });
      });
      worker.terminate();
      return { startup: preparedMs > 0 ? startup : startup + (start - spawnedAt), total };
    },
    { file, text, password: PASSWORD, preparedMs },
  );
  return within('the keystore worker to decrypt the keystore', 60_000, decrypted);
}

export async function benchKeystore(run: BenchRun): Promise<string> {
  const { appDir } = run;
  const RUNS = sized(run, 3, 1);
  const key = crypto.getRandomValues(new Uint8Array(32));
  key[0] = 1;
  const text = await encryptKeystore(key, PASSWORD);
  const keystore = parseKeystore(text);
  const { n, r, p } = DEFAULT_KEYSTORE_SCRYPT;
  const scrypt = promisify(nodeScrypt) as (p: string, s: Uint8Array, l: number, o: object) => Promise<Buffer>;
  const timed = async (task: () => Promise<unknown>) => {
    const start = performance.now();
    await task();
    return performance.now() - start;
  };

  const file = readdirSync(join(appDir, 'assets')).find((f) => /^keystore\.worker-.*\.js$/.test(f));
  if (!file) throw new Error('keystore worker not found in the build');
  const app = await startStaticServer({ root: appDir, port: await findFreePort() });
  const browser = await launchChromium();
  const native: number[] = [];
  const inNode: number[] = [];
  const prepared: WorkerRun[] = [];
  const cold: WorkerRun[] = [];
  try {
    const page = await (await browser.newContext()).newPage();
    // A page of the origin without Cairn's Content-Security-Policy (the server's "Not found"):
    // under it only Cairn's own Trusted Types policy, inside its code, may start a worker.
    await page.goto(new URL('bench-probe', app.url).href);
    if (!run.smoke) {
      await decryptInWorker(page, `assets/${file}`, text, 0); // warm-up: disk cache, Chromium's code cache
      await decryptKeystore(keystore, PASSWORD);
    }
    for (let i = 0; i < RUNS; i++) {
      native.push(
        await timed(() => scrypt(PASSWORD, new Uint8Array(32), 32, { N: n, r, p, maxmem: 512 * 1024 * 1024 })),
      );
      inNode.push(await timed(() => decryptKeystore(keystore, PASSWORD)));
      prepared.push(await decryptInWorker(page, `assets/${file}`, text, PREPARED_MS));
      cold.push(await decryptInWorker(page, `assets/${file}`, text, 0));
    }
  } finally {
    await browser.close();
    await app.close();
  }
  const base = median(native);
  const browserTotal = median(prepared.map((x) => x.total));
  const coldTotal = median(cold.map((x) => x.total));
  return [
    `Keystore v3 decrypt (scrypt n=${n} r=${r} p=${p}, WebAssembly; median of ${RUNS}, alternating)`,
    `  Node native crypto.scrypt                      ${ms(base)}`,
    `  Cairn decryptKeystore in Node                  ${ms(median(inNode))}   ${verdict(median(inNode) / base)}`,
    `  Cairn in Chromium, keystore worker started     ${ms(browserTotal)}   ${verdict(browserTotal / base)}`,
    `    ahead (request → key back)`,
    `  the same, worker started at the request        ${ms(coldTotal)}   ratio ${(coldTotal / base).toFixed(2)}× (of which start-up ${ms(median(cold.map((x) => x.startup)))}: script, WebAssembly, curve tables)`,
  ].join('\n');
}
