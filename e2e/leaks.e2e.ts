// Threats 3 and 10: over a full session, secrets never reach storage (as the browser writes it
// to disk, too) or the network, and no host but the app and the chosen node is contacted.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePhrase } from '../src/core/keys/phrase.ts';
import { AppShell } from './pages/AppShell.ts';
import { Onboarding, Unlock } from './pages/Onboarding.ts';
import { chromiumArgs, chromiumPath } from './support/browser.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { storedText } from './support/storedText.ts';

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

describe('no secret leaves the vault', () => {
  let env: Environment;
  let profile: string;
  let context: BrowserContext;
  beforeAll(async () => {
    env = await startEnvironment({ seed: false });
    profile = mkdtempSync(join(tmpdir(), 'cairn-profile-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      headless: true,
      args: chromiumArgs,
    });
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await env?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it('keeps phrase, passphrase, private key and password out of requests, storage and the profile on disk', async () => {
    const phrase = generatePhrase(24);
    const passphrase = `pass-${crypto.randomUUID()}`;
    const password = `vault ${crypto.randomUUID()} horse`;
    const keyHex = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join(
      '',
    );
    const words = phrase.split(' ');
    const secrets = [
      phrase,
      passphrase,
      password,
      keyHex,
      keyHex.toUpperCase(),
      ...words.slice(0, -2).map((_, i) => words.slice(i, i + 3).join(' ')),
    ];

    const requests: { url: string; body: string }[] = [];
    context.on('request', (request) => requests.push({ url: request.url(), body: request.postData() ?? '' }));
    const page = await context.newPage();
    const shell = new AppShell(page);
    const onboarding = new Onboarding(page);

    await shell.open(env.server.url);
    await onboarding.method('Import a recovery phrase').click();
    await onboarding.enterPhrase(phrase);
    await page.getByLabel('Use a BIP39 passphrase (advanced)').check();
    await page.getByLabel('Passphrase', { exact: true }).fill(passphrase);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: /Continue with/ }).click();
    await onboarding.finishWithPassword(password);
    await shell.nav.waitFor();

    await new AppShell(page).accountMenuLink('Add wallet');
    await onboarding.method('Import a private key').click();
    await page.getByLabel('Private key', { exact: true }).fill(keyHex);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Add to Cairn' }).click();
    await page.getByRole('heading', { name: 'Accounts', exact: true }).waitFor();

    await new AppShell(page).lock();
    await new Unlock(page).unlock(password);
    await shell.nav.waitFor();
    await page.reload();
    await new Unlock(page).unlock(password);
    await shell.nav.waitFor();

    const stored = await storedText(page);
    expect(stored).toContain('cairn-vault');
    // Control: a value the page does store must be found by the disk scan below.
    const marker = `marker-${crypto.randomUUID()}`;
    await page.evaluate((m) => localStorage.setItem('cairn-e2e-control', m), marker);
    await page.close();
    await context.close();

    const appOrigin = new URL(env.server.url).origin;
    const nodeOrigin = new URL(env.chain.url).origin;
    expect(new Set(requests.map((r) => new URL(r.url).origin).filter((o) => o.startsWith('http')))).toEqual(
      new Set([appOrigin, nodeOrigin]),
    );
    const onDisk = [...files(profile)].filter((f) => statSync(f).size < 50_000_000).map((f) => readFileSync(f));
    expect(onDisk.length).toBeGreaterThan(10);
    const found = (text: string) =>
      onDisk.some(
        (content) => content.includes(Buffer.from(text, 'utf8')) || content.includes(Buffer.from(text, 'utf16le')),
      );
    expect(found(marker), 'the control value is on disk').toBe(true);
    for (const secret of secrets) {
      for (const request of requests) {
        expect(request.url.includes(secret) || request.body.includes(secret), `request to ${request.url}`).toBe(false);
      }
      expect(stored.includes(secret), 'localStorage/sessionStorage/IndexedDB').toBe(false);
      expect(found(secret), 'a file of the browser profile').toBe(false);
    }
  });
});
