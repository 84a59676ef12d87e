// Add a Safe over a whole test wallet and a fake node (through fetch) holding Safes: what is not
// a Safe, an address Cairn holds already and code Cairn does not know are each refused in place,
// keeping the address typed; a known Safe shows its owners, the person's own by name, before it
// is added; unknown code is taken only through the advanced choice once its warning is ticked.
import { flushSync } from 'react-dom';
import { type Address, getAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_DEMO_SAFE } from '@/core/chain/localChain';
import { type FakeSafe, stubSafeNode } from '@/testing/fakeSafeNode';
import { fieldLabelled, typeInto } from '@/testing/fields';
import { alerts, button, checkbox, click, shows } from '@/testing/inDocument';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { TEST_ADDRESS_0, TEST_ADDRESS_1 } from '@/testing/vaultFixtures';
import { AddSafeFlow } from './AddSafeFlow';

const CHAIN_ID = 31337;
const ME = TEST_ADDRESS_0 as Address;
const ALSO_ME = TEST_ADDRESS_1 as Address;
const CAROL = privateKeyToAccount(`0x${'c3'.repeat(32)}`);
const SAFE: Address = getAddress('0x5afe00000000000000000000000000000000cafe');
const ODD_SAFE: Address = getAddress('0x5afe0000000000000000000000000000000000dd');
const NOBODY: Address = getAddress('0x000000000000000000000000000000000000dead');
const poll = { timeout: 4_000, interval: 10 };

let safes: FakeSafe[];
let wallet: TestWallet;
let unmount: () => void = () => undefined;
beforeEach(async () => {
  safes = [
    { address: SAFE, owners: [ME, ALSO_ME, CAROL.address], threshold: 2, nonce: 5n },
    { address: ODD_SAFE, owners: [ME, CAROL.address], threshold: 1, nonce: 0n, unknownCode: true },
  ];
  wallet = await createTestWallet();
  stubSafeNode(() => safes, CHAIN_ID);
});
afterEach(() => {
  unmount();
  wallet.close();
  vi.unstubAllGlobals();
});

describe('adding a Safe', () => {
  let done: ReturnType<typeof vi.fn<() => void>>;
  function showAdd() {
    done = vi.fn<() => void>();
    unmount = renderInWallet(wallet, <AddSafeFlow mode="add" onDone={done} onCancel={() => undefined} />).unmount;
  }

  it('offers the local chain’s demo Safe while the address is empty', async () => {
    showAdd();
    click('Use the local chain’s demo Safe (2 of 3 of the demo accounts)');
    await expect.poll(() => fieldLabelled('Safe address').value).toBe(LOCAL_DEMO_SAFE);
    expect(button('Use the local chain’s demo Safe (2 of 3 of the demo accounts)')).toBeUndefined();
  });

  it('refuses what is not a Safe, and an address Cairn holds already, keeping what was typed', async () => {
    showAdd();
    typeInto('Safe address', NOBODY);
    click('Continue');
    await expect.poll(() => alerts(), poll).toContain('is not a Safe on this network');
    expect(fieldLabelled('Safe address').value).toBe(NOBODY);
    typeInto('Safe address', ME.toLowerCase());
    click('Continue');
    await expect.poll(() => alerts(), poll).toContain('This address is already in Cairn, as Account 1.');
    expect(fieldLabelled('Safe address').value).toBe(ME.toLowerCase());
    expect(shows('The Safe at this address')).toBe(false);
  });

  it('shows a known Safe’s owners, the person’s own by name, then adds it as a Safe account', async () => {
    showAdd();
    typeInto('Safe address', SAFE);
    click('Continue');
    await expect.poll(() => shows('The Safe at this address'), poll).toBe(true);
    expect(shows('Safe 1.4.1, its code checked')).toBe(true);
    expect(shows('2 of 3 owners')).toBe(true);
    expect(shows('yours: Account 1')).toBe(true);
    expect(shows('yours: Account 2')).toBe(true);
    typeInto('Name (optional)', 'Team Safe');
    click('Continue');
    await expect.poll(() => button('Add to Cairn'), poll).toBeDefined();
    click('Add to Cairn');
    await expect.poll(() => done.mock.calls.length, poll).toBe(1);
    const added = wallet.vault.store.getState().accounts.find((a) => a.address === SAFE);
    expect(added?.name).toBe('Team Safe');
    expect(added?.source).toEqual({ kind: 'safe', chainId: CHAIN_ID, version: '1.4.1', l2: false });
  });

  it('refuses unknown code, then takes it only through the advanced choice once its warning is ticked', async () => {
    showAdd();
    typeInto('Safe address', ODD_SAFE);
    click('Continue');
    await expect.poll(() => alerts(), poll).toContain('is not one of Safe’s published versions');
    expect(fieldLabelled('Safe address').value).toBe(ODD_SAFE);
    const details = document.querySelector('details') as HTMLDetailsElement;
    flushSync(() => {
      details.open = true;
      details.dispatchEvent(new Event('toggle'));
    });
    expect(button('Continue')?.disabled).toBe(true);
    flushSync(() => checkbox('I understand Cairn cannot check')?.click());
    expect(button('Continue')?.disabled).toBe(false);
    click('Continue');
    await expect.poll(() => shows('The Safe at this address'), poll).toBe(true);
    expect(shows('Code Cairn does not know (it says it is version 1.4.1)')).toBe(true);
    click('Continue');
    await expect.poll(() => button('Add to Cairn'), poll).toBeDefined();
    click('Add to Cairn');
    await expect.poll(() => done.mock.calls.length, poll).toBe(1);
    const added = wallet.vault.store.getState().accounts.find((a) => a.address === ODD_SAFE);
    expect(added?.source).toEqual({ kind: 'safe', chainId: CHAIN_ID, version: '1.4.1', l2: false, unknownCode: true });
  });
});
