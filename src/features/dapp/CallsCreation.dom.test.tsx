// A site's wallet_sendCalls with a contract creation in it (a call without `to`), in Cairn's window
// over a whole test wallet and a fake node: the creation's line in the batch says it creates a
// contract, its init code's size, its value, and from the preview where it lands (the sender's
// address at its transaction's nonce, the first call's plus its place) and its code's size, as the
// single transaction's review does. Confirm sends the calls with consecutive nonces, the creation
// without `to`, and the batch's status carries the receipt's contractAddress.
import { type Address, getContractAddress, toHex } from 'viem';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeSends, NOT_SENDING } from '@/testing/fakeSends';
import { approveAsleep, button, click, heading } from '@/testing/inDocument';
import { siteWindowTests } from '@/testing/siteWindowTests';
import { TEST_ADDRESS_0 } from '@/testing/vaultFixtures';
import { approvalQueueView, poll } from './testing';

const ME = TEST_ADDRESS_0 as Address;
const TARGET: Address = '0x1000000000000000000000000000000000000001';
/** Init code of 5 bytes; the node answers its creation with 10 bytes of runtime code. */
const INIT_CODE = '0x6080604052';
const RUNTIME = `0x${'fe'.repeat(10)}`;
let sends: ReturnType<typeof fakeSends>;
let reverts = false;

/** The local network's node: preparing and sending, and eth_simulateV1 running each call (a creation returns its code). */
async function answer(method: string, params: unknown[]): Promise<unknown> {
  const sending = await sends.answer(method, params);
  if (sending !== NOT_SENDING) return sending;
  if (method !== 'eth_simulateV1') throw { code: -32601, message: `the method ${method} does not exist` };
  const [{ blockStateCalls }] = params as [{ blockStateCalls: { calls: { to?: string }[] }[] }];
  const calls = blockStateCalls[0]?.calls ?? [];
  return [
    {
      calls: calls.map((call) => {
        const fails = reverts && call.to === undefined;
        const returnData = call.to === undefined && !fails ? RUNTIME : '0x';
        return { status: fails ? '0x0' : '0x1', gasUsed: toHex(50_000n), returnData, logs: [] };
      }),
    },
  ];
}

const t = siteWindowTests(approvalQueueView, { answer });
beforeEach(() => {
  reverts = false;
  sends = fakeSends(() => t.block);
});

/** Each call's facts in the batch's list: term → what it says. */
const callFacts = () =>
  [...document.querySelectorAll('ol li')].map((li) =>
    Object.fromEntries(
      [...li.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? '']),
    ),
  );

function ask(calls: unknown[]) {
  const site = t.open([ME]);
  const id = site.send('wallet_sendCalls', [{ version: '2.0.0', from: ME, chainId: '0x7a69', calls }]);
  return { site, id };
}

describe('a site’s batch with a contract creation in Cairn’s window', { timeout: 30_000 }, () => {
  it('says the call creates a contract, where and with how much code; sends it without to, with the next nonce', async () => {
    const { site, id } = ask([
      { to: TARGET, value: '0x0', data: '0x01' },
      { data: INIT_CODE, value: toHex(7n) },
    ]);
    await expect.poll(heading, poll).toBe('Send these 2 calls?');
    // The second transaction's nonce (1): the call before it takes 0.
    const created = getContractAddress({ from: ME, nonce: 1n });
    await expect.poll(() => callFacts()[1]?.['Contract code'], poll).toBe('10 bytes, as the simulation shows');
    expect(callFacts()[1]).toMatchObject({
      Contract: 'Creates a contract',
      'Init code': '5 bytes',
      'Created at': expect.stringContaining(created),
      Value: expect.stringContaining('0.000000000000000007'),
    });
    expect(callFacts()[1]?.['Created at']).not.toContain('chooses the nonce');
    expect(callFacts()[1]?.To).toBeUndefined();
    expect(callFacts()[0]?.To).toContain(TARGET);

    await expect.poll(() => !approveAsleep() && button('Confirm and send all 2')?.disabled === false, poll).toBe(true);
    click('Confirm and send all 2');
    await expect.poll(() => site.answer(id), poll).toMatchObject({ result: { id: expect.stringMatching(/^0x/) } });
    expect(sends.sent.map((s) => [s.to, s.data, s.nonce])).toEqual([
      [TARGET, '0x01', 0],
      [undefined, INIT_CODE, 1],
    ]);
    const status = site.messages.flatMap((m) => (m.type === 'calls' ? [m.calls] : [])).at(-1);
    expect(status?.status).toBe(200);
    const receipt = status?.receipts[1] as { status: string; contractAddress?: string } | undefined;
    expect(receipt?.status).toBe('0x1');
    expect(receipt?.contractAddress?.toLowerCase()).toBe(created.toLowerCase());
    expect(status?.receipts[0]).not.toHaveProperty('contractAddress');
  });

  it('shows no address or code size for a creation the preview finds failing', async () => {
    reverts = true;
    ask([{ data: INIT_CODE }, { to: TARGET, data: '0x01' }]);
    await expect.poll(() => document.body.textContent ?? '', poll).toContain('would fail');
    expect(callFacts()[0]).toMatchObject({
      Contract: 'Creates a contract',
      'Created at': 'unknown',
      'Contract code': 'unknown',
    });
  });
});
