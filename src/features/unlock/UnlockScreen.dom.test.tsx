// Unlocking says what it is doing while the key is derived from the password (WebCrypto's PBKDF2,
// slow on purpose, reports nothing of how far it got): a named, indeterminate progress bar in a
// polite status, from the press of Unlock until the vault opens; a wrong password takes it away
// again, with the error.
import { flushSync } from 'react-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { alerts, click, recordStates } from '@/testing/inDocument';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { TEST_PASSWORD } from '@/testing/vaultFixtures';
import { UnlockScreen } from './UnlockScreen';

const LABEL =
  'Turning your password into the vault’s key (slow on purpose, so guessing is slow too), then opening the vault';
const poll = { timeout: 20_000, interval: 20 };

/** The progress bar shown, as assistive technology names it and whether it says how far: '' when none. */
function progress(): string {
  const bar = document.querySelector('progress');
  if (!bar) return '';
  const name = document.getElementById(bar.getAttribute('aria-labelledby') ?? '');
  const status = name?.getAttribute('role') === 'status' ? 'status' : 'no status';
  return `${name?.textContent} (${bar.hasAttribute('value') ? 'determinate' : 'indeterminate'}, ${status})`;
}

function typePassword(password: string) {
  const input = document.querySelector('input[type=password]') as HTMLInputElement;
  flushSync(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, password);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

let wallet: TestWallet;
let unmount = () => {};
beforeEach(async () => {
  wallet = await createTestWallet();
  await wallet.vault.lock();
  await expect.poll(() => wallet.vault.store.getState().status, poll).toBe('locked');
});
afterEach(() => {
  unmount();
  wallet.close();
});

describe('unlocking', { timeout: 30_000 }, () => {
  it('shows that the key is being derived until the vault opens', async () => {
    ({ unmount } = renderInWallet(wallet, <UnlockScreen />));
    expect(progress()).toBe('');
    const states = recordStates(progress);
    typePassword(TEST_PASSWORD);
    click('Unlock');
    await expect.poll(() => wallet.vault.store.getState().status, poll).toBe('unlocked');
    expect(states).toContain(`${LABEL} (indeterminate, status)`);
  });

  it('takes the progress away with a wrong password, and says so', async () => {
    ({ unmount } = renderInWallet(wallet, <UnlockScreen />));
    const states = recordStates(progress);
    typePassword('not the password');
    click('Unlock');
    await expect.poll(alerts, poll).not.toBe('');
    // The error and the bar's removal may land in separate renders: wait for the bar to go.
    await expect.poll(progress, poll).toBe('');
    expect(states).toEqual(['', `${LABEL} (indeterminate, status)`, '']);
  });
});
