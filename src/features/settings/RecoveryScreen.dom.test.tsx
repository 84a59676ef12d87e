// Settings → Recovery over a real (test) vault: 2-of-3 by default, a name for each guardian, each
// share shown alone with its sheet and checked by typing words back (a wrong word refused, nothing
// recorded), and the guardian list kept without a single share word.
import { mnemonicToEntropy } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { combineMnemonics } from '@/core/keys/slip39/slip39';
import { askedWordPositions, typeInto } from '@/testing/fields';
import { alerts, button, click, shownShareWords, shows, statuses } from '@/testing/inDocument';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { TEST_PASSWORD, TEST_PHRASE } from '@/testing/vaultFixtures';
import { RecoveryScreen } from './RecoveryScreen';

const poll = { timeout: 20_000, interval: 20 };

let wallet: TestWallet;
let unmount = () => {};
beforeEach(async () => {
  wallet = await createTestWallet();
});
afterEach(() => {
  unmount();
  wallet.close();
});

const splits = () => wallet.vault.store.getState().secrets[0]?.shareSplits ?? [];
const selectLabelled = (label: string) => {
  const id = [...document.querySelectorAll('label')].find((l) => l.textContent === label)?.htmlFor ?? '';
  return document.getElementById(id) as HTMLSelectElement;
};

async function startSplit(names: string[]) {
  click('Split into shares');
  await expect.poll(() => shows('Guardian of share 1'), poll).toBe(true);
  for (const [i, name] of names.entries()) typeInto(`Guardian of share ${i + 1}`, name);
  typeInto('Vault password', TEST_PASSWORD);
  click('Make shares');
}

/** Checks the share shown by typing its asked words back (one of them wrong, when told). */
async function checkShare(words: string[], wrongAt?: number) {
  click('I have written it down or printed it: check it');
  await expect.poll(() => askedWordPositions().length, poll).toBe(3);
  for (const [k, position] of askedWordPositions().entries())
    typeInto(`Word ${position}`, k === wrongAt ? 'zebra' : (words[position - 1] ?? ''));
  click('Check and hand out');
}

describe('Settings → Recovery', { timeout: 60_000 }, () => {
  it('offers 2 of 3 by default, with a name field for each share', async () => {
    ({ unmount } = renderInWallet(wallet, <RecoveryScreen />));
    await expect.poll(() => shows('Not split into shares.'), poll).toBe(true);
    click('Split into shares');
    await expect.poll(() => shows('Guardian of share 1'), poll).toBe(true);
    expect(selectLabelled('Shares needed to restore').value).toBe('2');
    expect(selectLabelled('Shares to make').value).toBe('3');
    expect(shows('Any 2 of the 3 shares restore the phrase.')).toBe(true);
    expect([1, 2, 3].map((n) => shows(`Guardian of share ${n}`))).toEqual([true, true, true]);
    expect(shows('Guardian of share 4')).toBe(false);
  });

  it('refuses a share without a guardian’s name, making and storing nothing', async () => {
    ({ unmount } = renderInWallet(wallet, <RecoveryScreen />));
    await expect.poll(() => button('Split into shares') !== undefined, poll).toBe(true);
    await startSplit(['Ana', '', 'Chloé']);
    await expect.poll(() => shows('Give each guardian a name'), poll).toBe(true);
    expect(shows('Cairn recovery share')).toBe(false);
    expect(splits()).toEqual([]);
  });

  it('shows each share alone, refuses a wrong word, and keeps the guardians without the words', async () => {
    ({ unmount } = renderInWallet(wallet, <RecoveryScreen />));
    await expect.poll(() => button('Split into shares') !== undefined, poll).toBe(true);
    await startSplit(['Ana', 'Ben', 'Chloé']);
    await expect.poll(() => shows('Share 1 of 3, for Ana'), poll).toBe(true);
    expect(splits()[0]?.guardians.map((g) => g.name)).toEqual(['Ana', 'Ben', 'Chloé']);

    const sheet = document.querySelector('article[aria-label="Cairn recovery share"]')?.textContent ?? '';
    expect(sheet).toContain('For Ana.');
    expect(sheet).toContain('Any 2 of its 3 shares restore the phrase; this is share 1.');
    expect(sheet).toContain('This share alone reveals nothing about the phrase.');
    expect(sheet).toContain(
      'These shares restore this recovery phrase in Cairn (or in any SLIP-0039 tool, followed by BIP-39), not as a Trezor Shamir wallet.',
    );
    expect(document.querySelector('svg[aria-label="QR code of the share for Ana"]')).not.toBeNull();

    const shares: string[][] = [];
    for (const [index, name] of ['Ana', 'Ben', 'Chloé'].entries()) {
      await expect.poll(() => shows(`Share ${index + 1} of 3, for ${name}`), poll).toBe(true);
      const words = shownShareWords();
      expect(words).toHaveLength(20);
      expect(shares.map((s) => s.join(' '))).not.toContain(words.join(' '));
      shares.push(words);
      if (index === 0) {
        await checkShare(words, 1);
        await expect.poll(alerts, poll).toMatch(/^Word \d+ is not that word of the share: .* Nothing was recorded\.$/);
        expect(splits()[0]?.guardians[0]?.handedOutAt).toBeUndefined();
        click('Show the share again');
        await expect.poll(shownShareWords, poll).toEqual(words);
      }
      await checkShare(words);
      await expect.poll(statuses, poll).toContain(`The share for ${name} is checked and handed out.`);
    }
    await expect.poll(() => shows('Every share is handed out.'), poll).toBe(true);

    // Shares 1 and 3, as shown, restore the phrase's entropy.
    const restored = await combineMnemonics([shares[0]?.join(' ') ?? '', shares[2]?.join(' ') ?? '']);
    expect(restored).toEqual(mnemonicToEntropy(TEST_PHRASE, wordlist));

    // The list kept: names, place and date; not one share's own words.
    const [split] = splits();
    expect(split?.guardians.every((g) => typeof g.handedOutAt === 'number')).toBe(true);
    const kept = JSON.stringify(wallet.vault.store.getState());
    for (const words of shares) expect(kept).not.toContain(words.slice(4, 7).join(' '));
    expect(wallet.vault.store.getState().secrets[0]?.lastBackup?.how).toBe('shares-handed-out');

    click('Done');
    await expect.poll(() => shows('Make a new split'), poll).toBe(true);
    const list = document.querySelector('ul[aria-label^="Guardians of"]')?.textContent ?? '';
    expect(list).toContain('Ana: share 1, handed out on');
    expect(list).toContain('Chloé: share 3, handed out on');
    expect(button('Make a new split')).toBeDefined();
  });
});
