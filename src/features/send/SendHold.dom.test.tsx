// Send while proofs contradict the selected network's node, over a whole test wallet and a fake
// node (through fetch): the screen shows the hold in place of the form, and the form only once the
// person ticks that they understand; the acknowledgement lasts while the same lie does, another
// lie (another source) holds sending again, as does a new lie after a clean check ended the alarm.
// An alarm on another network, or a figure only not proven, holds nothing here. Once acknowledged,
// the asset list shows the balance the proofs give, marked, and "Max" sends that one.
import { flushSync } from 'react-dom';
import { MemoryRouter } from 'react-router';
import { decodeFunctionData, erc20Abi, type Hex, parseUnits } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import type { PortfolioSnapshot } from '@/core/assets/portfolio';
import type { Network } from '@/core/chain/networks';
import { msg } from '@/core/i18n/message';
import { selectedNetwork } from '@/core/session/sessionStore';
import type { BalanceCheck, FigureCheck } from '@/core/verify/figureChecks';
import { verificationOf } from '@/core/verify/verificationSetting';
import { portfolioQuery } from '@/lib/queries/portfolioQueries';
import { balanceCheckQuery } from '@/lib/queries/verifyQueries';
import { balanceCheck, contradicted } from '@/testing/balanceChecks';
import { byRole, queryByRole, spokenText } from '@/testing/byRole';
import { FAKE_BLOCK, fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { screenTestWallet } from '@/testing/screenTestWallet';
import { TEST_ADDRESS_0, TEST_ADDRESS_1 } from '@/testing/vaultFixtures';
import { walletPortfolio } from '@/testing/walletPortfolio';
import { SendScreen } from './SendScreen';
import { EMPTY_FORM, sendFlowStore } from './sendFlowStore';

const poll = { timeout: 4_000, interval: 10 };
const HELD = 'Sending is held';
const UNDERSTAND = 'I understand the node may be lying, and still want to send';
const ME = TEST_ADDRESS_0.toLowerCase();
const ASSETS = { native: { symbol: 'ETH', decimals: 18 }, tokens: [] };

/** A check of the person's native balance at block 100, trusted by agreement: its one figure. */
const checkOf = (figure: FigureCheck): BalanceCheck => balanceCheck({ block: 100n, native: { [ME]: figure } });
const lieBy = (source: string) => checkOf(contradicted(5n * 10n ** 18n, 10n ** 18n, source));
const LIE = lieBy('http://node.test/');
const CLEAN = checkOf({ state: 'verified', block: 100n });

// The alarm store lives outside any wallet: a clean check on every network ends what a test raised.
const setUp = screenTestWallet({
  cleanUp(wallet) {
    for (const network of wallet.store.getState().networks) wallet.verifier.noteBalanceCheck(network, CLEAN, ASSETS);
    sendFlowStore.setState({ form: EMPTY_FORM, step: { name: 'form' } });
  },
});
const wallet = () => setUp.wallet;

const selected = () => selectedNetwork(wallet().store.getState());

function showSend() {
  setUp.show(
    <MemoryRouter initialEntries={['/send']}>
      <SendScreen />
    </MemoryRouter>,
  );
}

/** What Send shows: the hold, the form, or both (which would be a fault). */
function shown(): { held: boolean; form: boolean } {
  return { held: queryByRole('region', HELD) !== undefined, form: queryByRole('form', 'Send') !== undefined };
}

function note(network: Network, check: BalanceCheck) {
  flushSync(() => wallet().verifier.noteBalanceCheck(network, check, ASSETS));
}

describe('sending while proofs contradict the node', () => {
  it('shows the hold in place of the form, and the form once the person ticks that they understand', async () => {
    note(selected(), LIE);
    showSend();
    expect(shown()).toEqual({ held: true, form: false });
    const hold = byRole('region', HELD);
    expect(byRole('heading', HELD, hold)).toBeDefined();
    expect(hold.textContent).toContain('Proofs contradicted this network’s node');
    const understand = byRole<HTMLInputElement>('checkbox', UNDERSTAND, hold);
    expect(understand.checked).toBe(false);
    flushSync(() => understand.click());
    await expect.poll(shown, poll).toEqual({ held: false, form: true });
  });

  it('shows the form when no alarm stands, and holds it when a lie is caught while it is open', async () => {
    showSend();
    expect(shown()).toEqual({ held: false, form: true });
    note(selected(), LIE);
    await expect.poll(shown, poll).toEqual({ held: true, form: false });
  });

  it('keeps the acknowledgement through a further lie, and holds again after a clean check and a new lie', async () => {
    note(selected(), LIE);
    showSend();
    flushSync(() => byRole<HTMLInputElement>('checkbox', UNDERSTAND).click());
    await expect.poll(shown, poll).toEqual({ held: false, form: true });
    // The same alarm, checked again: still acknowledged.
    note(selected(), LIE);
    expect(shown()).toEqual({ held: false, form: true });
    // A clean check ends the alarm; the next lie is a new one, held until acknowledged again.
    note(selected(), CLEAN);
    expect(shown()).toEqual({ held: false, form: true });
    note(selected(), LIE);
    await expect.poll(shown, poll).toEqual({ held: true, form: false });
  });

  it('holds sending again when another source is caught lying after the acknowledgement', async () => {
    note(selected(), LIE);
    showSend();
    flushSync(() => byRole<HTMLInputElement>('checkbox', UNDERSTAND).click());
    await expect.poll(shown, poll).toEqual({ held: false, form: true });
    note(selected(), lieBy('http://another-node.test/'));
    await expect.poll(shown, poll).toEqual({ held: true, form: false });
  });

  it('holds nothing for an alarm on another network', () => {
    const other = wallet()
      .store.getState()
      .networks.find((n) => n.id !== selected().id);
    if (!other) throw new Error('one network only');
    note(other, LIE);
    showSend();
    expect(shown()).toEqual({ held: false, form: true });
  });

  it('holds nothing for a check that could only not prove a figure', () => {
    note(selected(), checkOf({ state: 'unverified', reason: msg('core.chain:verify.reason.notRead') }));
    showSend();
    expect(shown()).toEqual({ held: false, form: true });
  });
});

describe('Send’s balances while proofs contradict the node', () => {
  it('lists the balance the proofs give, marked, and "Max" sends it, once the hold is acknowledged', async () => {
    const { network, token, accounts, request } = walletPortfolio(wallet());
    const dai = token('DAI');
    const daiKey = dai.address.toLowerCase();
    // Walletbeat's lying proxy: 5 DAI held, 5,000,000 claimed, at the node's head block.
    const proven = parseUnits('5', 18);
    const claimed = proven * 1_000_000n;
    const snapshot: PortfolioSnapshot = {
      blockNumber: FAKE_BLOCK.number,
      timestamp: Number(FAKE_BLOCK.timestamp),
      via: 'multicall',
      native: new Map(accounts.map((a) => [a.toLowerCase(), 10n ** 18n])),
      tokens: new Map(accounts.map((a) => [a.toLowerCase(), new Map([[daiKey, claimed]])])),
      prices: new Map(),
    };
    const check = balanceCheck({
      block: FAKE_BLOCK.number,
      tokens: { [ME]: { [daiKey]: contradicted(claimed, proven, 'http://node.test/') } },
    });
    const verification = verificationOf(wallet().store.getState().verification, network);
    wallet().queries.setQueryData(portfolioQuery(network, request).queryKey, snapshot);
    wallet().queries.setQueryData(
      balanceCheckQuery(wallet().verifier, network, snapshot, request, verification, [dai]).queryKey,
      check,
    );
    // The node answers what preparing a send asks, and claims its multiplied balanceOf there too.
    const node = fakeSimulationNode(
      (method, params) => {
        if (method === 'eth_call') {
          const { data } = params[0] as { data: Hex };
          if (decodeFunctionData({ abi: erc20Abi, data }).functionName === 'balanceOf')
            return `0x${claimed.toString(16).padStart(64, '0')}`;
        }
        if (method === 'eth_getLogs') return [];
        if (method === 'eth_getTransactionCount') return '0x0';
        if (method === 'eth_estimateGas') return '0xc350';
        if (method === 'eth_getCode') return '0x';
        if (method === 'eth_maxPriorityFeePerGas') return '0x3b9aca00';
        throw { code: -32601, message: `the method ${method} does not exist` };
      },
      { block: { ...FAKE_BLOCK }, chainId: 31337 },
    );
    vi.stubGlobal('fetch', node.fetch);
    // The alarm the check raised on Home (or in the header) stands.
    flushSync(() => wallet().verifier.noteBalanceCheck(network, check, { ...ASSETS, tokens: [dai] }));
    showSend();
    expect(shown().held).toBe(true);
    flushSync(() => byRole<HTMLInputElement>('checkbox', UNDERSTAND).click());
    await expect.poll(shown, poll).toEqual({ held: false, form: true });

    const daiOption = () =>
      [...document.querySelectorAll('option')].find((o) => o.textContent?.startsWith('DAI'))?.textContent;
    await expect.poll(daiOption, poll).toBe('DAI — balance 5 (proven; the node’s figure is false)');
    const form = byRole('form', 'Send');
    const select = byRole<HTMLSelectElement>('combobox', 'Asset', form);
    flushSync(() => {
      select.value = daiKey;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await expect.poll(() => spokenText(form), poll).toContain('Balance: 5 DAI');
    flushSync(() => byRole('button', 'Max', form).click());
    const recipient = byRole<HTMLInputElement>('textbox', 'Recipient', form);
    flushSync(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(recipient, TEST_ADDRESS_1);
      recipient.dispatchEvent(new Event('input', { bubbles: true }));
    });
    flushSync(() => byRole('button', 'Continue', form).click());
    const review = await vi.waitUntil(() => queryByRole('region', 'Review'), poll);
    const amount = [...review.querySelectorAll('dt')].find((dt) => dt.textContent === 'Amount')?.nextElementSibling;
    expect(spokenText(amount as Element)).toMatch(/^5 DAI/);
    // What the screen reads in the background (history, tokens nobody asked for) is answered
    // before the node goes away: it has asked nothing for a moment.
    let asked = -1;
    const idle = () => {
      const still = node.asked.length === asked;
      asked = node.asked.length;
      return still;
    };
    await expect.poll(idle, { timeout: 4_000, interval: 300 }).toBe(true);
  });
});
