// A site's wallet_sendCalls in Cairn's window, rendered in a document over a whole test wallet and
// a fake node that mines what it is sent at once: the calls sent one after another, each once the
// one before it is mined, and the site answered with the batch id; and a batch whose request is
// dropped (the person disconnects the site) while its next call is being prepared: that call is
// never sent, the site learns of the one that was, and the window says where the batch stopped.
import { type Address, type Hex, toHex } from 'viem';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeSends, NOT_SENDING } from '@/testing/fakeSends';
import { approveAsleep, button, click, heading, statuses } from '@/testing/inDocument';
import { siteWindowTests } from '@/testing/siteWindowTests';
import { TEST_SITE } from '@/testing/testSiteWindow';
import { TEST_ADDRESS_0 } from '@/testing/vaultFixtures';
import { approvalQueueView, poll } from './testing';

const ME = TEST_ADDRESS_0 as Address;
const FIRST: Address = '0x1000000000000000000000000000000000000001';
const SECOND: Address = '0x2000000000000000000000000000000000000002';
const CALLS = [
  { to: FIRST, value: '0x0', data: '0x01' },
  { to: SECOND, value: '0x0', data: '0x02' },
];

let sends: ReturnType<typeof fakeSends>;
/** While set, the estimate of the second call's gas (its preparation) waits for it. */
let secondHeld: Promise<void> | undefined;
let secondEstimated = 0;

/** The local network's node: what preparing and sending a call does, and a preview where every call goes through. */
async function answer(method: string, params: unknown[]): Promise<unknown> {
  if (method === 'eth_estimateGas' && (params[0] as { to?: string }).to?.toLowerCase() === SECOND.toLowerCase()) {
    await secondHeld;
    secondEstimated += 1;
  }
  const sending = await sends.answer(method, params);
  if (sending !== NOT_SENDING) return sending;
  if (method !== 'eth_simulateV1') throw { code: -32601, message: `the method ${method} does not exist` };
  const [{ blockStateCalls }] = params as [{ blockStateCalls: { calls: unknown[] }[] }];
  const calls = blockStateCalls[0]?.calls ?? [];
  return [{ calls: calls.map(() => ({ status: '0x1', gasUsed: toHex(50_000n), returnData: '0x', logs: [] })) }];
}

const t = siteWindowTests(approvalQueueView, { answer });
beforeEach(() => {
  sends = fakeSends(() => t.block);
  secondHeld = undefined;
  secondEstimated = 0;
});

const confirm = () => button('Confirm and send all 2');

/** The site asks for both calls in Cairn's window; resolves once Confirm is ready. */
async function callsAsked() {
  const site = t.open([ME]);
  const id = site.send('wallet_sendCalls', [{ version: '2.0.0', from: ME, chainId: '0x7a69', calls: CALLS }]);
  await expect.poll(heading, poll).toBe('Send these 2 calls?');
  await expect.poll(() => !approveAsleep() && confirm()?.disabled === false, poll).toBe(true);
  return { site, id };
}

/** The batch status the site was last told (wallet_getCallsStatus answers from it). */
const lastStatus = (site: ReturnType<typeof t.open>) =>
  site.messages.flatMap((m) => (m.type === 'calls' ? [m.calls] : [])).at(-1);

describe('a site’s batch of calls in Cairn’s window', { timeout: 30_000 }, () => {
  it('sends the calls one after another and answers the site with the batch id', async () => {
    const { site, id } = await callsAsked();
    click('Confirm and send all 2');
    await expect.poll(() => site.answer(id), poll).toMatchObject({ result: { id: expect.stringMatching(/^0x/) } });
    expect(sends.sent.map((s) => [s.to?.toLowerCase(), s.data, s.nonce])).toEqual([
      [FIRST, '0x01', 0],
      [SECOND, '0x02', 1],
    ]);
    expect(lastStatus(site)).toMatchObject({ status: 200, hashes: sends.sent.map((s) => s.hash) });
    expect((site.answer(id) as { result: { id: Hex } }).result.id).toBe(lastStatus(site)?.id);
  });

  it('sends no further call once the request is dropped while that call is being prepared', async () => {
    const { site, id } = await callsAsked();
    let prepared!: () => void;
    secondHeld = new Promise((resolve) => {
      prepared = resolve;
    });
    click('Confirm and send all 2');
    // The first call is sent and mined; the second is being prepared when the person disconnects the site.
    await expect.poll(() => sends.sent.length, poll).toBe(1);
    await expect.poll(() => statuses(), poll).toContain('Call 2 of 2: sending…');
    t.wallet.store.getState().updateSite(TEST_SITE, () => undefined);

    // The site learns of the batch (one call went out), not a refusal that would hide it.
    await expect.poll(() => site.answer(id), poll).toMatchObject({ result: { id: expect.stringMatching(/^0x/) } });
    prepared();
    await expect.poll(heading, poll).toBe('The batch did not all go through');
    expect(statuses()).toBe(
      '1 of 2 calls went through. Call 1: mined: succeeded. Call 2: not sent. The site was told.',
    );
    expect(secondEstimated).toBe(1);
    expect(sends.sent).toHaveLength(1);
    expect(site.answers(id)).toBe(1);
  });
});
