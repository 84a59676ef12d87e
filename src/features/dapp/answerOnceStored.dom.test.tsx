// The approvals that change Cairn's settings (a site's grant, its network, a network it adds) in
// Cairn's window over storage whose writes are held: the site is told "done" only once the change
// is stored (the window may close right after), and when it cannot be stored, it is told nothing,
// the person reads why, and the request still waits.
import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { siteFor } from '@/core/dapp/sites';
import { heldStorage } from '@/testing/heldStorage';
import { alerts, approveAsleep, click } from '@/testing/inDocument';
import { siteWindowTests } from '@/testing/siteWindowTests';
import { TEST_SITE } from '@/testing/testSiteWindow';
import { TEST_ADDRESS_0 } from '@/testing/vaultFixtures';
import { approvalQueueView, poll } from './testing';

const ME = TEST_ADDRESS_0 as Address;
const COULD_NOT_SAVE = 'so this change could not be saved';

let storage = heldStorage();
const t = siteWindowTests(approvalQueueView, {
  settings: () => {
    storage = heldStorage();
    return storage.settings;
  },
});

/** Long enough for every step of an answer that does not wait for storage to have been taken. */
const aMoment = () => new Promise((resolve) => setTimeout(resolve, 100));
const awake = () => expect.poll(approveAsleep, poll).toBe(false);
const siteNow = () => siteFor(t.wallet.store.getState().dappSites, TEST_SITE);

/** Approves with `approveLabel` while storage holds its writes: the site is told nothing until they are stored. */
async function answeredOnlyOnceStored(
  site: ReturnType<typeof t.open>,
  id: number,
  approveLabel: string,
  result: unknown,
) {
  await awake();
  storage.hold();
  click(approveLabel);
  await aMoment();
  expect(site.answer(id)).toBeUndefined();
  storage.release();
  await expect.poll(() => site.answer(id), poll).toMatchObject({ result });
}

describe('a change a site asks for, told done once stored', { timeout: 30_000 }, () => {
  it('connects a site, and tells it its accounts only once its grant is stored', async () => {
    const site = t.open([]);
    const id = site.send('eth_requestAccounts', []);
    await awake();
    storage.hold();
    click('Connect');
    await aMoment();
    expect(site.answer(id)).toBeUndefined();
    // Nor does it learn them as a grant meanwhile.
    expect(site.messages.some((m) => m.type === 'grant' && m.grant.accounts.length > 0)).toBe(false);
    storage.release();
    await expect.poll(() => site.answer(id), poll).toMatchObject({ result: [ME] });
    expect(siteNow()?.accounts).toEqual([ME]);
  });

  it('grants permissions only once stored', async () => {
    const site = t.open([ME]);
    const id = site.send('wallet_requestPermissions', [{ eth_accounts: {} }]);
    await answeredOnlyOnceStored(site, id, 'Connect', [{ parentCapability: 'eth_accounts' }]);
  });

  it('moves the site to another network only once stored', async () => {
    const site = t.open([ME]);
    const id = site.send('wallet_switchEthereumChain', [{ chainId: '0x1' }]);
    await answeredOnlyOnceStored(site, id, 'Switch to Ethereum', null);
    expect(siteNow()?.networkId).toBe('ethereum');
  });

  it('offers the person’s own network for a chain they have, and tells the site once stored', async () => {
    const site = t.open([ME]);
    const chain = { chainId: '0x1', chainName: 'Ethereum', nativeCurrency: { name: 'E', symbol: 'ETH', decimals: 18 } };
    const id = site.send('wallet_addEthereumChain', [{ ...chain, rpcUrls: ['https://rpc.example.test'] }]);
    await answeredOnlyOnceStored(site, id, 'Use Ethereum', null);
    expect(siteNow()?.networkId).toBe('ethereum');
  });

  it('tells the site nothing when the grant cannot be stored: the person reads why, and may try again', async () => {
    const site = t.open([]);
    const id = site.send('eth_requestAccounts', []);
    await awake();
    storage.hold();
    click('Connect');
    await aMoment();
    storage.fail();
    await expect.poll(alerts, poll).toContain(COULD_NOT_SAVE);
    await aMoment();
    expect(site.answer(id)).toBeUndefined();
    expect(siteNow()?.accounts).toEqual([]);

    await awake();
    click('Connect');
    await expect.poll(() => site.answer(id), poll).toMatchObject({ result: [ME] });
    expect(site.answers(id)).toBe(1);
  });
});
