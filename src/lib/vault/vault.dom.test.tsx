// The one way a screen finds the vault's account at an address: whatever the case the address is
// written in, watch-only accounts included, and again when the vault changes.
import type { Address } from 'viem';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { named, TEST_ADDRESS_0, TEST_ADDRESS_1 } from '@/testing/vaultFixtures';
import { useVaultAccount } from './vault';

const WATCHED: Address = '0x3000000000000000000000000000000000000003';
const STRANGER: Address = '0x4000000000000000000000000000000000000004';

function Probe({ addresses }: { addresses: (string | undefined)[] }) {
  return (
    <ul>
      {addresses.map((address) => (
        <Found key={address ?? 'none'} address={address} />
      ))}
    </ul>
  );
}

function Found({ address }: { address: string | undefined }) {
  const account = useVaultAccount(address);
  return <li>{account ? `${account.name} (${account.source.kind})` : 'none'}</li>;
}

const shown = () => [...document.querySelectorAll('li')].map((li) => li.textContent);

let wallet: TestWallet;
let unmount = () => {};
beforeEach(async () => {
  wallet = await createTestWallet();
});
afterEach(() => {
  unmount();
  wallet.close();
});

describe('useVaultAccount', { timeout: 30_000 }, () => {
  it('finds the account at an address written in any case, and none for other addresses', () => {
    ({ unmount } = renderInWallet(
      wallet,
      <Probe
        addresses={[
          TEST_ADDRESS_0,
          TEST_ADDRESS_0.toLowerCase(),
          `0x${TEST_ADDRESS_1.slice(2).toUpperCase()}`,
          STRANGER,
          undefined,
        ]}
      />,
    ));
    expect(shown()).toEqual(['Account 1 (hd)', 'Account 1 (hd)', 'Account 2 (hd)', 'none', 'none']);
  });

  it('finds a watch-only account too, once the vault holds it', async () => {
    ({ unmount } = renderInWallet(wallet, <Probe addresses={[WATCHED.toUpperCase().replace('0X', '0x')]} />));
    expect(shown()).toEqual(['none']);
    await wallet.vault.add(undefined, named({ address: WATCHED, source: { kind: 'watch' } }));
    await expect.poll(shown, { timeout: 15_000, interval: 20 }).toEqual([expect.stringMatching(/\(watch\)$/)]);
  });
});
