// A new wallet made as shares over a whole test wallet (Add wallet): the scheme and names asked,
// a passphrase a Trezor could not type refused, each share shown and checked by typing words back,
// then the wallet saved as a SLIP-0039 master secret with its guardian list, whose first account
// is the one two of its shares restore with the passphrase.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PATH_TEMPLATE } from '@/core/keys/derivationPath';
import { deriveAddresses } from '@/core/keys/hd';
import { combineMnemonics } from '@/core/keys/slip39/slip39';
import { askedWordPositions, typeInto } from '@/testing/fields';
import { alerts, checkbox, click, shownShareWords, shows } from '@/testing/inDocument';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { CreateSharesFlow } from './CreateSharesFlow';

const poll = { timeout: 20_000, interval: 20 };
const GUARDIANS = ['Ana', 'Ben', 'Chloé'];

let wallet: TestWallet;
let unmount: () => void = () => undefined;
let done: ReturnType<typeof vi.fn<() => void>>;
beforeEach(async () => {
  wallet = await createTestWallet();
  done = vi.fn<() => void>();
  unmount = renderInWallet(wallet, <CreateSharesFlow mode="add" onDone={done} onCancel={() => undefined} />).unmount;
});
afterEach(() => {
  unmount();
  wallet.close();
});

describe('a new wallet made as shares', { timeout: 60_000 }, () => {
  it('hands out each share, then saves the master secret with its guardians', async () => {
    await expect.poll(() => shows('Guardian of share 1'), poll).toBe(true);
    expect(shows('Any 2 of the 3 shares restore the wallet.')).toBe(true);
    click('Make the shares');
    await expect.poll(() => shows('Give each guardian a name'), poll).toBe(true);
    for (const [i, name] of GUARDIANS.entries()) typeInto(`Guardian of share ${i + 1}`, name);
    checkbox('Protect the shares with a passphrase (advanced)')?.click();
    await expect.poll(() => shows('Confirm passphrase'), poll).toBe(true);
    typeInto('Passphrase', 'Grüße');
    typeInto('Confirm passphrase', 'Grüße');
    click('Make the shares');
    await expect.poll(() => alerts(), poll).toContain('plain ASCII');
    typeInto('Passphrase', 'TREZOR');
    typeInto('Confirm passphrase', 'TREZOR');
    click('Make the shares');

    const shares: string[] = [];
    for (const [i, name] of GUARDIANS.entries()) {
      await expect.poll(() => shows(`Share ${i + 1} of 3, for ${name}`), poll).toBe(true);
      expect(shows('These shares restore this wallet in Cairn, on a Trezor')).toBe(true);
      const words = shownShareWords();
      expect(words).toHaveLength(20);
      shares.push(words.join(' '));
      click('I have written it down or printed it: check it');
      await expect.poll(() => askedWordPositions().length, poll).toBe(3);
      for (const position of askedWordPositions()) typeInto(`Word ${position}`, words[position - 1] ?? '');
      click('Check and hand out');
    }
    await expect.poll(() => shows('Done'), poll).toBe(true);
    expect(wallet.vault.store.getState().secrets).toHaveLength(1);
    click('Done');
    await expect.poll(() => shows('Add to Cairn'), poll).toBe(true);
    expect(shows('made as 3 shares for guardians, with its passphrase')).toBe(true);
    click('Add to Cairn');
    await expect.poll(() => done.mock.calls.length, poll).toBe(1);

    const secret = wallet.vault.store.getState().secrets.find((s) => s.kind === 'masterSecret');
    expect(secret).toMatchObject({ origin: 'created', backedUp: true, lastBackup: { how: 'shares-handed-out' } });
    expect(secret?.shareSplits?.[0]?.guardians.map((g) => [g.name, g.handedOutAt !== undefined])).toEqual(
      GUARDIANS.map((name) => [name, true]),
    );
    const seed = await combineMnemonics([shares[2] ?? '', shares[0] ?? ''], 'TREZOR');
    const [first] = deriveAddresses(seed, DEFAULT_PATH_TEMPLATE, 0, 1);
    const account = wallet.vault.store
      .getState()
      .accounts.find((a) => a.source.kind === 'hd' && a.source.secretId === secret?.id);
    expect(account?.address).toBe(first?.address);
  });
});
