// Send while proofs contradict the selected network's node, over a whole test wallet and a fake
// node (through fetch): the screen shows the hold in place of the form, and the form only once the
// person ticks that they understand; the acknowledgement lasts while the same lie does, another
// lie (another source) holds sending again, as does a new lie after a clean check ended the alarm.
// An alarm on another network, or a figure only not proven, holds nothing here.
import { flushSync } from 'react-dom';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Network } from '@/core/chain/networks';
import { msg } from '@/core/i18n/message';
import { selectedNetwork } from '@/core/session/sessionStore';
import type { BalanceCheck, FigureCheck } from '@/core/verify/figureChecks';
import { noteBalanceCheck } from '@/lib/verificationAlarm';
import { balanceCheck } from '@/testing/balanceChecks';
import { byRole, queryByRole } from '@/testing/byRole';
import { FAKE_BLOCK, fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { TEST_ADDRESS_0 } from '@/testing/vaultFixtures';
import { SendScreen } from './SendScreen';
import { EMPTY_FORM, sendFlowStore } from './sendFlowStore';

const poll = { timeout: 4_000, interval: 10 };
const HELD = 'Sending is held';
const UNDERSTAND = 'I understand the node may be lying, and still want to send';
const ME = TEST_ADDRESS_0.toLowerCase();
const ASSETS = { native: { symbol: 'ETH', decimals: 18 }, tokens: [] };

/** A check of the person's native balance at block 100, trusted by agreement: its one figure. */
const checkOf = (figure: FigureCheck): BalanceCheck => balanceCheck({ block: 100n, native: { [ME]: figure } });
const lieBy = (source: string) =>
  checkOf({ state: 'contradicted', claimed: 5n * 10n ** 18n, proven: 10n ** 18n, source });
const LIE = lieBy('http://node.test/');
const CLEAN = checkOf({ state: 'verified', block: 100n });

let wallet: TestWallet;
let networks: Network[] = [];
let unmount: () => void = () => undefined;
let lastLateRequest = Date.now();
beforeEach(async () => {
  wallet = await createTestWallet();
  networks = wallet.store.getState().networks;
  const node = fakeSimulationNode(
    (method) => {
      throw { code: -32601, message: `the method ${method} does not exist` };
    },
    { block: { ...FAKE_BLOCK }, chainId: 31337 },
  );
  vi.stubGlobal('fetch', node.fetch);
});
afterEach(() => {
  unmount();
  // The alarm store lives outside any wallet: a clean check on every network ends what a test raised.
  for (const network of networks) noteBalanceCheck(network, CLEAN, ASSETS);
  sendFlowStore.setState({ form: EMPTY_FORM, step: { name: 'form' } });
  wallet.close();
  // What the closed screen still had under way asks the node a moment later: refused here, never
  // sent to the network.
  vi.stubGlobal('fetch', async () => {
    lastLateRequest = Date.now();
    return Response.json({ jsonrpc: '2.0', id: 0, error: { code: -32000, message: 'closed' } });
  });
});
afterAll(async () => {
  // The real fetch comes back once nothing has asked for a while.
  for (let waited = 0; Date.now() - lastLateRequest < 200 && waited < 5_000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  vi.unstubAllGlobals();
});

const selected = () => selectedNetwork(wallet.store.getState());

function showSend() {
  unmount = renderInWallet(
    wallet,
    <MemoryRouter initialEntries={['/send']}>
      <SendScreen />
    </MemoryRouter>,
  ).unmount;
}

/** What Send shows: the hold, the form, or both (which would be a fault). */
function shown(): { held: boolean; form: boolean } {
  return { held: queryByRole('region', HELD) !== undefined, form: queryByRole('form', 'Send') !== undefined };
}

function note(network: Network, check: BalanceCheck) {
  flushSync(() => noteBalanceCheck(network, check, ASSETS));
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
    const other = networks.find((n) => n.id !== selected().id);
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
