// A site's wallet_sendCalls with atomicRequired in Cairn's window, over a whole test wallet and a
// fake node: from an upgraded account, one transaction to the account itself runs every call, and
// the site reads it back atomic with one receipt; a plain account is first asked to upgrade
// (declining answers 5750, and consenting checks the delegate's code before anything is signed);
// a call failing in the preview holds Confirm, since it would revert them all; an account
// delegated elsewhere cannot, and declining tells the site why (5760). The grant the window sends
// says the account's atomic capability.
import { type Address, decodeFunctionData, encodeFunctionResult, type Hex, parseAbi, toHex } from 'viem';
import { beforeEach, describe, expect, it } from 'vitest';
import { DELEGATION_CONTRACTS } from '@/core/smartAccount/delegates';
import { fakeSends, NOT_SENDING } from '@/testing/fakeSends';
import { alerts, approveAsleep, button, checkbox, click, heading, shows } from '@/testing/inDocument';
import { siteWindowTests } from '@/testing/siteWindowTests';
import { TEST_ADDRESS_0 } from '@/testing/vaultFixtures';
import { approvalQueueView, poll } from './testing';

const ME = TEST_ADDRESS_0 as Address;
const FIRST: Address = '0x1000000000000000000000000000000000000001';
const SECOND: Address = '0x2000000000000000000000000000000000000002';
const OTHER_DELEGATE: Address = '0x3000000000000000000000000000000000000003';
const CALLS = [
  { to: FIRST, value: '0x0', data: '0x01' },
  { to: SECOND, value: '0x0', data: '0x02' },
];
const designator = (delegate: Address): Hex => `0xef0100${delegate.slice(2).toLowerCase()}`;
const nameAbi = parseAbi(['function NAME() view returns (string)']);
const executeAbi = parseAbi(['function execute(bytes32 mode, bytes executionCalldata)']);

let sends: ReturnType<typeof fakeSends>;
/** The code at the person's account: none (plain), or a delegation designator. */
let myCode: Hex;
/** Whether the preview finds the second call failing. */
let secondFails: boolean;

async function answer(method: string, params: unknown[]): Promise<unknown> {
  if (method === 'eth_getCode' && String(params[0]).toLowerCase() === ME.toLowerCase()) return myCode;
  // The chain's EIP-7702 support: a throwaway account delegated to the delegate answers its NAME().
  if (method === 'eth_call' && (params[0] as { authorizationList?: unknown }).authorizationList)
    return encodeFunctionResult({ abi: nameAbi, functionName: 'NAME', result: 'EIP7702StatelessDeleGator' });
  const sending = await sends.answer(method, params);
  if (sending !== NOT_SENDING) return sending;
  if (method !== 'eth_simulateV1') throw { code: -32601, message: `the method ${method} does not exist` };
  const [{ blockStateCalls }] = params as [{ blockStateCalls: { calls: { to?: string }[] }[] }];
  const calls = blockStateCalls[0]?.calls ?? [];
  // The batch's one transaction, to the account itself, fails with its second call; apart, the second fails.
  const oneTransaction = calls.length === 1 && calls[0]?.to?.toLowerCase() === ME.toLowerCase();
  const fails = (i: number) => secondFails && (oneTransaction || i === 1);
  return [
    {
      calls: calls.map((_, i) => ({
        status: fails(i) ? '0x0' : '0x1',
        gasUsed: toHex(50_000n),
        returnData: '0x',
        logs: [],
        ...(fails(i) ? { error: { code: 3, message: 'execution reverted' } } : {}),
      })),
    },
  ];
}

const t = siteWindowTests(approvalQueueView, { answer });
beforeEach(() => {
  sends = fakeSends(() => t.block);
  myCode = '0x';
  secondFails = false;
});

/** The site asks for both calls, all or none; its request's id. */
function askAtomically() {
  const site = t.open([ME], { atomic: true });
  const id = site.send('wallet_sendCalls', [
    { version: '2.0.0', from: ME, chainId: '0x7a69', atomicRequired: true, calls: CALLS },
  ]);
  return { site, id };
}

const lastGrant = (site: ReturnType<typeof t.open>) =>
  site.messages.flatMap((m) => (m.type === 'grant' ? [m.grant] : [])).at(-1);
const lastStatus = (site: ReturnType<typeof t.open>) =>
  site.messages.flatMap((m) => (m.type === 'calls' ? [m.calls] : [])).at(-1);
const ready = (name: string) => !approveAsleep() && button(name)?.disabled === false;

describe('a site’s batch that must run atomically, in Cairn’s window', { timeout: 30_000 }, () => {
  it('sends every call of an upgraded account in one transaction to itself, and the site reads one receipt, atomic', async () => {
    myCode = designator(DELEGATION_CONTRACTS.delegator);
    const { site, id } = askAtomically();
    await expect.poll(heading, poll).toBe('Send these 2 calls in one transaction?');
    await expect.poll(() => lastGrant(site)?.atomic, poll).toEqual({ '0x7a69': { [ME.toLowerCase()]: 'supported' } });
    // The gas of the one transaction beside that of two apart (the preview's 50,000 each).
    await expect.poll(() => shows('against about 100,000 as 2 separate transactions'), poll).toBe(true);
    await expect.poll(() => ready('Confirm and send'), poll).toBe(true);
    click('Confirm and send');
    await expect.poll(() => site.answer(id), poll).toMatchObject({ result: { id: expect.stringMatching(/^0x/) } });
    expect(sends.sent).toHaveLength(1);
    const [sent] = sends.sent;
    expect(sent?.to?.toLowerCase()).toBe(ME.toLowerCase());
    expect(decodeFunctionData({ abi: executeAbi, data: sent?.data ?? '0x' }).functionName).toBe('execute');
    expect(lastStatus(site)).toMatchObject({
      status: 200,
      atomic: true,
      total: 1,
      hashes: [sent?.hash],
      receipts: [expect.objectContaining({ transactionHash: sent?.hash, status: '0x1' })],
    });
  });

  it('asks a plain account to upgrade first, and declining tells the site so (5750), nothing signed or sent', async () => {
    const { site, id } = askAtomically();
    await expect.poll(heading, poll).toBe('Upgrade your account to send these 2 calls in one transaction?');
    await expect.poll(() => lastGrant(site)?.atomic, poll).toEqual({ '0x7a69': { [ME.toLowerCase()]: 'ready' } });
    expect(shows(DELEGATION_CONTRACTS.delegator)).toBe(true);
    expect(shows('Cairn checks that the code at the delegate’s address is MetaMask’s published deployment')).toBe(true);
    click('Decline');
    expect(site.answer(id)).toMatchObject({ error: { code: 5750 } });
    expect(sends.sent).toEqual([]);
  });

  it('checks the delegate’s code once the person consents, and signs and sends nothing when it is not the published one', async () => {
    // The fake node holds other code at the delegate's address than MetaMask's deployment.
    const { site, id } = askAtomically();
    await expect.poll(() => ready('Upgrade and review'), poll).toBe(true);
    click('Upgrade and review');
    await expect.poll(heading, poll).toBe('Send these 2 calls in one transaction?');
    await expect.poll(alerts, poll).toContain('not the published deployment’s');
    expect(button('Upgrade and send')?.disabled).toBe(true);
    expect(sends.sent).toEqual([]);
    expect(site.answer(id)).toBeUndefined();
  });

  it('holds Confirm when a call fails in the preview: the whole batch would revert', async () => {
    myCode = designator(DELEGATION_CONTRACTS.delegator);
    secondFails = true;
    askAtomically();
    await expect.poll(alerts, poll).toContain('Call 2 of 2 fails in the preview, so the whole batch would revert');
    await expect.poll(() => approveAsleep(), poll).toBe(false);
    // Nothing to acknowledge, as a batch sent call by call offers: Cairn does not send it.
    expect(checkbox('I understand it would fail')).toBeUndefined();
    expect(button('Confirm and send')?.disabled).toBe(true);
  });

  it('says why an account delegated elsewhere cannot, and declining tells the site why (5760)', async () => {
    myCode = designator(OTHER_DELEGATE);
    const { site, id } = askAtomically();
    await expect.poll(alerts, poll).toContain('delegated to another contract');
    expect(button('Confirm and send all 2')?.disabled).toBe(true);
    expect(lastGrant(site)?.atomic ?? {}).toEqual({});
    click('Decline');
    expect(site.answer(id)).toMatchObject({
      error: { code: 5760, message: expect.stringContaining(OTHER_DELEGATE) },
    });
    expect(sends.sent).toEqual([]);
  });
});
