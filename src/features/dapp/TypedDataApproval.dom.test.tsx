// A site's eth_signTypedData_v4 in Cairn's window, rendered in a document over a whole test wallet:
// typed data for the site's chain signed; data for another chain held until the person
// acknowledges; data Cairn cannot read refused with why; and a browser wallet's account whose
// wallet is busy with another request (the person answers there and tries again).
import { type Address, type Hex, verifyTypedData } from 'viem';
import { describe, expect, it } from 'vitest';
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
import { mailJson } from '@/testing/mailTypedData';
import { siteWindowTests } from '@/testing/siteWindowTests';
import { providerError } from '@/testing/softwareWallet';
import { TEST_ADDRESS_0 } from '@/testing/vaultFixtures';
import { approvalQueueView, poll } from './testing';

const ME = TEST_ADDRESS_0 as Address;
/** The Ether Mail typed data for the local chain, the site's. */
const LOCAL_MAIL = mailJson((typed) => {
  typed.domain.chainId = 31337;
});

const t = siteWindowTests(approvalQueueView);

/** Opens Cairn's window for the site, connected with `account`, and asks it to sign `json`. */
function signAsked(account: Address, json: string) {
  const site = t.open([account]);
  return { site, id: site.send('eth_signTypedData_v4', [account, json]) };
}

/** Whether `signature` is `address`'s over the typed data `json`. */
const signs = (address: Address, json: string, signature: Hex) =>
  verifyTypedData({ ...(JSON.parse(json) as Parameters<typeof verifyTypedData>[0]), address, signature });
const signature = (answer: unknown) => (answer as { result: Hex }).result;

describe('a site’s typed data to sign in Cairn’s window', { timeout: 30_000 }, () => {
  it('shows every field of typed data for the site’s chain, and signs it', async () => {
    const { site, id } = signAsked(ME, LOCAL_MAIL);
    await expect.poll(heading, poll).toBe('Sign this typed data?');
    expect(shows('Hello, Bob!')).toBe(true);
    await expect.poll(() => button('Sign')?.disabled, poll).toBe(false);
    click('Sign');
    await expect.poll(() => site.answer(id), poll).toBeDefined();
    expect(await signs(ME, LOCAL_MAIL, signature(site.answer(id)))).toBe(true);
  });

  it('holds Sign for typed data naming another chain until the person acknowledges it', async () => {
    const forMainnet = mailJson();
    const { site, id } = signAsked(ME, forMainnet);
    await expect.poll(heading, poll).toBe('Sign this typed data?');
    await expect.poll(approveAsleep, poll).toBe(false);
    expect(button('Sign')?.disabled).toBe(true);
    checkbox('I understand what this signature allows')?.click();
    await expect.poll(() => button('Sign')?.disabled, poll).toBe(false);
    click('Sign');
    await expect.poll(() => site.answer(id), poll).toBeDefined();
    expect(await signs(ME, forMainnet, signature(site.answer(id)))).toBe(true);
  });

  it('refuses typed data it cannot read, saying why, and asks the person nothing', async () => {
    const unreadable = JSON.stringify({ types: { EIP712Domain: [] }, primaryType: 'Missing', domain: {}, message: {} });
    const { site, id } = signAsked(ME, unreadable);
    await expect
      .poll(() => site.answer(id), poll)
      .toMatchObject({
        error: {
          code: -32602,
          message: 'Cairn cannot read the typed data: it is not EIP-712 typed data Cairn can show.',
        },
      });
    await expect.poll(statuses, poll).toBe('Waiting for the site’s request…');
  });
});

describe('a site’s typed data to sign with a browser wallet’s account', { timeout: 30_000 }, () => {
  it('says the wallet is busy, tells the site nothing, and signs when the person tries again', async () => {
    const { browserWallet } = await addKeysOutsideCairn(t.wallet);
    const { site, id } = signAsked(browserWallet.address, LOCAL_MAIL);
    await expect.poll(() => button('Sign')?.disabled, poll).toBe(false);

    browserWallet.answerNext('eth_signTypedData_v4', () => {
      throw providerError(-32002, 'Request of type eth_signTypedData_v4 already pending');
    });
    const sign = recordStates(() => approveState('Sign'));
    click('Sign');
    await expect.poll(alerts, poll).toContain('Test Wallet is already showing a request from Cairn');
    expect(site.answer(id)).toBeUndefined();

    // What went wrong appears above the buttons: the approve delay starts again, then Sign wakes
    // (recorded as it happened, from the first time it slept: however late this looks).
    await expect.poll(() => sign.slice(sign.indexOf('asleep')), poll).toEqual(['asleep', 'awake']);
    click('Sign');
    await expect.poll(() => site.answer(id), poll).toBeDefined();
    expect(await signs(browserWallet.address, LOCAL_MAIL, signature(site.answer(id)))).toBe(true);
  });
});
