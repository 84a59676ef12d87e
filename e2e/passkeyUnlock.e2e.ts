// Unlocking with a passkey, in Chromium with a CDP virtual authenticator (ctap2, internal, resident
// keys, user verification, PRF), at http://localhost:<port>: browsers refuse WebAuthn at an IP
// address, so this file's server is given by name (it still binds 127.0.0.1).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathTo } from '../src/app/paths.ts';
import { AppShell } from './pages/AppShell.ts';
import { E2E_PASSWORD, Onboarding, Unlock } from './pages/Onboarding.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { readStoredVault } from './support/storedVault.ts';
import { addVirtualAuthenticator } from './support/virtualAuthenticator.ts';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const unlockHeading = (page: Page) => page.getByRole('heading', { name: 'Unlock Cairn' });

async function expectAccessible(page: Page, what: string) {
  const violations = await seriousViolations(page);
  expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
}

async function openDemoWallet(env: Environment, hasPrf: boolean) {
  const { page } = await env.newPage();
  const authenticator = await addVirtualAuthenticator(page, { hasPrf });
  await new AppShell(page).open(env.server.url);
  await new Onboarding(page).openDemoWallet();
  await page.goto(`${env.server.url}#${pathTo('settingsSecurity')}`);
  await page.getByRole('heading', { name: 'Passkeys for unlocking' }).waitFor();
  return { page, ...authenticator };
}

async function addPasskey(page: Page, name: string) {
  await page.getByLabel('Passkey name', { exact: true }).fill(name);
  await page.getByLabel('Vault password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Add passkey' }).click();
}

describe('unlocking with a passkey', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment({ urlHost: 'localhost' });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('adds a passkey, then unlocks with it and no password typed; the password still unlocks', async () => {
    expect(new URL(env.server.url).hostname).toBe('localhost');
    const { page, cdp, authenticatorId } = await openDemoWallet(env, true);
    const before = (await readStoredVault(page)) as { ciphertext: string };
    await addPasskey(page, 'Virtual key');
    await page.getByText('“Virtual key” now unlocks Cairn.').waitFor();
    await expectAccessible(page, 'Settings → Security with a passkey');
    // Only a wrapped key was added: the vault's ciphertext is as it was.
    const after = (await readStoredVault(page)) as { ciphertext: string; keys: { passkeys: { name: string }[] } };
    expect(after.ciphertext).toBe(before.ciphertext);
    expect(after.keys.passkeys.map((p) => p.name)).toEqual(['Virtual key']);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);

    await new AppShell(page).lock();
    await page.reload();
    await unlockHeading(page).waitFor();
    await page.getByRole('button', { name: 'Unlock with a passkey' }).waitFor();
    // Offered first: the keyboard's focus is on it, not in the password field.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Unlock with a passkey');
    await expectAccessible(page, 'the unlock screen with a passkey');
    await page.getByRole('button', { name: 'Unlock with a passkey' }).click();
    await nav(page).waitFor();

    await new AppShell(page).lock();
    await unlockHeading(page).waitFor();
    await new Unlock(page).unlock(E2E_PASSWORD);
    await nav(page).waitFor();
  });

  it("refuses a second authenticator's passkey, made for another vault; the password still unlocks", async () => {
    const { page, cdp, authenticatorId } = await openDemoWallet(env, true);
    await addPasskey(page, 'First key');
    await page.getByText('“First key” now unlocks Cairn.').waitFor();
    await new AppShell(page).lock();
    await unlockHeading(page).waitFor();
    const before = await readStoredVault(page);
    // The first authenticator is gone; the second holds a passkey of its own for this site.
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    const second = await addVirtualAuthenticator(page, { hasPrf: true });
    await page.evaluate(async () => {
      const random = () => crypto.getRandomValues(new Uint8Array(16));
      await navigator.credentials.create({
        publicKey: {
          rp: { name: 'Another vault' },
          user: { id: random(), name: 'other', displayName: 'other' },
          challenge: random(),
          pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
          authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
          extensions: { prf: { eval: { first: random() } } },
        },
      });
    });
    const held = await second.cdp.send('WebAuthn.getCredentials', { authenticatorId: second.authenticatorId });
    expect(held.credentials).toHaveLength(1);
    await page.getByRole('button', { name: 'Unlock with a passkey' }).click();
    // The browser finds none of the vault's passkeys on it: nothing is used, nothing opened.
    await page
      .getByRole('alert')
      .filter({ hasText: 'the authenticator holds none of the passkeys that unlock this vault' })
      .waitFor();
    expect(await nav(page).count()).toBe(0);
    expect(await readStoredVault(page)).toEqual(before);
    await new Unlock(page).unlock(E2E_PASSWORD);
    await nav(page).waitFor();
  });

  it('refuses an authenticator without PRF, saying which ones work, and stores nothing', async () => {
    const { page } = await openDemoWallet(env, false);
    const before = await readStoredVault(page);
    await addPasskey(page, 'Without PRF');
    const alert = page.getByRole('alert').filter({ hasText: 'This authenticator cannot unlock Cairn' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('security keys with hmac-secret');
    expect(await readStoredVault(page)).toEqual(before);
    expect(await page.getByText('No passkey unlocks Cairn yet.').isVisible()).toBe(true);
    await expectAccessible(page, 'Settings → Security after a refused authenticator');
  });
});
