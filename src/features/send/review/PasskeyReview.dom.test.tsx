// The review of a passkey account's transaction over a test wallet and a fake node: what the
// passkey's signature authorises (each call, its value and data, the network and its chain id),
// who pays (the person's other accounts to choose from), and a network whose delegate code is
// not the one Cairn builds refused in words, Confirm held back and no passkey asked.
import { getAddress, parseEther } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account, PasskeyAccountSource } from '@/core/accounts/account';
import { installFakeAuthenticator } from '@/testing/fakeAuthenticator';
import { fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { alerts, button, shows } from '@/testing/inDocument';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import type { BatchTransfer } from '../sendFlowStore';
import { PasskeyReview } from './PasskeyReview';

const ACCOUNT = getAddress('0x00000000000000000000000000000000000a11ce');
const RECIPIENT = getAddress('0x000000000000000000000000000000000000b0b0');
const TOKEN = getAddress('0x0000000000000000000000000000000000000ec2');
const poll = { timeout: 4_000, interval: 10 };
const source: PasskeyAccountSource = {
  kind: 'passkeyAccount',
  chainId: 31337,
  credentials: [{ id: 'AQID', publicKey: { x: `0x${'11'.repeat(32)}`, y: `0x${'22'.repeat(32)}` }, name: 'Phone' }],
};
const native = { kind: 'native' as const, symbol: 'ETH', decimals: 18 };
const transfers: BatchTransfer[] = [
  {
    id: 'a',
    call: { to: RECIPIENT, value: parseEther('1'), data: '0x' },
    intent: { asset: native, amount: parseEther('1'), recipient: RECIPIENT },
    recipientName: undefined,
  },
  {
    id: 'b',
    call: { to: TOKEN, value: 0n, data: '0xa9059cbb' },
    intent: { asset: native, amount: 0n, recipient: TOKEN },
    recipientName: undefined,
    callName: 'transfer',
  },
];

let wallet: TestWallet;
let unmount: () => void = () => undefined;
beforeEach(async () => {
  const node = fakeSimulationNode((method) => (method === 'eth_getCode' ? '0x6000' : '0x'), { chainId: 31337 });
  vi.stubGlobal('fetch', node.fetch);
  wallet = await createTestWallet();
  await wallet.vault.add(undefined, [{ address: ACCOUNT, name: 'Passkey vault', source }]);
});
afterEach(() => {
  unmount();
  wallet.close();
  vi.unstubAllGlobals();
});

function show() {
  const account = wallet.vault.store.getState().accounts.find((a) => a.source.kind === 'passkeyAccount');
  if (!account) throw new Error('no passkey account');
  unmount = renderInWallet(
    wallet,
    <PasskeyReview account={account as Account & { source: PasskeyAccountSource }} transfers={transfers} />,
  ).unmount;
}

describe('the review of a passkey account’s transaction', () => {
  it('shows what the passkey authorises: each call, its value and data, the network and who pays', () => {
    installFakeAuthenticator();
    show();
    const text = document.body.textContent ?? '';
    expect(text).toContain('Calls the passkey signs, in this order');
    const calls = [...document.querySelectorAll('li')]
      .map((li) => li.textContent ?? '')
      .filter((t) => t.startsWith('To '));
    expect(calls).toHaveLength(2);
    for (const part of [RECIPIENT, 'value 1 ETH', 'no data']) expect(calls[0]).toContain(part);
    for (const part of [TOKEN, 'value 0 ETH', '4 bytes of data', '0xa9059cbb']) expect(calls[1]).toContain(part);
    expect(text).toContain('Local chain (chain 31337)');
    expect(text).toContain('it runs once, on this chain only');
    const payers = [...document.querySelectorAll('option')].map((o) => o.textContent);
    expect(payers.some((p) => p?.startsWith('Account 1'))).toBe(true);
    expect(payers.some((p) => p?.startsWith('Passkey vault'))).toBe(false);
  });

  it('refuses a delegate whose code hash is not the known one: Confirm held, no passkey asked', async () => {
    const authenticator = installFakeAuthenticator();
    show();
    await expect.poll(() => alerts(), poll).toContain('is not the one Cairn builds');
    expect(button('Approve with a passkey and send')?.disabled).toBe(true);
    expect(authenticator.state.calls).toBe(0);
    expect(shows('What the passkey signs')).toBe(false);
  });
});
