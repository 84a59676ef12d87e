// The unlock screen with a passkey set (faked navigator.credentials): offered before the password,
// it unlocks with no password typed; another authenticator's answer, a cancelled prompt and an
// authenticator without PRF each say why in place and leave Cairn locked; the password still works.
import { describe, expect, it } from 'vitest';
import { registerPasskey } from '@/lib/browser/passkeys';
import { installFakeAuthenticator } from '@/testing/fakeAuthenticator';
import { typeInto } from '@/testing/fields';
import { alerts, button, click } from '@/testing/inDocument';
import { screenTestWallet } from '@/testing/screenTestWallet';
import { TEST_PASSWORD } from '@/testing/vaultFixtures';
import { UnlockScreen } from './UnlockScreen';

const poll = { timeout: 20_000, interval: 20 };
const status = () => screen.wallet.vault.store.getState().status;

const screen = screenTestWallet();

async function lockedWithPasskey() {
  const authenticator = installFakeAuthenticator();
  await screen.wallet.vault.addPasskey(TEST_PASSWORD, await registerPasskey('Phone', []));
  await screen.wallet.vault.lock();
  await expect.poll(status, poll).toBe('locked');
  screen.show(<UnlockScreen />);
  return authenticator;
}

describe('unlocking with a passkey', { timeout: 30_000 }, () => {
  it('is offered before the password once a passkey is set, and unlocks with none typed', async () => {
    await lockedWithPasskey();
    const passkeyButton = button('Unlock with a passkey');
    const passwordField = document.querySelector('input[type=password]');
    expect(passkeyButton).toBeDefined();
    expect(passwordField).not.toBeNull();
    // Before the password in the page's order (and so for a screen reader and the Tab key).
    expect(passkeyButton?.compareDocumentPosition(passwordField as Node)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    click('Unlock with a passkey');
    await expect.poll(status, poll).toBe('unlocked');
  });

  it('refuses another authenticator’s answer, saying so, and the password still unlocks', async () => {
    const authenticator = await lockedWithPasskey();
    authenticator.forget();
    click('Unlock with a passkey');
    await expect.poll(alerts, poll).toContain('does not open this vault');
    expect(status()).toBe('locked');
    typeInto('Password', TEST_PASSWORD);
    click('Unlock');
    await expect.poll(status, poll).toBe('unlocked');
  });

  it('says so when the prompt is cancelled, there is no authenticator, or it gives no PRF output', async () => {
    const authenticator = await lockedWithPasskey();
    const before = await screen.wallet.vaultRepository.load();
    authenticator.state.mode = 'cancel';
    click('Unlock with a passkey');
    await expect
      .poll(alerts, poll)
      .toContain(
        'No passkey was used: the prompt was closed or timed out, or the authenticator holds none of the passkeys that unlock this vault.',
      );
    // Focus is back on the button, which was disabled while the prompt was open.
    expect(document.activeElement).toBe(button('Unlock with a passkey'));
    authenticator.state.platform = false;
    click('Unlock with a passkey');
    await expect.poll(alerts, poll).toContain('No authenticator answered: this device has none built in');
    authenticator.state.mode = 'noPrf';
    click('Unlock with a passkey');
    await expect.poll(alerts, poll).toContain('it lacks the PRF extension');
    authenticator.state.mode = 'notVerified';
    click('Unlock with a passkey');
    await expect.poll(alerts, poll).toContain('did not verify you');
    // The refused answer's PRF output was not left in the page.
    expect(authenticator.given.at(-1)?.every((byte) => byte === 0)).toBe(true);
    expect(status()).toBe('locked');
    expect(await screen.wallet.vaultRepository.load()).toEqual(before);
  });

  it('offers no passkey when none is set', async () => {
    installFakeAuthenticator();
    await screen.wallet.vault.lock();
    await expect.poll(status, poll).toBe('locked');
    screen.show(<UnlockScreen />);
    expect(button('Unlock with a passkey')).toBeUndefined();
  });
});
