// The smart-account screen over a whole test wallet and a fake node (through fetch) of the local
// chain: a delegate whose code is not the published one is refused before anything is signed; a
// network without EIP-7702 offers no upgrade, and ZKsync Era says why without asking; a delegation to another contract is shown as a
// danger and undone through the review, as a type-4 transaction carrying an authorization to the
// zero address; the advanced choice holds Continue until its warning is ticked and names what is
// wrong with the address typed, keeping it; a Ledger's account says what it signs, a browser wallet's why it is never asked;
// while proofs contradict the node, the hold stands in place of the undo until acknowledged.
import { flushSync } from 'react-dom';
import { MemoryRouter, Route, Routes } from 'react-router';
import { type Address, encodeAbiParameters, getAddress, type Hex, parseTransaction } from 'viem';
import { recoverAuthorizationAddress } from 'viem/utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_NETWORK_ID } from '@/core/chain/networks';
import { DELEGATION_CONTRACTS } from '@/core/smartAccount/delegates';
import { alarmWith, changeAlarm } from '@/core/verify/alarm';
import { fakeSends, NOT_SENDING } from '@/testing/fakeSends';
import { FAKE_BLOCK, fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { alerts, button, checkbox, click, shows } from '@/testing/inDocument';
import { addKeysOutsideCairn } from '@/testing/keysOutsideCairn';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { TEST_ADDRESS_0, TEST_ADDRESS_1 } from '@/testing/vaultFixtures';
import { SmartAccountScreen } from './SmartAccountScreen';
import { SmartAccountSummary } from './SmartAccountSummary';

const ME = TEST_ADDRESS_0 as Address;
const OTHER = TEST_ADDRESS_1 as Address;
const FOREIGN: Address = getAddress('0xbad0000000000000000000000000000000000bad');
const poll = { timeout: 4_000, interval: 10 };

/** What the fake chain holds: code per address (none elsewhere), and whether it runs EIP-7702. */
let codes: Map<string, Hex>;
let runs7702: boolean;
/** How many times the node was asked whether it runs EIP-7702 (an eth_call carrying an authorization). */
let probed: number;
let sends: ReturnType<typeof fakeSends>;
const block = { ...FAKE_BLOCK };

/** The authorization lists the fee estimates carried. */
let estimated: RpcAuthorization[][];
type RpcAuthorization = { address: Address; chainId: Hex; nonce: Hex; r: Hex; s: Hex; yParity: Hex };

async function answer(method: string, params: unknown[]): Promise<unknown> {
  if (method === 'eth_estimateGas')
    estimated.push((params[0] as { authorizationList?: RpcAuthorization[] }).authorizationList ?? []);
  if (method === 'eth_getCode') return codes.get(String(params[0]).toLowerCase()) ?? '0x';
  if (method === 'eth_call') {
    // The support probe: a throwaway account authorizing the delegate, asked its NAME().
    const [call] = params as [{ authorizationList?: unknown[] }];
    if (call.authorizationList) probed += 1;
    if (call.authorizationList && runs7702)
      return encodeAbiParameters([{ type: 'string' }], ['EIP7702StatelessDeleGator']);
    return '0x';
  }
  const sending = await sends.answer(method, params);
  if (sending !== NOT_SENDING) return sending;
  throw { code: -32601, message: `the method ${method} does not exist` };
}

let wallet: TestWallet;
let unmount: () => void = () => undefined;
beforeEach(async () => {
  codes = new Map([[DELEGATION_CONTRACTS.delegator.toLowerCase(), '0x6000']]);
  runs7702 = true;
  probed = 0;
  estimated = [];
  sends = fakeSends(() => block);
  wallet = await createTestWallet();
  vi.stubGlobal('fetch', fakeSimulationNode(answer, { block, chainId: 31337 }).fetch);
});
afterEach(() => {
  unmount();
  wallet.close();
  vi.unstubAllGlobals();
});

function show(address: string) {
  unmount = renderInWallet(
    wallet,
    <MemoryRouter initialEntries={[`/accounts/${address}/smart-account`]}>
      <Routes>
        <Route path="/accounts/:address/smart-account" element={<SmartAccountScreen />} />
      </Routes>
    </MemoryRouter>,
  ).unmount;
}

/** Opens the advanced choice as a click on its summary does. */
function openAdvanced() {
  const details = document.querySelector('details') as HTMLDetailsElement;
  flushSync(() => {
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
  });
}

/** Types into the field labelled `label`, as React hears it. */
function type(label: string, text: string) {
  const id = [...document.querySelectorAll('label')].find((l) => l.textContent === label)?.htmlFor ?? '';
  const input = document.getElementById(id) as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  flushSync(() => {
    setter?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  return input;
}

describe('the smart-account screen', () => {
  it('refuses a delegate whose code is not the published deployment’s, before anything is signed', async () => {
    show(ME);
    await expect.poll(() => shows('Plain account'), poll).toBe(true);
    expect(shows('Consensys Diligence'), document.body.textContent ?? '').toBe(true);
    expect(shows('2026-05')).toBe(true);
    await expect.poll(() => button('Continue')?.disabled, poll).toBe(false);
    click('Continue');
    await expect.poll(() => alerts(), poll).toContain('is not the published deployment’s');
    expect(alerts()).toContain('Nothing was signed.');
    // Neither estimated nor sent: the authorization was never signed.
    expect(sends.sent).toEqual([]);
    expect(button('Confirm and send')).toBeUndefined();
  });

  it('offers no upgrade on a network without EIP-7702, and says so', async () => {
    runs7702 = false;
    show(ME);
    await expect.poll(() => shows('This network does not run EIP-7702'), poll).toBe(true);
    expect(button('Continue')).toBeUndefined();
    expect(probed).toBeGreaterThan(0);
  });

  it('on ZKsync Era says why there is no smart account, without asking its node', async () => {
    // A node that would say yes: the answer comes from the network's family, not from the node.
    vi.stubGlobal('fetch', fakeSimulationNode(answer, { block, chainId: 324 }).fetch);
    wallet.store.getState().selectNetwork('zksync');
    show(ME);
    await expect.poll(() => shows('Plain account'), poll).toBe(true);
    await expect
      .poll(() => shows('This is a ZKsync network (such as ZKsync Era): it has smart accounts of its own'), poll)
      .toBe(true);
    expect(shows('does not take Ethereum’s EIP-7702 delegations')).toBe(true);
    expect(shows('This network does not run EIP-7702')).toBe(false);
    expect(button('Continue')).toBeUndefined();
    expect(probed).toBe(0);
  });

  it('shows a delegation to another contract as a danger, and undoes it through the review', async () => {
    codes.set(ME.toLowerCase(), `0xef0100${FOREIGN.slice(2).toLowerCase()}`);
    show(ME);
    await expect.poll(() => alerts(), poll).toContain('Danger: this account is delegated to another contract');
    expect(alerts()).toContain(FOREIGN);
    click('Review the undo');
    await expect.poll(() => shows('The account’s code will be cleared') || alerts(), poll).toBe(true);
    expect(shows('Network fee')).toBe(true);
    // The fee was estimated with a stand-in's authorization: the account signed nothing before Confirm.
    const [standIn, ...more] = estimated.flat();
    if (!standIn) throw new Error('no authorization in the fee estimate');
    expect(more).toEqual([]);
    const { address, r, s } = standIn;
    const authority = await recoverAuthorizationAddress({
      authorization: {
        address,
        r,
        s,
        chainId: Number(standIn.chainId),
        nonce: Number(standIn.nonce),
        yParity: Number(standIn.yParity),
      },
    });
    expect(authority.toLowerCase()).not.toBe(ME.toLowerCase());
    expect(standIn.address.toLowerCase()).toBe('0x0000000000000000000000000000000000000000');
    click('Confirm and send');
    await expect.poll(() => sends.sent.length, poll).toBe(1);
    const raw = await sentRaw();
    const sent = parseTransaction(raw);
    expect(raw.startsWith('0x04')).toBe(true);
    expect(sent.to?.toLowerCase()).toBe(ME.toLowerCase());
    expect(sent.authorizationList).toMatchObject([{ address: '0x0000000000000000000000000000000000000000', nonce: 1 }]);
    await expect.poll(() => shows('Smart account upgrade undone'), poll).toBe(true);
  });

  it('shows the hold in place of the undo while sending is held, and the undo once acknowledged', async () => {
    codes.set(ME.toLowerCase(), `0xef0100${FOREIGN.slice(2).toLowerCase()}`);
    const local = { id: LOCAL_NETWORK_ID };
    const lie = { key: 'k', transaction: 't', problem: { id: 'common:hold.title' as const }, block: 1n, source: 's' };
    changeAlarm(local, (before) => alarmWith(before, { calls: [lie] }));
    try {
      show(ME);
      await expect.poll(() => shows('Sending is held'), poll).toBe(true);
      expect(button('Review the undo')).toBeUndefined();
      flushSync(() => checkbox('I understand the node may be lying, and still want to send')?.click());
      await expect.poll(() => button('Review the undo') !== undefined, poll).toBe(true);
      expect(shows('Sending is held')).toBe(false);
    } finally {
      changeAlarm(local, () => undefined);
    }
  });

  it('holds Continue on another delegate until its warning is ticked, and names what is wrong with the address', async () => {
    show(ME);
    await expect.poll(() => button('Continue')?.disabled, poll).toBe(false);
    openAdvanced();
    const input = type('Delegate contract address', '0x1234');
    expect(button('Continue')?.disabled).toBe(true);
    flushSync(() => checkbox('I understand this contract will control my account')?.click());
    expect(button('Continue')?.disabled).toBe(false);
    click('Continue');
    await expect.poll(() => alerts(), poll).toContain('this has 4.');
    expect(input.value).toBe('0x1234');

    type('Delegate contract address', FOREIGN);
    click('Continue');
    await expect.poll(() => alerts(), poll).toContain('There is no contract at');
    expect(alerts()).toContain('Nothing was signed.');
    expect(input.value).toBe(FOREIGN);
    expect(sends.sent).toEqual([]);
  });

  it('says what a Ledger signs before asking it, and why a browser wallet is never asked', async () => {
    const { ledger, browserWallet } = await addKeysOutsideCairn(wallet);
    show(ledger.address);
    await expect.poll(() => shows('only to a delegate on Ledger’s list'), poll).toBe(true);
    expect(button('Continue')).toBeDefined();
    unmount?.();
    show(browserWallet.address);
    await expect.poll(() => shows('Cairn does not ask yours'), poll).toBe(true);
    expect(button('Continue')).toBeUndefined();
  });
});

describe('an account’s smart-account line on its card', () => {
  function showCard(address: string) {
    const account = wallet.vault.store.getState().accounts.find((a) => a.address === address);
    if (!account) throw new Error('no test account');
    unmount = renderInWallet(
      wallet,
      <MemoryRouter>
        <SmartAccountSummary account={account} />
      </MemoryRouter>,
    ).unmount;
  }

  it('names the delegate an upgraded account points at, with the way to undo it', async () => {
    codes.set(ME.toLowerCase(), `0xef0100${DELEGATION_CONTRACTS.delegator.slice(2).toLowerCase()}`);
    showCard(ME);
    await expect.poll(() => shows('Smart account: MetaMask delegator v1.3.0 (0x63c0…E32B)'), poll).toBe(true);
    expect(document.querySelector('a')?.textContent).toBe('Undo the upgrade');
    expect(document.querySelector('a')?.getAttribute('href')).toBe(`/accounts/${ME}/smart-account`);
  });
});

describe('an account’s smart-account line, through a node the person did not choose', () => {
  it('reads the selected account only: another one’s address is not sent to that node', async () => {
    const node = fakeSimulationNode(answer, { block, chainId: 11_155_111 });
    vi.stubGlobal('fetch', node.fetch);
    wallet.store.getState().selectNetwork('sepolia');
    codes.set(OTHER.toLowerCase(), `0xef0100${FOREIGN.slice(2).toLowerCase()}`);
    codes.set(ME.toLowerCase(), `0xef0100${FOREIGN.slice(2).toLowerCase()}`);
    const [me, other] = ['', ''].map((_, i) => wallet.vault.store.getState().accounts[i]);
    if (!me || !other || me.address !== ME) throw new Error('no test accounts');
    unmount = renderInWallet(
      wallet,
      <MemoryRouter>
        <SmartAccountSummary account={me} />
        <SmartAccountSummary account={other} />
      </MemoryRouter>,
    ).unmount;
    await expect.poll(() => alerts(), poll).toContain('Danger');
    expect(document.querySelectorAll('[role=alert]')).toHaveLength(1);
    const named = node.asked.filter((a) =>
      JSON.stringify(a.params).toLowerCase().includes(OTHER.slice(2).toLowerCase()),
    );
    expect(named).toEqual([]);
  });
});

/** The raw transaction the node was sent (fakeSends keeps its hash; the record keeps the bytes). */
async function sentRaw(): Promise<Hex> {
  const records = await wallet.storage.transactions.forAccount(31337, ME);
  const raw = records[0]?.raw;
  if (!raw) throw new Error('no signed transaction stored');
  return raw;
}
