// "Create a passkey account" over a test wallet and a fake node: the risk said before anything,
// the box to tick, a page without passkeys said in place, and a network whose delegate code is
// not the one Cairn builds refused in words before any passkey is made, nothing stored.
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeAuthenticator } from '@/testing/fakeAuthenticator';
import { fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { alerts, button, checkbox, click, shows } from '@/testing/inDocument';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { CreatePasskeyAccountFlow } from './CreatePasskeyAccountFlow';

const poll = { timeout: 4_000, interval: 10 };

let wallet: TestWallet;
let unmount: () => void = () => undefined;
beforeEach(async () => {
  wallet = await createTestWallet();
  // Every address holds the same code, not the delegate's nor the verifier's.
  const node = fakeSimulationNode((method) => (method === 'eth_getCode' ? '0x6000' : '0x'), { chainId: 31337 });
  vi.stubGlobal('fetch', node.fetch);
});
afterEach(() => {
  unmount();
  wallet.close();
  vi.unstubAllGlobals();
});

function show() {
  unmount = renderInWallet(
    wallet,
    <MemoryRouter>
      <CreatePasskeyAccountFlow mode="add" onDone={() => undefined} onCancel={() => undefined} />
    </MemoryRouter>,
  ).unmount;
}

describe('creating a passkey account', () => {
  it('says the risk first, and asks for the box to be ticked before anything', async () => {
    installFakeAuthenticator();
    show();
    expect(shows('This account is exactly as recoverable as its passkeys.')).toBe(true);
    expect(shows('the funds in it are gone for good')).toBe(true);
    expect(shows('is then wiped for good')).toBe(true);
    expect(shows('Recovery phrases, their shares and vault backups do not protect it.')).toBe(true);
    click('Create the passkey');
    await expect
      .poll(() => alerts(), poll)
      .toContain('Tick the box above first: it says what happens when every passkey is lost.');
  });

  it('refuses a delegate whose code hash is not the known one, before any passkey is made, storing nothing', async () => {
    const authenticator = installFakeAuthenticator();
    show();
    const before = wallet.vault.store.getState().accounts.length;
    checkbox('I understand')?.click();
    click('Create the passkey');
    await expect.poll(() => alerts(), poll).toContain('Cairn will not make a passkey account with it');
    expect(authenticator.state.calls).toBe(0);
    expect(wallet.vault.store.getState().accounts.length).toBe(before);
    expect(button('Create the passkey')?.disabled).toBe(false);
  });

  it('says where passkeys are unavailable, and offers no Create', () => {
    show();
    expect(alerts()).toContain('This browser does not offer passkeys (WebAuthn) to this page.');
    expect(button('Create the passkey')?.disabled).toBe(true);
  });
});
