// A site's request that calls one of the person's accounts running code of its own, in Cairn's
// window: a call to the sending account itself is refused, and Decline tells the site why
// (-32602); a call to another of the person's accounts that is delegated (EIP-7702) is refused,
// and Decline tells the site only that the person declined (4001); nothing is signed or sent. The
// code of every address the request calls is read, the person's or not, and a call to another of
// their accounts that runs no code is reviewed as any other.
import type { Address, Hex } from 'viem';
import { beforeEach, describe, expect, it } from 'vitest';
import { DELEGATION_CONTRACTS } from '@/core/smartAccount/delegates';
import { fakeSends, NOT_SENDING } from '@/testing/fakeSends';
import { alerts, button, click, heading } from '@/testing/inDocument';
import { siteWindowTests } from '@/testing/siteWindowTests';
import { TEST_ADDRESS_0, TEST_ADDRESS_1 } from '@/testing/vaultFixtures';
import { approvalQueueView, poll } from './testing';

const ME = TEST_ADDRESS_0 as Address;
const OTHER = TEST_ADDRESS_1 as Address;
const STRANGER: Address = '0x5000000000000000000000000000000000000005';
const EXECUTE: Hex = '0xe9ae5c53';

let sends: ReturnType<typeof fakeSends>;
/** The code of the person's other account: none, or a delegation designator. */
let otherCode: Hex;

async function answer(method: string, params: unknown[]): Promise<unknown> {
  if (method === 'eth_getCode') return String(params[0]).toLowerCase() === OTHER.toLowerCase() ? otherCode : '0x';
  const sending = await sends.answer(method, params);
  if (sending !== NOT_SENDING) return sending;
  throw { code: -32601, message: `the method ${method} does not exist` };
}

const t = siteWindowTests(approvalQueueView, { answer });
beforeEach(() => {
  sends = fakeSends(() => t.block);
  otherCode = '0x';
});

const codeAsked = (address: Address) =>
  t.node.asked.some((a) => a.method === 'eth_getCode' && String(a.params[0]).toLowerCase() === address.toLowerCase());

describe('a site’s call to one of the person’s accounts that runs code of its own', { timeout: 30_000 }, () => {
  it('refuses a batch with a call to the sending account itself; Decline tells the site why (-32602)', async () => {
    const site = t.open([ME], { atomic: true });
    const calls = [
      { to: STRANGER, value: '0x0', data: '0x' },
      { to: ME, value: '0x0', data: EXECUTE },
    ];
    const id = site.send('wallet_sendCalls', [
      { version: '2.0.0', from: ME, chainId: '0x7a69', atomicRequired: true, calls },
    ]);
    await expect.poll(heading, poll).toBe('Cairn refuses this request');
    expect(alerts()).toContain('Call 2 is to your account itself');
    expect(button('Send')?.disabled).toBe(true);
    click('Decline');
    expect(site.answer(id)).toMatchObject({
      error: { code: -32602, message: expect.stringContaining('calls[1] is to the sending account itself') },
    });
    expect(sends.sent).toEqual([]);
  });

  it('refuses a transaction to another of the person’s accounts that is delegated, answering the site as a decline (4001)', async () => {
    otherCode = `0xef0100${DELEGATION_CONTRACTS.delegator.slice(2).toLowerCase()}`;
    const site = t.open([ME]);
    const id = site.send('eth_sendTransaction', [{ from: ME, to: OTHER, value: '0x0', data: EXECUTE }]);
    await expect.poll(heading, poll).toBe('Cairn refuses this request');
    expect(alerts()).toContain(`This transaction is to ${OTHER}, another of your accounts`);
    click('Decline');
    expect(site.answer(id)).toMatchObject({ error: { code: 4001 } });
    expect(JSON.stringify(site.answer(id))).not.toContain(OTHER.slice(2, 10));
    expect(sends.sent).toEqual([]);
  });

  it('reviews a transaction to another of the person’s accounts without code, as any other', async () => {
    const site = t.open([ME]);
    site.send('eth_sendTransaction', [{ from: ME, to: OTHER, value: '0x1', data: '0x' }]);
    await expect.poll(heading, poll).toBe('Send this transaction?');
    expect(codeAsked(OTHER)).toBe(true);
  });

  it('reads a transaction’s recipient’s code once: preparing it takes the guard’s read', async () => {
    const site = t.open([ME]);
    site.send('eth_sendTransaction', [{ from: ME, to: STRANGER, value: '0x1', data: '0x' }]);
    // Prepared: the fee is worked out, the total shown.
    await expect
      .poll(
        () => heading() === 'Send this transaction?' && !document.body.textContent?.includes('working it out'),
        poll,
      )
      .toBe(true);
    const codeReads = t.node.asked.filter(
      (a) => a.method === 'eth_getCode' && String(a.params[0]).toLowerCase() === STRANGER.toLowerCase(),
    );
    expect(codeReads).toHaveLength(1);
  });

  it('reads the code of every address a request calls, the person’s or not', async () => {
    const site = t.open([ME]);
    const calls = [
      { to: OTHER, value: '0x1', data: '0x' },
      { to: STRANGER, value: '0x1', data: '0x' },
    ];
    site.send('wallet_sendCalls', [{ version: '2.0.0', from: ME, chainId: '0x7a69', calls }]);
    await expect.poll(() => codeAsked(OTHER) && codeAsked(STRANGER), poll).toBe(true);
  });
});
