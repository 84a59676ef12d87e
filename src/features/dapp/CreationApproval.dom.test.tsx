// A site's eth_sendTransaction without `to` in Cairn's window, over a whole test wallet and a fake
// node: it is reviewed as any transaction, but in place of a recipient the review says it creates a
// contract, how large its init code is, and what the preview on the person's node found: the
// address it will be created at (from the account and the nonce Cairn will send it with) and the
// size of the runtime code its init code returns (an eth_call without `to`). Confirm sends it with
// that nonce and no `to`, and the site gets the hash. A creation that would revert says so, and
// shows no address.
import { flushSync } from 'react-dom';
import { type Address, getContractAddress, toHex } from 'viem';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeSends, NOT_SENDING } from '@/testing/fakeSends';
import { siteWindowTests } from '@/testing/siteWindowTests';
import { TEST_ADDRESS_0 } from '@/testing/vaultFixtures';
import { CreationLines } from './CreationLines';
import { approvalQueueView, poll } from './testing';

const ME = TEST_ADDRESS_0 as Address;
const RECIPIENT: Address = '0x5000000000000000000000000000000000000005';
/** Init code of 5 bytes; the node answers its creation with 10 bytes of runtime code. */
const INIT_CODE = '0x6080604052';
const RUNTIME = `0x${'fe'.repeat(10)}`;
let sends: ReturnType<typeof fakeSends>;
let reverts = false;
/** The node no longer counts what was sent (as when it dropped it from its pool): Cairn's records still do. */
let nodeForgets = false;

async function answer(method: string, params: unknown[]): Promise<unknown> {
  if (nodeForgets && method === 'eth_getTransactionCount') return '0x0';
  const sending = await sends.answer(method, params);
  if (sending !== NOT_SENDING) return sending;
  switch (method) {
    case 'eth_simulateV1': {
      const [{ blockStateCalls }] = params as [{ blockStateCalls: { calls: unknown[] }[] }];
      if ((blockStateCalls[0]?.calls.length ?? 0) === 0) return [{ calls: [] }];
      const status = reverts ? '0x0' : '0x1';
      return [{ calls: [{ status, gasUsed: toHex(50_000n), returnData: reverts ? '0x' : RUNTIME, logs: [] }] }];
    }
    case 'eth_call': {
      const [call] = params as [{ to?: string; data?: string }];
      if (call.to === undefined && call.data === INIT_CODE) {
        if (reverts) throw { code: 3, message: 'execution reverted', data: '0x' };
        return RUNTIME;
      }
      throw { code: -32000, message: 'unexpected eth_call' };
    }
    default:
      throw { code: -32601, message: `the method ${method} does not exist` };
  }
}

const t = siteWindowTests(approvalQueueView, { answer });
beforeEach(() => {
  reverts = false;
  nodeForgets = false;
  sends = fakeSends(() => t.block);
});

const confirm = () =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === 'Confirm and send') as HTMLButtonElement;
/** The review's facts: each term with what it says. */
const facts = () =>
  Object.fromEntries(
    [...document.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? '']),
  );

describe('a site’s contract creation in Cairn’s window', () => {
  it('says it creates a contract, where and with how much code, and sends it with the nonce that gives that address', async () => {
    const site = t.open([ME]);
    const id = site.send('eth_sendTransaction', [{ from: ME, data: INIT_CODE, value: toHex(7n) }]);
    const created = getContractAddress({ from: ME, nonce: 0n });
    await expect.poll(() => facts()['Contract code'], poll).toBe('10 bytes, as the simulation shows');
    expect(facts()).toMatchObject({
      Contract: 'Creates a contract',
      'Init code': '5 bytes',
      'Created at': expect.stringContaining(created),
      Value: expect.stringContaining('0.000000000000000007'),
    });
    expect(facts().To).toBeUndefined();
    expect(document.querySelector('h1, h2')?.textContent).toBe('Create this contract?');
    // The init code is there on request, folded away beside its size.
    const folded = document.querySelector('details');
    expect(folded?.open).toBe(false);
    expect(folded?.textContent).toContain(INIT_CODE);

    await expect.poll(() => confirm()?.disabled, poll).toBe(false);
    flushSync(() => confirm().click());
    await expect.poll(() => sends.sent.length, poll).toBe(1);
    expect(sends.sent[0]).toMatchObject({ from: ME, to: undefined, nonce: 0, data: INIT_CODE });
    await expect.poll(() => site.answer(id), poll).toMatchObject({ result: sends.sent[0]?.hash });
  }, 60_000);

  it('shows the address of the nonce Cairn will send with, past its own transactions the node does not count', async () => {
    const site = t.open([ME]);
    const first = site.send('eth_sendTransaction', [{ from: ME, to: RECIPIENT, value: toHex(1n) }]);
    await expect.poll(() => confirm()?.disabled, poll).toBe(false);
    flushSync(() => confirm().click());
    await expect.poll(() => site.answer(first), poll).toMatchObject({ result: expect.any(String) });
    nodeForgets = true;

    site.send('eth_sendTransaction', [{ from: ME, data: INIT_CODE }]);
    const created = getContractAddress({ from: ME, nonce: 1n });
    await expect.poll(() => facts()['Created at'] ?? '', poll).toContain(created);
    await expect.poll(() => confirm()?.disabled, poll).toBe(false);
    flushSync(() => confirm().click());
    await expect.poll(() => sends.sent.length, poll).toBe(2);
    expect(sends.sent[1]).toMatchObject({ to: undefined, nonce: 1 });
  }, 60_000);

  it('says a wallet that chooses its own nonce decides whether the contract lands at the address shown', () => {
    const address = getContractAddress({ from: ME, nonce: 4n });
    t.render(
      <dl>
        <CreationLines data={INIT_CODE} creation={{ address, codeSize: 10, nonceKnown: false }} failed={false} />
      </dl>,
    );
    expect(facts()['Created at']).toContain('chooses the nonce');
    t.render(
      <dl>
        <CreationLines data={INIT_CODE} creation={{ address, codeSize: 10, nonceKnown: true }} failed={false} />
      </dl>,
    );
    expect(facts()['Created at']).not.toContain('chooses the nonce');
  });

  it('says a creation that would revert fails, and shows no address for it', async () => {
    reverts = true;
    const site = t.open([ME]);
    site.send('eth_sendTransaction', [{ from: ME, data: INIT_CODE }]);
    await expect.poll(() => document.body.textContent ?? '', poll).toContain('would fail');
    expect(facts()).toMatchObject({
      Contract: 'Creates a contract',
      'Created at': 'unknown',
      'Contract code': 'unknown',
    });
  }, 60_000);
});
