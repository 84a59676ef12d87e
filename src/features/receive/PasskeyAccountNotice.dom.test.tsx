// Receive's words for a passkey account over a test wallet and a fake node: on its own chain,
// while one passkey is listed, that losing it loses the funds, with the way to add a second; on
// another chain, that its address there belongs to the wiped setup key.
import { getAddress } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account, PasskeyAccountSource, PasskeyCredential } from '@/core/accounts/account';
import { builtInNetworks, type Network } from '@/core/chain/networks';
import { fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { alerts, button } from '@/testing/inDocument';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { PasskeyAccountNotice } from './PasskeyAccountNotice';

const ACCOUNT = getAddress('0x00000000000000000000000000000000000a11ce');
const passkey = (id: string): PasskeyCredential => ({
  id,
  publicKey: { x: `0x${'11'.repeat(32)}`, y: `0x${'22'.repeat(32)}` },
  name: id,
});
const poll = { timeout: 4_000, interval: 10 };

let wallet: TestWallet;
let unmount: () => void = () => undefined;
beforeEach(async () => {
  vi.stubGlobal('fetch', fakeSimulationNode(() => '0x', { chainId: 31337 }).fetch);
  wallet = await createTestWallet();
});
afterEach(async () => {
  // The chain's passkeys are still being read through the fake node: not after it is gone.
  await expect.poll(() => wallet.queries.isFetching(), poll).toBe(0);
  unmount();
  wallet.close();
  vi.unstubAllGlobals();
});

async function show(credentials: string[], on?: Network) {
  const source: PasskeyAccountSource = {
    kind: 'passkeyAccount',
    chainId: 31337,
    credentials: credentials.map(passkey),
  };
  await wallet.vault.add(undefined, [{ address: ACCOUNT, name: 'Passkey vault', source }]);
  const account = wallet.vault.store.getState().accounts.find((a) => a.source.kind === 'passkeyAccount');
  const network = on ?? wallet.store.getState().networks.find((n) => n.chainId === 31337);
  if (!account || !network) throw new Error('no passkey account or local network');
  unmount = renderInWallet(
    wallet,
    <PasskeyAccountNotice account={account as Account & { source: PasskeyAccountSource }} network={network} />,
  ).unmount;
}

describe('Receive for a passkey account', () => {
  it('warns while one passkey controls it, and offers to add a second', async () => {
    await show(['AQID']);
    await expect.poll(() => alerts(), poll).toContain('Only one passkey controls this account.');
    expect(alerts()).toContain('If you lose it, the funds in this account are gone for good.');
    expect(button('Add a second passkey')?.disabled).toBe(false);
  });

  it('says nothing more once two passkeys are listed', async () => {
    await show(['AQID', 'BAUG']);
    await expect.poll(() => wallet.queries.isFetching(), poll).toBe(0);
    expect(alerts()).toBe('');
  });

  it('on another chain, says its address there belongs to the wiped key', async () => {
    const ethereum = builtInNetworks('http://127.0.0.1:8545').find((n) => n.id === 'ethereum');
    await show(['AQID'], ethereum);
    expect(alerts()).toContain('On Ethereum its address belongs to the wiped setup key');
    expect(button('Add a second passkey')).toBeUndefined();
  });
});
