// Keys on devices (issue 17): the code loaded only when a device is used. In headless Chromium on
// the built app: the JavaScript of the welcome screen (with everything it fetches in the seconds
// after), then what opening "Connect a QR signing device", "Connect a Ledger" and "Connect a
// browser wallet" adds. The budget:
// none of that code is in the first screen.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/support/browser.ts';
import { findFreePort } from '../scripts/serve/ports.ts';
import { startStaticServer } from '../scripts/serve/static-server.ts';
import { type BenchRun, sized } from './benchRun.ts';

const scriptsOf = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((path) => path.endsWith('.js')),
  );

export async function benchDeviceCode(run: BenchRun): Promise<string> {
  const { appDir } = run;
  /** How long the welcome screen is left to fetch what it fetches after it shows (update bar, prefetches). */
  const SETTLE_MS = sized(run, 3_000, 300);
  const server = await startStaticServer({ root: appDir, port: await findFreePort() });
  const browser = await launchChromium();
  const gzip = (path: string) => gzipSync(readFileSync(join(appDir, path.replace(/^\//, ''))), { level: 9 }).length;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  try {
    const measure = async (method: string) => {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.goto(server.url);
      await page.getByRole('heading', { name: 'Welcome to Cairn' }).waitFor();
      await page.waitForTimeout(SETTLE_MS);
      const before = new Set(await scriptsOf(page));
      await page.getByRole('button', { name: new RegExp(`^${method}`) }).click();
      await page.getByRole('heading', { name: method }).waitFor();
      const added = (await scriptsOf(page)).filter((path) => !before.has(path));
      await context.close();
      return { before, added: [...new Set(added)] };
    };
    const qr = await measure('Connect a QR signing device');
    const ledger = await measure('Connect a Ledger');
    const wallet = await measure('Connect a browser wallet');
    // The device modules by their chunk names, wherever the bundler put them.
    const deviceModule =
      /\/(ImportQrDeviceFlow|ImportLedgerFlow|ImportExternalWalletFlow|QrSigningDialog|LedgerSigningDialog|ExternalWalletDialog|UrScanner|AnimatedUrCode|webHidTransport|jsQR)-[\w-]+\.js$/;
    const inFirst = [...new Set([...qr.before, ...ledger.before, ...wallet.before])].filter((path) =>
      deviceModule.test(path),
    );
    const sum = (paths: string[]) => paths.reduce((total, path) => total + gzip(path), 0);
    const names = (paths: string[]) => paths.map((p) => p.split('/').pop()).join(', ');
    return `Code loaded only when a device is used (gzip; the welcome screen left ${SETTLE_MS / 1000} s to settle first)
  QR signing device flow         ${kb(sum(qr.added))} in ${qr.added.length} file(s): ${names(qr.added)}
  Ledger flow                    ${kb(sum(ledger.added))} in ${ledger.added.length} file(s): ${names(ledger.added)}
  browser wallet flow            ${kb(sum(wallet.added))} in ${wallet.added.length} file(s): ${names(wallet.added)}
  welcome screen JS              ${kb(sum([...qr.before]))} in ${qr.before.size} file(s)
  device code in first screen    ${inFirst.length === 0 ? 'none: within budget' : `OVER BUDGET: ${names(inFirst)}`}
  (the signing dialogs load likewise only when such an account signs: QrSigningDialog, LedgerSigningDialog and ExternalWalletDialog chunks)`;
  } finally {
    await browser.close();
    await server.close();
  }
}
