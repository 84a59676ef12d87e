// A wallet restored from SLIP-0039 shares on the Accounts screen: its accounts say where they come
// from, offer no recovery phrase to show (it has none), and its next account is the next one of
// the vector's xprv.
import { HDKey } from '@scure/bip32';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addressOfPrivateKey } from '@/core/keys/privateKey';
import { combineMnemonics } from '@/core/keys/slip39/slip39';
import { shows } from '@/testing/inDocument';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { hdAccount } from '@/testing/vaultFixtures';
import vectors from '@/testing/vectors/slip39/vectors.json';
import { AccountsScreen } from './AccountsScreen';

type Vector = [description: string, mnemonics: string[], masterSecret: string, xprv: string];
const [, MNEMONICS, , XPRV] = (vectors as Vector[]).find(([d]) => d.startsWith('4. ')) as Vector;
const root = HDKey.fromExtendedKey(XPRV);
const addressAt = (i: number) => addressOfPrivateKey(root.derive(`m/44'/60'/0'/0/${i}`).privateKey as Uint8Array);
const poll = { timeout: 4_000, interval: 10 };

let wallet: TestWallet;
let unmount: () => void = () => undefined;
beforeEach(async () => {
  wallet = await createTestWallet();
  await wallet.vault.add(
    {
      kind: 'masterSecret',
      masterSecret: await combineMnemonics(MNEMONICS, 'TREZOR'),
      passphrase: new TextEncoder().encode('TREZOR'),
      origin: 'imported-shares',
      backedUp: true,
    },
    [hdAccount(0, addressAt(0))],
  );
  unmount = renderInWallet(
    wallet,
    <MemoryRouter initialEntries={['/accounts']}>
      <AccountsScreen addPath="/add-wallet" />
    </MemoryRouter>,
  ).unmount;
});
afterEach(() => {
  unmount();
  wallet.close();
});

describe('a wallet from recovery shares on the Accounts screen', () => {
  it('names its source, shows no phrase, and adds the next account of the xprv', async () => {
    await expect
      .poll(() => shows("Recovery shares (SLIP-0039) with passphrase, path m/44'/60'/0'/0/0"), poll)
      .toBe(true);
    // The two accounts of the test phrase offer their phrase; the shares' account does not.
    expect(
      [...document.querySelectorAll('button')].filter((b) => b.textContent === 'Show recovery phrase'),
    ).toHaveLength(2);
    expect(shows('Wallet from recovery shares 2: Imported · 1 account')).toBe(true);
    const addNext = [...document.querySelectorAll('button')].filter((b) => b.textContent === 'Add next account');
    addNext[1]?.click();
    await expect.poll(() => wallet.vault.store.getState().accounts.at(-1)?.address, poll).toBe(addressAt(1));
  });
});
