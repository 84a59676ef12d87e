// Home's warning for a passkey account with one passkey: named, and its link selects that account
// for Receive (where the second passkey is added); nothing once two are listed.
import { MemoryRouter } from 'react-router';
import { getAddress } from 'viem';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PasskeyAccountSource } from '@/core/accounts/account';
import { alerts } from '@/testing/inDocument';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { OnePasskeyNotice } from './OnePasskeyNotice';

const ACCOUNT = getAddress('0x00000000000000000000000000000000000a11ce');
const poll = { timeout: 4_000, interval: 10 };

let wallet: TestWallet;
let unmount: () => void = () => undefined;
beforeEach(async () => {
  wallet = await createTestWallet();
});
afterEach(() => {
  unmount();
  wallet.close();
});

async function withPasskeyAccount(passkeys: number) {
  const source: PasskeyAccountSource = {
    kind: 'passkeyAccount',
    chainId: 31337,
    credentials: ['AQID', 'BAUG'].slice(0, passkeys).map((id) => ({
      id,
      publicKey: { x: `0x${'11'.repeat(32)}`, y: `0x${'22'.repeat(32)}` },
      name: id,
    })),
  };
  await wallet.vault.add(undefined, [{ address: ACCOUNT, name: 'Savings by passkey', source }]);
  unmount = renderInWallet(
    wallet,
    <MemoryRouter>
      <OnePasskeyNotice />
    </MemoryRouter>,
  ).unmount;
  return wallet.vault.store.getState().accounts.find((a) => a.source.kind === 'passkeyAccount')?.id;
}

describe('Home: a passkey account with one passkey', () => {
  it('is named with the risk, and its link selects it for Receive', async () => {
    const id = await withPasskeyAccount(1);
    await expect.poll(alerts, poll).toContain('Only one passkey controls Savings by passkey');
    expect(wallet.vault.store.getState().selectedAccountId).not.toBe(id);
    const link = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Add a second passkey');
    link?.click();
    await expect.poll(() => wallet.vault.store.getState().selectedAccountId, poll).toBe(id);
  });

  it('says nothing once two passkeys are listed', async () => {
    await withPasskeyAccount(2);
    expect(alerts()).toBe('');
  });
});
