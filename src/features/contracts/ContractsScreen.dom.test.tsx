// Contracts over a whole test wallet and a fake node (through fetch): every argument field refuses
// bad input next to itself with its reason, keeps what was typed, and nothing is sent; the
// decoder decodes calldata exactly, names an unknown selector and refuses what is not calldata.
// (That the local node refuses a function a contract lacks as a revert with no reason is
// readFunction.integration.test.ts.)
import { flushSync } from 'react-dom';
import { MemoryRouter, Route, Routes } from 'react-router';
import { encodeFunctionData, erc20Abi, getAddress, parseAbi } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendRequestStore } from '@/lib/send/sendRequest';
import { badChecksum } from '@/testing/badChecksum';
import { allByRole, byRole, queryByRole } from '@/testing/byRole';
import { FAKE_BLOCK, fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { ContractsScreen } from './ContractsScreen';
import { contractsStore } from './contractsStore';

const poll = { timeout: 4_000, interval: 10 };
const TOKEN = getAddress('0x73511669fd4de447fed18bb79bafeac93ab7f31f');
const someone = (n: number) => getAddress(`0x${n.toString(16).padStart(2, '0').repeat(20)}`);
const SEND_SHOWN = 'Send, with the request';

let wallet: TestWallet;
let node: ReturnType<typeof fakeSimulationNode>;
let unmount: () => void = () => undefined;
const fresh = contractsStore.getState();
beforeEach(async () => {
  wallet = await createTestWallet();
  // As the local node answers: the token has code, and a function it lacks reverts with no reason.
  node = fakeSimulationNode(
    (method) => {
      if (method === 'eth_getCode') return '0x6080604052';
      if (method === 'eth_call') throw { code: -32603, message: 'Error: Transaction reverted without a reason string' };
      throw { code: -32601, message: `the method ${method} does not exist` };
    },
    { block: { ...FAKE_BLOCK }, chainId: 31337 },
  );
  vi.stubGlobal('fetch', node.fetch);
  unmount = renderInWallet(
    wallet,
    <MemoryRouter initialEntries={['/contracts']}>
      <Routes>
        <Route path="/contracts" element={<ContractsScreen />} />
        <Route path="/send" element={<p>{SEND_SHOWN}</p>} />
      </Routes>
    </MemoryRouter>,
  ).unmount;
});
afterEach(() => {
  unmount();
  wallet.close();
  contractsStore.setState(fresh, true);
  vi.unstubAllGlobals();
});

/** The input or textarea labelled exactly `label` inside `within`. */
function field(label: string, within: ParentNode = document): HTMLInputElement | HTMLTextAreaElement {
  const found = [...within.querySelectorAll('label')].find((l) => l.textContent === label);
  const control = found && document.getElementById(found.htmlFor);
  if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement))
    throw new Error(`No field "${label}" in: ${document.body.textContent}`);
  return control;
}

/** Types into a field (or chooses an option of a select), as React hears it. */
function fill(control: HTMLInputElement | HTMLTextAreaElement, text: string) {
  const proto = control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  flushSync(() => {
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(control, text);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The error shown next to a field ('' when there is none), found through aria-describedby. */
function fieldError(control: Element): string {
  const id = (control.getAttribute('aria-describedby') ?? '').split(' ').find((i) => i.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
}

const press = (name: string, within: ParentNode = document) => flushSync(() => byRole('button', name, within).click());
const contractForm = () => byRole('form', 'Contract');
const addressField = () => field('Contract address', contractForm());
const functionsRegion = () => queryByRole('region', 'Functions');
const sendShown = () => document.body.textContent?.includes(SEND_SHOWN) ?? false;

type AbiChoice = { source: 'known'; standard: string } | { source: 'paste'; text: string };

/** Fills the address and the ABI source, then presses Load contract. */
function load(address: string, abi: AbiChoice) {
  fill(addressField(), address);
  const choices = byRole('group', 'ABI', contractForm());
  flushSync(() => byRole('radio', abi.source === 'known' ? 'Known standard' : 'Paste ABI', choices).click());
  if (abi.source === 'known') {
    const select = contractForm().querySelector('select') as HTMLSelectElement;
    const option = [...select.options].find((o) => o.textContent === abi.standard);
    flushSync(() => {
      select.value = option?.value ?? '';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
  }
  if (abi.source === 'paste') fill(field('ABI (JSON or one signature per line)', contractForm()), abi.text);
  press('Load contract', contractForm());
}

/** The form of a function, opened: `kind` is Read or Write, `id` its canonical signature. */
async function openFunction(kind: 'Read' | 'Write', id: string): Promise<HTMLElement> {
  const name = `${kind} ${id}`;
  if (!queryByRole('form', name)) {
    const group = byRole('region', new RegExp(`^${kind} \\(`));
    const summary = [...group.querySelectorAll('summary')].find((s) =>
      s.textContent?.startsWith(`${id.split('(')[0]}(`),
    );
    if (!summary) throw new Error(`No function ${id} in: ${group.textContent}`);
    flushSync(() => summary.click());
  }
  await expect.poll(() => queryByRole('form', name), poll).toBeDefined();
  return byRole<HTMLElement>('form', name);
}

describe('contract inputs', () => {
  it('refuses every bad input next to its field with its reason, keeping what was typed, and sends nothing', async () => {
    // A capital letter out of place in the address.
    const wrong = badChecksum(TOKEN);
    load(wrong, { source: 'known', standard: 'ERC-20 token' });
    await expect.poll(() => fieldError(addressField()), poll).toMatch(/do not match its checksum \(EIP-55\)/);
    expect(addressField().value).toBe(wrong);
    expect(functionsRegion()).toBeUndefined();

    // A pasted ABI with a syntax error on its second line.
    const brokenAbi =
      'function balanceOf(address owner) view returns (uint256)\nfunction transfer(address to uint256 value)';
    load(TOKEN, { source: 'paste', text: brokenAbi });
    const pasted = () => field('ABI (JSON or one signature per line)', contractForm());
    await expect.poll(() => fieldError(pasted()), poll).toMatch(/^Line 2: /);
    expect(pasted().value).toBe(brokenAbi);
    expect(functionsRegion()).toBeUndefined();

    // Whole numbers only, and no negative ones, for uint256.
    load(TOKEN, { source: 'known', standard: 'ERC-20 token' });
    await expect.poll(() => functionsRegion()?.textContent?.includes(TOKEN), poll).toBe(true);
    const transfer = await openFunction('Write', 'transfer(address,uint256)');
    fill(field('to (address)', transfer), someone(9));
    for (const [text, reason] of [
      ['-1', /^value: uint256 takes 0 to \d+; -1 is negative\.$/],
      ['1.5', /^value: uint256 takes whole numbers; "1\.5" has a decimal point/],
    ] as const) {
      fill(field('value (uint256)', transfer), text);
      press('Continue to review', transfer);
      await expect.poll(() => fieldError(field('value (uint256)', transfer)), poll).toMatch(reason);
      expect(field('value (uint256)', transfer).value).toBe(text);
      expect(sendShown()).toBe(false);
    }

    // bytes32 of the wrong length and a list that is never closed.
    const checks = 'function check(bytes32 digest, address[] signers) view returns (bool)\nfunction deposit() payable';
    load(TOKEN, { source: 'paste', text: checks });
    await expect.poll(() => queryByRole('region', /^Read \(/)?.textContent?.includes('check('), poll).toBe(true);
    const check = await openFunction('Read', 'check(bytes32,address[])');
    const digest = () => field('digest (bytes32)', check);
    const signers = () => field('signers (address[])', check);
    expect(check.textContent).toContain('such as ["0x…", "0x…"]');
    const malformed = `["${someone(1)}", "${someone(2)}"`;
    fill(digest(), '0x1234');
    fill(signers(), malformed);
    press('Read', check);
    await expect
      .poll(() => fieldError(digest()), poll)
      .toBe('digest: bytes32 needs exactly 32 bytes (64 hex digits); got 2 bytes.');
    expect(fieldError(signers())).toBe('signers: the [ at character 1 is never closed with ].');
    expect(digest().value).toBe('0x1234');
    expect(signers().value).toBe(malformed);
    expect(byRole('status', 'Result of check', check).textContent).toBe('');
    expect(node.asked.filter((a) => a.method === 'eth_call')).toEqual([]);

    // Well-formed values reach the node; the token has no such function, and the node's refusal is shown as a sentence.
    fill(digest(), `0x${'ab'.repeat(32)}`);
    fill(signers(), `["${someone(1)}"]`);
    press('Read', check);
    const couldNotRead = () =>
      allByRole('alert', undefined, check)
        .map((a) => a.textContent ?? '')
        .find((words) => words.startsWith('Could not read'));
    await expect
      .poll(couldNotRead, poll)
      .toBe(
        'Could not read check: The contract refused the call without giving a reason. If the ABI does not match this contract, it may have no function check(bytes32,address[]).',
      );
    expect(fieldError(digest())).toBe('');

    // The coin sent with a payable call is an amount in ETH, refused like Send refuses it.
    const deposit = await openFunction('Write', 'deposit()');
    const coins = () => field('Value in ETH', deposit);
    fill(coins(), '1e18');
    press('Continue to review', deposit);
    await expect.poll(() => fieldError(coins()), poll).toMatch(/without exponent notation/);
    expect(coins().value).toBe('1e18');
    expect(sendShown()).toBe(false);

    // Nothing was handed to Send, and nothing was sent to the node.
    expect(sendRequestStore.getState()).toMatchObject({ queued: [] });
    expect(node.asked.filter((a) => a.method.startsWith('eth_send'))).toEqual([]);
  }, 20_000);
});

describe('the calldata decoder', () => {
  const decoder = () => byRole('form', 'Decode calldata');
  const calldata = () => field('Calldata', decoder());
  const decoded = () => byRole('status', 'Decoded calldata');

  /** Decodes calldata; returns the decoded part's text and its argument rows. */
  async function decode(data: string) {
    fill(calldata(), data);
    press('Decode', decoder());
    await expect.poll(() => decoded().querySelector('p'), poll).not.toBeNull();
    const rows = [...decoded().querySelectorAll('dl > div')].map((row) => {
      const term = row.querySelector('dt')?.textContent?.trim() ?? '';
      const type = row.querySelector('dt code')?.textContent?.trim() ?? '';
      return {
        name: term.slice(0, term.length - type.length).trim(),
        type,
        value: row.querySelector('dd')?.textContent,
      };
    });
    return { text: decoded().textContent ?? '', rows };
  }

  it('decodes transfer calldata exactly, reports an unknown selector, and refuses what is not calldata', async () => {
    const to = someone(9);
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, 123_456_789_012_345_678_901n],
    });
    const transfer = await decode(data);
    expect(transfer.text).toContain('transfer(address to, uint256 value) returns (bool)');
    expect(transfer.text).toContain('selector 0xa9059cbb');
    expect(transfer.rows).toEqual([
      { name: 'to', type: 'address', value: to },
      { name: 'value', type: 'uint256', value: '123456789012345678901' },
    ]);

    const unknown = encodeFunctionData({
      abi: parseAbi(['function launch(uint256 when)']),
      functionName: 'launch',
      args: [1n],
    });
    expect((await decode(unknown)).text).toBe(
      `Unknown selector ${unknown.slice(0, 10)}: none of the standard ABIs (ERC-20, ERC-721, ERC-1155, WETH, Multicall3, Permit2) have a function with it.`,
    );

    fill(calldata(), '0xzz');
    press('Decode', decoder());
    await expect
      .poll(() => fieldError(calldata()), poll)
      .toBe('Calldata is hex: 0x followed by hex digits (0–9, a–f).');
    expect(calldata().value).toBe('0xzz');
  });
});
