// A site's eth_sendTransaction in Cairn's window, rendered in a document over a whole test wallet
// and a fake node: the preview is simulated again at each block, and what it says there decides
// what Confirm does. A swap's output moving a little at each block must not restart the approve
// delay (Approve would rarely be ready on a fast chain); a move against the person beyond the
// tolerance restarts it, holds Confirm until acknowledged, and restarts it again at the next such
// move, though the warning is already on screen. A send that may have gone out all the same (a
// browser wallet's unclear answer) keeps Confirm off: a second click could send it twice. A switch
// of chain while it waits refuses it, and nothing is sent; once the person confirmed and the
// Ledger signs, a switch no longer refuses it: it goes out, and the site gets its hash.
// No module is mocked: the browser wallet is a software wallet behind Cairn's own signer for it.
import { flushSync } from 'react-dom';
import { type Address, pad, toHex } from 'viem';
import { beforeEach, describe, expect, it } from 'vitest';
import { amountInputText } from '@/lib/i18n';
import { fakeSends, NOT_SENDING } from '@/testing/fakeSends';
import { approveState, recordStates } from '@/testing/inDocument';
import { addKeysOutsideCairn } from '@/testing/keysOutsideCairn';
import { siteWindowTests } from '@/testing/siteWindowTests';
import { TEST_ADDRESS_0 } from '@/testing/vaultFixtures';
import { approvalQueueView, poll } from './testing';

const ME = TEST_ADDRESS_0 as Address;
const SWAP: Address = '0x5a00000000000000000000000000000000000005';
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
const SENT = 1_000n;

/** What the swap gives back at the current block, to the account that sends it. */
const swap = { out: 1_000_000n, from: ME };
let sends: ReturnType<typeof fakeSends>;

const native = (from: Address, to: Address, value: bigint) => ({
  address: NATIVE,
  topics: [TRANSFER, pad(from), pad(to)],
  data: pad(toHex(value)),
});

/** The local network's node: what preparing a call reads, eth_simulateV1 showing the swap, and sends. */
async function answer(method: string, params: unknown[]): Promise<unknown> {
  const sending = await sends.answer(method, params);
  if (sending !== NOT_SENDING) return sending;
  switch (method) {
    case 'eth_simulateV1': {
      const [{ blockStateCalls }] = params as [{ blockStateCalls: { calls: unknown[] }[] }];
      if ((blockStateCalls[0]?.calls.length ?? 0) === 0) return [{ calls: [] }];
      const logs = [native(swap.from, SWAP, SENT), native(SWAP, swap.from, swap.out)];
      return [{ calls: [{ status: '0x1', gasUsed: toHex(50_000n), returnData: '0x', logs }] }];
    }
    default:
      throw { code: -32601, message: `the method ${method} does not exist` };
  }
}

const t = siteWindowTests(approvalQueueView, { answer });
beforeEach(() => {
  swap.out = 1_000_000n;
  swap.from = ME;
  sends = fakeSends(() => t.block);
});

const confirm = () =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === 'Confirm and send') as HTMLButtonElement;
/** Whether the window is busy with the person's approval (Decline is off meanwhile). */
const busy = () => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Decline')?.disabled === true;
/** What Confirm shows of the approve delay, from now on (see recordStates): a test may look after the delay's second. */
const confirmStates = () => recordStates(() => approveState('Confirm and send'));
/** Whether the preview shows the swap giving back `out`, to the last digit. */
const shows = (out: bigint) =>
  [...document.querySelectorAll('[data-amount]')].some((e) =>
    e.getAttribute('title')?.startsWith(`${amountInputText(out, 18)} `),
  );
const changeWarning = () =>
  [...document.querySelectorAll('[role=alert]')].find((e) => e.textContent?.includes('The preview changed'));
/** The chain moves on a block, where the swap gives back `out`; resolves once the preview shows it. */
async function nextBlock(out: bigint) {
  swap.out = out;
  t.block.number += 1n;
  await expect.poll(() => shows(out), poll).toBe(true);
}
/** The site asks for the swap in Cairn's window; resolves once Confirm is ready, to whether the site heard back. */
async function swapAsked(from: Address = ME, alsoOn: readonly string[] = []) {
  swap.from = from;
  const site = t.open([from], { alsoOn });
  const id = site.send('eth_sendTransaction', [{ from, to: SWAP, value: toHex(SENT), data: '0x' }]);
  await expect.poll(() => shows(swap.out) && confirm()?.disabled === false, poll).toBe(true);
  /** Whether the site was answered, either way. */
  return Object.assign(() => site.messages.some((m) => m.type === 'response' && m.id === id), { site, id });
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a site’s transaction in Cairn’s window, followed block by block', () => {
  it('keeps Approve awake through small moves of the output; a move against the person restarts it and holds Confirm', async () => {
    await swapAsked();

    // 0.1 % less at the next block: the figure changes, the delay goes on.
    const small = confirmStates();
    await nextBlock(999_000n);
    await pause(200);
    expect(small).toEqual(['awake']);

    // 5 % less than what the review showed: the delay starts again, and Confirm waits for the person.
    const against = confirmStates();
    await nextBlock(950_000n);
    expect(against).toContain('asleep');
    expect(changeWarning()).toBeDefined();
    await pause(1_500);
    expect(confirm().disabled).toBe(true);
    flushSync(() => changeWarning()?.querySelector<HTMLInputElement>('input[type=checkbox]')?.click());
    await expect.poll(() => confirm().disabled, poll).toBe(false);

    // Another 5 % less, the warning already on screen: the delay starts again all the same.
    const again = confirmStates();
    await nextBlock(900_000n);
    expect(again).toContain('asleep');
  }, 60_000);

  it('keeps Confirm off once a send may have gone out all the same, and tells the site nothing', async () => {
    const { browserWallet } = await addKeysOutsideCairn(t.wallet);
    const answered = await swapAsked(browserWallet.address);
    // The wallet takes the transaction and answers something that is no hash: it may have sent it.
    browserWallet.answerNext('eth_sendTransaction', () => 'sent');
    const sends = () => browserWallet.log.filter((r) => r.method === 'eth_sendTransaction').length;
    flushSync(() => confirm().click());
    await expect.poll(sends, poll).toBe(1);
    await expect.poll(() => document.querySelector('[role=alert]')?.textContent ?? '', poll).toContain('Test Wallet');
    await pause(1_500);
    expect(confirm().disabled).toBe(true);
    flushSync(() => confirm().click());
    // A run that click started would show the window busy at once (flushSync), until it ended.
    await expect.poll(busy, poll).toBe(false);
    expect(sends()).toBe(1);
    expect(answered()).toBe(false);
  }, 60_000);

  it('refuses it with 4901, sending nothing, when the site switches chain while it waits', async () => {
    const { site, id } = await swapAsked(ME, ['ethereum']);
    // A network the site may use without asking: the switch goes through the open window.
    const switched = site.send('wallet_switchEthereumChain', [{ chainId: '0x1' }]);
    expect(site.answer(switched)).toMatchObject({ result: null });
    expect(site.answer(id)).toMatchObject({
      error: {
        code: 4901,
        message:
          'The site switched to chain 1 while this request for chain 31337 waited: nothing was signed or sent. Ask again.',
      },
    });
    await expect
      .poll(() => document.querySelector('[role=status]')?.textContent, poll)
      .toBe('Waiting for the site’s request…');
    expect(confirm()).toBeUndefined();
    expect(t.node.asked.some((a) => a.method === 'eth_sendRawTransaction')).toBe(false);
  }, 60_000);

  it('sends it all the same, and gives the site its hash, when the site switches chain while the Ledger signs', async () => {
    const { ledger } = await addKeysOutsideCairn(t.wallet);
    const { site, id } = await swapAsked(ledger.address, ['ethereum']);
    const onLedger = ledger.hold();
    flushSync(() => confirm().click());
    await expect.poll(() => ledger.asked.length, poll).toBe(1);

    // The site moves while the person approves on the Ledger: the request is held, not refused.
    const switched = site.send('wallet_switchEthereumChain', [{ chainId: '0x1' }]);
    expect(site.answer(switched)).toMatchObject({ result: null });
    expect(site.answer(id)).toBeUndefined();

    onLedger.approve();
    await expect.poll(() => sends.sent.length, poll).toBe(1);
    await expect.poll(() => site.answer(id), poll).toMatchObject({ result: sends.sent[0]?.hash });
    expect(sends.sent[0]).toMatchObject({ from: ledger.address, to: SWAP });
    expect(site.answers(id)).toBe(1);
  }, 60_000);
});
