// Cairn's window for a site, rendered in a document over a whole test wallet: the queue of the
// site's requests, one shown at a time; the approve delay when the window appears, when another
// request arrives under the one shown, and on the first click after the window regains focus; and
// a request the person is reviewing when the site loses its grant, or moves to another network:
// the site hears why, once, and nothing is signed.
import { type Address, type Hex, stringToHex, verifyMessage } from 'viem';
import { describe, expect, it } from 'vitest';
import { LOCAL_NETWORK_ID, type Network } from '@/core/chain/networks';
import { METHOD_TABLE } from '@/core/dapp/methodTable';
import { withSiteNetwork } from '@/core/dapp/sites';
import type { FigureCheck } from '@/core/verify/figureChecks';
import { createVerifier } from '@/core/verify/verifier';
import { balanceCheck, contradicted } from '@/testing/balanceChecks';
import { approveState, button, checkbox, click, heading, recordStates, shows, statuses } from '@/testing/inDocument';
import { mailJson } from '@/testing/mailTypedData';
import { siteWindowTests } from '@/testing/siteWindowTests';
import { TEST_SITE } from '@/testing/testSiteWindow';
import { TEST_ADDRESS_0, TEST_ADDRESS_1 } from '@/testing/vaultFixtures';
import { approvalQueueView, poll } from './testing';

const ME = TEST_ADDRESS_0 as Address;
const OTHER = TEST_ADDRESS_1 as Address;
const STRANGER: Address = '0x5000000000000000000000000000000000000005';
const HELLO = stringToHex('Hello from the site');

const t = siteWindowTests(approvalQueueView);

/** Opens Cairn's window for the site, connected with `accounts` (and allowed on `alsoOn`). */
const siteWindow = (accounts: readonly Address[] = [ME, OTHER], alsoOn: readonly string[] = []) =>
  t.open(accounts, { alsoOn });

const signButton = () => button('Sign');
/** Resolves once the request shown can be approved (the approve delay is over). */
const awake = () => expect.poll(() => signButton()?.disabled, poll).toBe(false);
/** What Sign shows of the approve delay, from now on (see recordStates): the delay is a second, a test may look later. */
const signStates = (onState?: (state: string) => void) => recordStates(() => approveState('Sign'), onState);

describe('Cairn’s window for a site: the queue', { timeout: 30_000 }, () => {
  it('waits for the site, then shows its requests first come first served, one at a time', async () => {
    const site = siteWindow();
    expect(statuses()).toBe('Waiting for the site’s request…');

    const message = site.send('personal_sign', [HELLO, ME]);
    const typed = site.send('eth_signTypedData_v4', [ME, mailJson()]);
    await expect.poll(heading, poll).toBe('Sign this message?');
    expect(statuses()).toContain('Request 1 of 2 from this site.');
    expect(shows('Hello from the site')).toBe(true);

    click('Decline');
    await expect.poll(heading, poll).toBe('Sign this typed data?');
    expect(site.answer(message)).toMatchObject({ error: { code: 4001 } });
    expect(site.answer(typed)).toBeUndefined();
    expect(statuses()).not.toContain('Request 1 of');

    click('Decline');
    await expect.poll(statuses, poll).toBe('Waiting for the site’s request…');
    expect(site.answer(typed)).toMatchObject({ error: { code: 4001 } });
  });
});

describe('Cairn’s window for a site: the approve delay', { timeout: 30_000 }, () => {
  it('keeps Sign asleep when the window appears and when another request arrives under it, then signs', async () => {
    const site = siteWindow();
    // Asleep as it appears: a click does nothing. It is clicked the moment Sign is seen asleep.
    let clickedAsleep = 0;
    const appearing = signStates((state) => {
      if (state !== 'asleep' || clickedAsleep++ > 0) return;
      click('Sign');
    });
    const id = site.send('personal_sign', [HELLO, ME]);
    await expect.poll(heading, poll).toBe('Sign this message?');
    await expect.poll(() => appearing, poll).toEqual(['gone', 'asleep', 'awake']);
    expect(clickedAsleep).toBe(1);
    expect(site.answer(id)).toBeUndefined();

    // Another request arrives under the one shown: Sign sleeps again, then wakes.
    const underIt = signStates();
    site.send('personal_sign', [stringToHex('A second message'), ME]);
    await expect.poll(statuses, poll).toContain('Request 1 of 2 from this site.');
    await expect.poll(() => underIt, poll).toEqual(['awake', 'asleep', 'awake']);

    click('Sign');
    await expect.poll(() => site.answer(id), poll).toBeDefined();
    const signature = (site.answer(id) as { result: Hex }).result;
    expect(await verifyMessage({ address: ME, message: { raw: HELLO }, signature })).toBe(true);
    await expect.poll(statuses, poll).not.toContain('Request 1 of');
  });

  it('takes no action on the first click after the window comes back to the front, and says so', async () => {
    const site = siteWindow();
    const id = site.send('personal_sign', [HELLO, ME]);
    await awake();
    const refocused = signStates();
    window.dispatchEvent(new FocusEvent('blur'));
    window.dispatchEvent(new FocusEvent('focus'));
    await expect.poll(() => refocused, poll).toEqual(['awake', 'asleep', 'awake']);

    const afterClick = signStates();
    click('Sign');
    await expect.poll(statuses, poll).toContain('Cairn did not act on that click');
    expect(site.answer(id)).toBeUndefined();
    await expect.poll(() => afterClick, poll).toEqual(['awake', 'asleep', 'awake']);
    click('Sign');
    await expect.poll(() => site.answer(id), poll).toMatchObject({ result: expect.stringMatching(/^0x/) });
  });
});

describe('Cairn’s window for a site: what changes while the person reviews', { timeout: 30_000 }, () => {
  it('refuses the request shown with 4100 once the person disconnects the site, and signs nothing', async () => {
    const site = siteWindow();
    const id = site.send('personal_sign', [HELLO, ME]);
    await awake();

    // In Cairn's own window, the person disconnects the site.
    t.wallet.store.getState().updateSite(TEST_SITE, () => undefined);
    await expect.poll(statuses, poll).toBe('Waiting for the site’s request…');
    expect(site.answer(id)).toMatchObject({ error: { code: 4100 } });
    expect(signButton()).toBeUndefined();
    expect(site.answers(id)).toBe(1);
  });

  it('refuses only the requests for an account the site lost, and keeps the others', async () => {
    const site = siteWindow();
    const mine = site.send('personal_sign', [HELLO, ME]);
    const other = site.send('personal_sign', [HELLO, OTHER]);
    await awake();

    t.wallet.store.getState().updateSite(TEST_SITE, (stored) => stored && { ...stored, accounts: [OTHER] });
    await expect.poll(() => site.answer(mine), poll).toMatchObject({ error: { code: 4100 } });
    // The request left is shown (the account it names is the other one), and may be signed.
    await expect.poll(() => shows(OTHER), poll).toBe(true);
    expect(statuses()).not.toContain('Request 1 of');
    await awake();
    click('Sign');
    await expect.poll(() => site.answer(other), poll).toMatchObject({ result: expect.stringMatching(/^0x/) });
    expect(site.answers(mine)).toBe(1);
  });

  it('refuses the request shown with 4901 once the site moves to another network, and signs nothing', async () => {
    const site = siteWindow([ME], ['ethereum']);
    const id = site.send('personal_sign', [HELLO, ME]);
    await awake();

    // The site switches to a network it may use without asking: the switch goes through the open
    // window, and the request shown there is refused.
    const switched = site.send('wallet_switchEthereumChain', [{ chainId: '0x1' }]);
    expect(site.answer(switched)).toMatchObject({ result: null });
    expect(site.answer(id)).toMatchObject({
      error: {
        code: 4901,
        message:
          'The site switched to chain 1 while this request for chain 31337 waited: nothing was signed or sent. Ask again.',
      },
    });
    await expect.poll(statuses, poll).toBe('Waiting for the site’s request…');
    expect(site.answers(id)).toBe(1);
  });

  it('refuses the request shown with 4901 once the person moves the site to another network in Cairn', async () => {
    const site = siteWindow([ME], ['ethereum']);
    const id = site.send('personal_sign', [HELLO, ME]);
    await awake();

    t.wallet.store.getState().updateSite(TEST_SITE, (stored) => stored && withSiteNetwork(stored, 'ethereum'));
    await expect.poll(statuses, poll).toBe('Waiting for the site’s request…');
    expect(site.answer(id)).toMatchObject({ error: { code: 4901 } });
    expect(signButton()).toBeUndefined();
  });
});

describe('Cairn’s window for a site: sending held while proofs contradict the node', { timeout: 30_000 }, () => {
  it('shows no transaction to approve until the person acknowledges the lie, then the request as usual', async () => {
    const network = { id: LOCAL_NETWORK_ID } as Network;
    const lie: FigureCheck = contradicted(5n, 1n, 'http://liar.example');
    const assets = { native: { symbol: 'ETH', decimals: 18 }, tokens: [] };
    // Caught in another window of the profile: the alarm is shared (lib/verify/alarmSync.ts).
    const otherWindow = createVerifier();
    otherWindow.noteBalanceCheck(network, balanceCheck({ block: 1n, native: { [ME.toLowerCase()]: lie } }), assets);
    try {
      const site = siteWindow();
      // Not the person's: a call to another of theirs waits for its code, which this node does not give.
      site.send('eth_sendTransaction', [{ from: ME, to: STRANGER, value: '0x1' }]);
      await expect.poll(() => shows('Sending is held'), poll).toBe(true);
      expect(button('Confirm and send')).toBeUndefined();
      const understood = checkbox('I understand the node may be lying, and still want to send');
      if (!understood) throw new Error('no acknowledgement to give');
      understood.click();
      await expect.poll(() => shows('Sending is held'), poll).toBe(false);
      await expect.poll(() => button('Confirm and send') !== undefined, poll).toBe(true);
    } finally {
      otherWindow.noteBalanceCheck(network, balanceCheck({ block: 2n }), assets);
    }
  });

  it('holds whatever the method table marks as sending: personal_sign, marked so for this test', async () => {
    const network = { id: LOCAL_NETWORK_ID } as Network;
    const lie: FigureCheck = contradicted(5n, 1n, 'http://liar.example');
    const assets = { native: { symbol: 'ETH', decimals: 18 }, tokens: [] };
    const otherWindow = createVerifier();
    otherWindow.noteBalanceCheck(network, balanceCheck({ block: 1n, native: { [ME.toLowerCase()]: lie } }), assets);
    const entry = METHOD_TABLE.personal_sign;
    entry.sends = true;
    try {
      siteWindow().send('personal_sign', [HELLO, ME]);
      await expect.poll(() => shows('Sending is held'), poll).toBe(true);
      expect(signButton()).toBeUndefined();
    } finally {
      entry.sends = false;
      otherWindow.noteBalanceCheck(network, balanceCheck({ block: 2n }), assets);
    }
  });
});
