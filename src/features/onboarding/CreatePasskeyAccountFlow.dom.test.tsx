// "Create a passkey account" over a test wallet and a fake node: the risk said before anything,
// the box to tick, a page without passkeys said in place; and, each refused in words with nothing
// stored or sent, a network whose delegate code is not the one Cairn builds, a node that does not
// apply EIP-7702 authorizations, a cancelled prompt, no authenticator, a paying account with
// nothing or too little for the fee. Where P256VERIFY does not answer, the review says so. An
// upgrade mined without making the account is said, lists nothing and is not sent again.

import { MemoryRouter } from 'react-router';
import { type Hex, keccak256, padHex } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { P256_VERIFY, P256_VERIFY_VALID } from '@/core/smartAccount/passkey/p256Precompile';
import { PASSKEY_VERIFIER_ADDRESS } from '@/core/smartAccount/passkey/passkeyDelegate.generated';
import { recordKeys } from '@/lib/queries/localKeys';
import { installFakeAuthenticator } from '@/testing/fakeAuthenticator';
import { fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { alerts, button, checkbox, click, shows } from '@/testing/inDocument';
import { passkeyDelegateRuntimes } from '@/testing/passkeyDelegateCode';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { CreatePasskeyAccountFlow } from './CreatePasskeyAccountFlow';

const poll = { timeout: 4_000, interval: 10 };

let wallet: TestWallet;
let unmount: () => void = () => undefined;
beforeEach(async () => {
  wallet = await createTestWallet();
  // Every address holds the same code, not the delegate's nor the verifier's.
  const node = fakeSimulationNode((method) => (method === 'eth_getCode' ? '0x6000' : '0x'), { chainId: 31337 });
  vi.stubGlobal('fetch', node.fetch);
});
afterEach(() => {
  unmount();
  wallet.close();
  vi.unstubAllGlobals();
});

function show() {
  unmount = renderInWallet(
    wallet,
    <MemoryRouter>
      <CreatePasskeyAccountFlow mode="add" onDone={() => undefined} onCancel={() => undefined} />
    </MemoryRouter>,
  ).unmount;
}

describe('creating a passkey account', () => {
  it('says the risk first, and asks for the box to be ticked before anything', async () => {
    installFakeAuthenticator();
    show();
    expect(shows('This account is exactly as recoverable as its passkeys.')).toBe(true);
    expect(shows('the funds in it are gone for good')).toBe(true);
    expect(shows('is then wiped for good')).toBe(true);
    expect(shows('Recovery phrases, their shares and vault backups do not protect it.')).toBe(true);
    click('Create the passkey');
    await expect
      .poll(() => alerts(), poll)
      .toContain('Tick the box above first: it says what happens when every passkey is lost.');
  });

  it('refuses a delegate whose code hash is not the known one, before any passkey is made, storing nothing', async () => {
    const authenticator = installFakeAuthenticator();
    show();
    const before = wallet.vault.store.getState().accounts.length;
    checkbox('I understand')?.click();
    click('Create the passkey');
    await expect.poll(() => alerts(), poll).toContain('Cairn will not make a passkey account with it');
    expect(authenticator.state.calls).toBe(0);
    expect(wallet.vault.store.getState().accounts.length).toBe(before);
    expect(button('Create the passkey')?.disabled).toBe(false);
  });

  it('says where passkeys are unavailable, and offers no Create', () => {
    show();
    expect(alerts()).toContain('This browser does not offer passkeys (WebAuthn) to this page.');
    expect(button('Create the passkey')?.disabled).toBe(true);
  });
});

type Call = { to?: string; data?: string; authorizationList?: unknown[] };

/**
 * A node where the delegate and verifier hold the code Cairn builds; `applies`: whether a call
 * with an authorization runs the delegate's code; `precompile`: whether P256VERIFY answers.
 */
async function passkeyNode(options: { applies?: boolean; precompile?: boolean; balance?: bigint } = {}) {
  const { applies = true, precompile = true, balance } = options;
  const runtimes = await passkeyDelegateRuntimes();
  const node = fakeSimulationNode(
    (method, params) => {
      if (method === 'eth_getCode') return runtimes.get(String(params[0]).toLowerCase()) ?? '0x';
      if (method === 'eth_call') {
        const call = params[0] as Call;
        if (call.authorizationList?.length) return applies ? padHex(PASSKEY_VERIFIER_ADDRESS) : '0x';
        const answers = precompile && call.to?.toLowerCase() === P256_VERIFY && call.data === P256_VERIFY_VALID;
        return answers ? padHex('0x01') : '0x';
      }
      if (method === 'eth_estimateGas') return '0x15000';
      if (method === 'eth_getTransactionCount') return '0x0';
      if (method === 'eth_maxPriorityFeePerGas') return '0x3b9aca00';
      if (method === 'eth_sendRawTransaction') return keccak256(params[0] as Hex);
      return new Error(`the fake node does not answer ${method}`);
    },
    { chainId: 31337, ...(balance === undefined ? {} : { balance }) },
  );
  vi.stubGlobal('fetch', node.fetch);
  return node;
}

/** Ticks the box and asks for the passkey; the vault's accounts before. */
function createPasskey(): number {
  const before = wallet.vault.store.getState().accounts.length;
  checkbox('I understand')?.click();
  click('Create the passkey');
  return before;
}

const sent = (asked: { method: string }[]) => asked.filter((a) => a.method.startsWith('eth_sendRaw')).length;

describe('creating a passkey account, refused in words with nothing stored or sent', () => {
  it('a node that does not apply EIP-7702 authorizations: no passkey made', async () => {
    const node = await passkeyNode({ applies: false });
    const authenticator = installFakeAuthenticator();
    show();
    const before = createPasskey();
    await expect.poll(() => alerts(), poll).toContain('This network does not run EIP-7702');
    expect(authenticator.state.calls).toBe(0);
    expect(wallet.vault.store.getState().accounts.length).toBe(before);
    expect(sent(node.asked)).toBe(0);
  });

  it('a cancelled prompt, and a device with no authenticator: each said, nothing stored or sent', async () => {
    const node = await passkeyNode();
    const authenticator = installFakeAuthenticator('cancel');
    show();
    const before = createPasskey();
    await expect.poll(() => alerts(), poll).toContain('No passkey was used: the prompt was closed or timed out.');
    authenticator.state.platform = false;
    click('Create the passkey');
    await expect.poll(() => alerts(), poll).toContain('No authenticator answered');
    expect(authenticator.state.calls).toBe(2);
    expect(wallet.vault.store.getState().accounts.length).toBe(before);
    expect(sent(node.asked)).toBe(0);
    expect(button('Create the passkey')?.disabled).toBe(false);
  });

  it('a paying account holding nothing: said before any passkey is made', async () => {
    const node = await passkeyNode({ balance: 0n });
    const authenticator = installFakeAuthenticator();
    show();
    const before = createPasskey();
    await expect.poll(() => alerts(), poll).toContain('to pay the gas. Fund it, or choose another paying account.');
    expect(authenticator.state.calls).toBe(0);
    expect(wallet.vault.store.getState().accounts.length).toBe(before);
    expect(sent(node.asked)).toBe(0);
  });

  it('a paying account holding less than the fee: said, nothing stored or sent', async () => {
    const node = await passkeyNode({ balance: 1_000n });
    installFakeAuthenticator();
    show();
    const before = createPasskey();
    await expect.poll(() => alerts(), poll).toContain('holds too little to pay this transaction’s network fee');
    expect(wallet.vault.store.getState().accounts.length).toBe(before);
    expect(sent(node.asked)).toBe(0);
  });
});

describe('a network whose P256VERIFY does not answer the known vector', () => {
  it('reaches the review, which says so and names the higher gas', async () => {
    const node = await passkeyNode({ precompile: false });
    installFakeAuthenticator();
    show();
    createPasskey();
    await expect.poll(() => shows('Review the passkey account’s upgrade'), poll).toBe(true);
    expect(alerts()).toContain('did not answer the known test vector');
    expect(alerts()).toContain('about 240,000 more gas');
    expect(sent(node.asked)).toBe(0);
  });

  it('where it answers, the review says nothing of it', async () => {
    await passkeyNode();
    installFakeAuthenticator();
    show();
    createPasskey();
    await expect.poll(() => shows('Review the passkey account’s upgrade'), poll).toBe(true);
    expect(alerts()).not.toContain('P256VERIFY');
  });
});

describe('an upgrade mined without making the account', () => {
  it('is said, lists nothing, and is not sent again', async () => {
    const node = await passkeyNode();
    installFakeAuthenticator();
    show();
    const before = createPasskey();
    await expect.poll(() => shows('Review the passkey account’s upgrade'), poll).toBe(true);
    click('Send the upgrade');
    await expect.poll(() => sent(node.asked), poll).toBe(1);
    const [record] = (await wallet.storage.transactions.forChain(31337)).filter((r) => r.kind === 'account-upgrade');
    if (!record) throw new Error('no upgrade record stored');
    // Mined and reverted: the account is not upgraded.
    await wallet.storage.transactions.put({
      ...record,
      status: 'failed',
      blockNumber: 7n,
      revision: record.revision + 1,
    });
    await wallet.queries.invalidateQueries({ queryKey: recordKeys.all });
    await expect.poll(() => alerts(), poll).toContain('The upgrade did not go through');
    expect(alerts()).toContain('never send anything to its address');
    expect(wallet.vault.store.getState().accounts.length).toBe(before);
    expect(button('Send the upgrade')?.disabled).toBe(true);
    expect(sent(node.asked)).toBe(1);
  });
});
