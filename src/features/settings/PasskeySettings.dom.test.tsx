// Settings → Security → Passkeys, with a faked navigator.credentials: adding one (password checked
// first, PRF required), naming, renaming and removing, and each refusal said in place with nothing
// stored changed. At an IP address, the section says why and gives the localhost address.
import { describe, expect, it } from 'vitest';
import { registerPasskey } from '@/lib/browser/passkeys';
import { installFakeAuthenticator } from '@/testing/fakeAuthenticator';
import { fieldLabelled, typeInto } from '@/testing/fields';
import { alerts, button, click, shows, statuses } from '@/testing/inDocument';
import { screenTestWallet } from '@/testing/screenTestWallet';
import { TEST_PASSWORD } from '@/testing/vaultFixtures';
import { PasskeySettings } from './PasskeySettings';

const poll = { timeout: 20_000, interval: 20 };
/** Moves the page to another address (happy-dom's own call: a page cannot change its host). */
const setUrl = (url: string) => (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

const screen = screenTestWallet();

function addPasskey(name: string, password = TEST_PASSWORD) {
  typeInto('Passkey name', name);
  typeInto('Vault password', password);
  click('Add passkey');
}

const byLabel = (label: string) => document.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`);
const storedPasskeys = () => screen.wallet.vault.store.getState().passkeys.map((p) => p.name);

describe('passkey settings', { timeout: 30_000 }, () => {
  it('adds passkeys, names them, renames and removes one; the other stays', async () => {
    installFakeAuthenticator();
    screen.show(<PasskeySettings />);
    expect(shows('No passkey unlocks Cairn yet.')).toBe(true);
    addPasskey('Laptop');
    await expect.poll(statuses, poll).toContain('“Laptop” now unlocks Cairn.');
    addPasskey('Security key');
    await expect.poll(storedPasskeys, poll).toEqual(['Laptop', 'Security key']);
    expect(document.querySelector('ul[aria-label="Passkeys that unlock Cairn"]')?.textContent).toContain('Laptop');

    button('Rename')?.click();
    await expect.poll(() => shows('New name for Laptop'), poll).toBe(true);
    // Focus goes into the name field, and back to its Rename button when the field closes.
    expect(document.activeElement).toBe(fieldLabelled('New name for Laptop'));
    typeInto('New name for Laptop', 'Work laptop');
    click('Save name');
    await expect.poll(storedPasskeys, poll).toEqual(['Work laptop', 'Security key']);
    await expect.poll(() => document.activeElement?.getAttribute('aria-label'), poll).toBe('Rename Work laptop');

    byLabel('Remove Security key')?.click();
    await expect.poll(storedPasskeys, poll).toEqual(['Work laptop']);
    expect(statuses()).toContain('“Security key” no longer unlocks Cairn.');
    // The row is gone: focus is on the section's heading, not lost to the page.
    expect(document.activeElement?.textContent).toBe('Passkeys for unlocking');

    // With the last one the list goes too, and the removal is still said.
    byLabel('Remove Work laptop')?.click();
    await expect.poll(() => shows('No passkey unlocks Cairn yet.'), poll).toBe(true);
    expect(statuses()).toContain('“Work laptop” no longer unlocks Cairn.');
  });

  it('checks the password before asking for a passkey; a wrong one asks nothing and stores nothing', async () => {
    const authenticator = installFakeAuthenticator();
    screen.show(<PasskeySettings />);
    addPasskey('Laptop', 'not the password');
    await expect.poll(() => shows('Wrong password.'), poll).toBe(true);
    expect(authenticator.state.calls).toBe(0);
    // Focus is on the field refused.
    await expect.poll(() => document.activeElement?.getAttribute('type'), poll).toBe('password');
    expect(storedPasskeys()).toEqual([]);
  });

  it('refuses an authenticator without PRF, saying which ones work', async () => {
    installFakeAuthenticator('noPrf');
    screen.show(<PasskeySettings />);
    addPasskey('Windows Hello');
    await expect.poll(alerts, poll).toContain('it lacks the PRF extension');
    expect(alerts()).toContain('security keys with hmac-secret');
    expect(alerts()).toContain('Windows Hello and the Linux platform authenticators do not yet');
    expect(storedPasskeys()).toEqual([]);
  });

  it('says so when the person cancels the prompt, there is no authenticator, or it does not verify them', async () => {
    const authenticator = installFakeAuthenticator('cancel');
    screen.show(<PasskeySettings />);
    const before = await screen.wallet.vaultRepository.load();
    addPasskey('Phone');
    await expect.poll(alerts, poll).toContain('No passkey was used: the prompt was closed or timed out.');
    // Focus is back on the button, which was disabled while the prompt was open.
    expect(document.activeElement).toBe(button('Add passkey'));
    authenticator.state.platform = false;
    addPasskey('Phone');
    await expect.poll(alerts, poll).toContain('No authenticator answered: this device has none built in');
    authenticator.state.platform = true;
    authenticator.state.mode = 'notVerified';
    addPasskey('Phone');
    await expect.poll(alerts, poll).toContain('did not verify you');
    expect(storedPasskeys()).toEqual([]);
    expect(await screen.wallet.vaultRepository.load()).toEqual(before);
  });

  it('refuses a passkey past the limit before the prompt, so none is made on the authenticator', async () => {
    const authenticator = installFakeAuthenticator();
    for (let i = 0; i < 20; i++) {
      await screen.wallet.vault.addPasskey(TEST_PASSWORD, await registerPasskey(`Key ${i}`, []));
    }
    const calls = authenticator.state.calls;
    screen.show(<PasskeySettings />);
    addPasskey('One more');
    await expect.poll(alerts, poll).toContain('A vault can have at most 20 passkeys.');
    expect(authenticator.state.calls).toBe(calls);
    expect(storedPasskeys()).toHaveLength(20);
  });

  it('asks for a name and the password in place', async () => {
    const authenticator = installFakeAuthenticator();
    screen.show(<PasskeySettings />);
    click('Add passkey');
    await expect.poll(() => shows('Give the passkey a name'), poll).toBe(true);
    expect(shows('Enter the vault password')).toBe(true);
    expect(authenticator.state.calls).toBe(0);
  });

  it('at an IP address, says why passkeys cannot work and gives the localhost address', async () => {
    installFakeAuthenticator();
    const before = location.href;
    setUrl('http://127.0.0.1:5173/');
    try {
      screen.show(<PasskeySettings />);
      const note = document.querySelector('[role=note]')?.textContent ?? '';
      expect(note).toContain('Browsers refuse passkeys on a page opened at an IP address.');
      expect(note).toContain('http://localhost:5173/');
      expect(button('Add passkey')).toBeUndefined();
    } finally {
      setUrl(before);
    }
  });
});
