// A site's personal_sign in Cairn's window, rendered in a document over a whole test wallet: a
// sign-in for the asking site, one for another site (held until the person says they understand),
// and a Ledger's account: busy on another screen (the person tries again), or still waiting for the
// person when the site loses its grant (the site hears 4100 once; the signature goes nowhere).
import { type Address, type Hex, stringToHex, verifyMessage } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import {
  alerts,
  approveAsleep,
  approveState,
  button,
  checkbox,
  click,
  heading,
  recordStates,
  shows,
  statuses,
} from '@/testing/inDocument';
import { addKeysOutsideCairn } from '@/testing/keysOutsideCairn';
import { siteWindowTests } from '@/testing/siteWindowTests';
import { TEST_SITE } from '@/testing/testSiteWindow';
import { TEST_ADDRESS_0 } from '@/testing/vaultFixtures';
import { approvalQueueView, poll } from './testing';

const ME = TEST_ADDRESS_0 as Address;

const t = siteWindowTests(approvalQueueView);

/** Opens Cairn's window for the site, connected with `account`, and asks it to sign `message`. */
function signAsked(account: Address, message: Hex) {
  const site = t.open([account]);
  return { site, id: site.send('personal_sign', [message, account]) };
}

/** A Sign-In with Ethereum message from `domain` for `account` on the local chain, issued now. */
const signIn = (domain: string, account: Address) =>
  stringToHex(
    [
      `${domain} wants you to sign in with your Ethereum account:`,
      account,
      '',
      'Sign in to Example.',
      '',
      `URI: https://${domain}/login`,
      'Version: 1',
      'Chain ID: 31337',
      'Nonce: 32891756',
      `Issued At: ${new Date().toISOString()}`,
    ].join('\n'),
  );

/** Resolves once the approve delay is over (its notice gone). */
const delayOver = () => expect.poll(approveAsleep, poll).toBe(false);
const signed = (site: ReturnType<typeof t.open>, id: number) =>
  expect.poll(() => site.answer(id), poll).toMatchObject({ result: expect.stringMatching(/^0x/) });

describe('a site’s message to sign in Cairn’s window', { timeout: 30_000 }, () => {
  it('shows a sign-in for the asking site as such, and signs it', async () => {
    const message = signIn(new URL(TEST_SITE).host, ME);
    const { site, id } = signAsked(ME, message);
    await expect.poll(heading, poll).toBe('Sign in with Ethereum?');
    await expect.poll(() => button('Sign in')?.disabled, poll).toBe(false);
    click('Sign in');
    await signed(site, id);
    const signature = (site.answer(id) as { result: Hex }).result;
    expect(await verifyMessage({ address: ME, message: { raw: message }, signature })).toBe(true);
  });

  it('holds Sign for a sign-in meant for another site until the person says they understand', async () => {
    const { site, id } = signAsked(ME, signIn('evil.example', ME));
    await expect.poll(heading, poll).toBe('Sign in with Ethereum?');
    expect(shows('This sign-in is for evil.example, but https://app.example is asking.')).toBe(true);
    await delayOver();
    expect(button('Sign in')?.disabled).toBe(true);
    checkbox('I understand the warning above and still want to sign')?.click();
    await expect.poll(() => button('Sign in')?.disabled, poll).toBe(false);
    click('Sign in');
    await signed(site, id);
  });
});

describe('a site’s message to sign with a Ledger’s account', { timeout: 30_000 }, () => {
  it('says the Ledger is busy, tells the site nothing, and signs when the person tries again', async () => {
    const { ledger } = await addKeysOutsideCairn(t.wallet);
    const message = stringToHex('Hello from the site');
    const { site, id } = signAsked(ledger.address, message);
    await expect.poll(() => button('Sign')?.disabled, poll).toBe(false);

    ledger.busy();
    const sign = recordStates(() => approveState('Sign'));
    click('Sign');
    await expect.poll(alerts, poll).toContain('The Ledger is showing a screen of its own');
    expect(site.answer(id)).toBeUndefined();

    // What went wrong appears above the buttons: the approve delay starts again, then Sign wakes
    // (recorded as it happened, from the first time it slept: however late this looks).
    await expect.poll(() => sign.slice(sign.indexOf('asleep')), poll).toEqual(['asleep', 'awake']);
    click('Sign');
    await signed(site, id);
    const signature = (site.answer(id) as { result: Hex }).result;
    expect(await verifyMessage({ address: ledger.address, message: { raw: message }, signature })).toBe(true);
    expect(ledger.asked).toHaveLength(2);
  });

  it('answers 4100 once when the site loses its grant while the Ledger waits for the person', async () => {
    const { ledger } = await addKeysOutsideCairn(t.wallet);
    const { site, id } = signAsked(ledger.address, stringToHex('Hello from the site'));
    await expect.poll(() => button('Sign')?.disabled, poll).toBe(false);

    const onLedger = ledger.hold();
    const answering = vi.spyOn(site.connection, 'resolve');
    click('Sign');
    await expect.poll(() => ledger.asked.length, poll).toBe(1);
    t.wallet.store.getState().updateSite(TEST_SITE, () => undefined);
    await expect.poll(statuses, poll).toBe('Waiting for the site’s request…');
    expect(site.answer(id)).toMatchObject({ error: { code: 4100 } });

    // The person approves on the Ledger after all: the site, already answered, hears nothing more.
    onLedger.approve();
    await expect.poll(() => ledger.signed, poll).toBe(1);
    // The signature crosses back from the vault session, and the approval's run hands it to the
    // connection: only then could a second answer go out.
    await expect.poll(() => answering.mock.calls.some(([answered]) => answered === id), poll).toBe(true);
    expect(site.answers(id)).toBe(1);
    expect(statuses()).toBe('Waiting for the site’s request…');
  });
});
