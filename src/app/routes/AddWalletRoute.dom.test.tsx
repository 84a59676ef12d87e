// Adding a wallet that only watches an address, over a whole test wallet and a fake node (through
// fetch): a mixed-case address with a bad checksum is refused next to its field; the same address
// in lower case is taken, checksummed, under the name given, and the account menu lists it as
// watch-only. (Watching as the first wallet, with a new vault's password: e2e/states.e2e.ts.)
import { flushSync } from 'react-dom';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AccountMenu } from '@/features/accounts/AccountMenu';
import { allByRole, byRole, spokenText } from '@/testing/byRole';
import { fieldLabelled, typeInto } from '@/testing/fields';
import { screenTestWallet } from '@/testing/screenTestWallet';
import { screen } from '../paths';
import { AddWalletRoute } from './AddWalletRoute';

// The flow and the account menu load their screens’ code on first use: slow on a busy machine.
const poll = { timeout: 8_000, interval: 10 };
const ACCOUNTS_SHOWN = 'The accounts screen';

// The head the account menu follows is still polled after the last test: never sent to the network.
const setUp = screenTestWallet({ restoreFetch: false });
beforeEach(() => {
  setUp.show(
    <MemoryRouter initialEntries={[screen('addWallet').path]}>
      <AccountMenu managePath={screen('accounts').path} addPath={screen('addWallet').path} />
      <Routes>
        <Route path={screen('addWallet').path} element={<AddWalletRoute />} />
        <Route path={screen('accounts').path} element={<p>{ACCOUNTS_SHOWN}</p>} />
      </Routes>
    </MemoryRouter>,
  );
});

const press = (name: string | RegExp) => flushSync(() => byRole('button', name).click());

/** The account menu's accounts, each by its first line: "Name — 0x1234…abcd (tags)". */
function accountLabels(): string[] {
  press(/^Account: /);
  const labels = allByRole('button', undefined, byRole('region', 'Accounts')).map((item) =>
    spokenText(item.querySelector('span:not([aria-hidden])') ?? item),
  );
  press(/^Account: /);
  return labels;
}

describe('adding a watched address', () => {
  it('watches an address, refusing a mixed-case address with a bad checksum', async () => {
    press(/^Watch an address/);
    await expect.poll(() => document.querySelector('input'), poll).not.toBeNull();
    typeInto('Address', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD');
    press('Continue');
    await expect
      .poll(
        () =>
          allByRole('alert')
            .map((a) => a.textContent)
            .join(' '),
        poll,
      )
      .toContain('do not match its checksum');
    expect(fieldLabelled('Address').value).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD');
    typeInto('Address', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed');
    typeInto('Name (optional)', 'Friend');
    press('Continue');
    await expect.poll(() => allByRole('button', 'Add to Cairn'), poll).toHaveLength(1);
    expect(document.body.textContent).toContain('Watch 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed.');
    press('Add to Cairn');
    await expect.poll(() => document.body.textContent?.includes(ACCOUNTS_SHOWN), poll).toBe(true);
    expect(accountLabels()).toEqual([
      'Account 1 — 0xf39F…2266',
      'Account 2 — 0x7099…79C8',
      'Friend — 0x5aAe…eAed (watch-only)',
    ]);
  }, 20_000);
});
