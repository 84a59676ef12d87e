// Choosing languages one after another in Settings, over a whole test wallet whose settings storage
// is held (as when another window writes), with the page following the choice as it does at start
// (startLanguage): each language chosen is shown, in order, and never an earlier one again once
// storage answers the older writes.
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageScreen } from '@/features/settings/LanguageScreen';
import { installedI18n, NAMESPACES } from '@/lib/i18n';
import { byRole } from '@/testing/byRole';
import { words } from '@/testing/catalogWords';
import { heldStorage } from '@/testing/heldStorage';
import { recordStates } from '@/testing/inDocument';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { startLanguage } from './language';

// Each language’s catalogs load on first use: slow on a busy machine.
const poll = { timeout: 8_000, interval: 10 };

let wallet: TestWallet | undefined;
let unmount: () => void = () => undefined;
afterEach(async () => {
  unmount();
  wallet?.close();
  await installedI18n().showLocale('en', NAMESPACES);
});

/** Chooses the next option of the select, as a press of the down arrow on it does. */
function chooseNext(select: HTMLSelectElement) {
  flushSync(() => {
    select.selectedIndex += 1;
    select.dispatchEvent(new Event('input', { bubbles: true }));
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('choosing the language', () => {
  it('moving through the languages one by one shows each one chosen, in order, never an earlier one again', async () => {
    const storage = heldStorage();
    wallet = await createTestWallet({ settings: storage.settings });
    await startLanguage(installedI18n(), wallet.store, NAMESPACES);
    unmount = renderInWallet(wallet, <LanguageScreen />).unmount;
    expect(document.documentElement.lang).toBe('en');
    const select = document.querySelector('select') as HTMLSelectElement;
    expect(select.value).toBe('browser');
    const shown = recordStates(() => document.documentElement.lang);

    // The browser's language (English), then English, German and Spanish: one choice each, while
    // storage is busy, so each choice is stored after the next is made.
    storage.hold();
    for (let press = 0; press < 3; press++) chooseNext(select);
    await expect.poll(() => document.documentElement.lang, poll).toBe('es');
    storage.release();
    // Spanish is stored last; what storage answered each write is taken in within moments: a
    // language shown again after a later one was chosen would be seen within this wait.
    await expect.poll(() => storage.settings.get('language'), poll).toBe('es');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect.poll(() => byRole('heading', words('es', 'settings:language.title')), poll).toBeDefined();
    // Each language at most once, in the order chosen (one still loading may be skipped), Spanish last.
    const changes = shown.filter((lang, i) => lang !== shown[i - 1]);
    expect(changes).toEqual(['en', 'de', 'es'].filter((lang) => changes.includes(lang)));
    expect(changes.at(-1)).toBe('es');
    expect(select.value).toBe('es');
  }, 20_000);
});
