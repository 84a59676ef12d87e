// A site’s requests to a Safe account in Cairn’s window, over a test wallet and a fake node
// holding the Safe: eth_sendTransaction becomes a Safe transaction kept in Cairn (nothing signed
// or sent) and the site waits, to get the executing transaction's hash once the Safe's screen marks
// it executed, or the safeTxHash at once if the person chooses; personal_sign becomes a
// SignMessageLib Safe transaction (delegatecall), answered with the empty signature once executed;
// a proposal whose nonce another took is refused to the site.
import { type Address, decodeFunctionData, getAddress, type Hex, hashMessage, stringToHex, toHex } from 'viem';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_CHAIN_ID } from '@/core/chain/localChain';
import { fromStoredSafeTx, type PendingSafeTx } from '@/core/safe/pendingSafeTx';
import { signMessageLibAbi } from '@/core/safe/safeAbi';
import { type FakeSafe, onlySafes } from '@/testing/fakeSafeNode';
import { click } from '@/testing/inDocument';
import { siteWindowTests } from '@/testing/siteWindowTests';
import { named, TEST_ADDRESS_0, TEST_ADDRESS_1 } from '@/testing/vaultFixtures';
import { safeAddresses, safeRuntimeCode } from '../../../devchain/safe.ts';
import { approvalQueueView, poll } from './testing';

const SAFE: Address = getAddress('0x5afe00000000000000000000000000000000cafe');
const RECIPIENT: Address = getAddress('0x00000000000000000000000000000000000be11e');
let safes: FakeSafe[];
const safeNode = onlySafes(() => safes);

/** What the chain holds at Safe 1.4.1's canonical SignMessageLib and fallback handler: their published code. */
const at = safeAddresses();
const CODE = new Map([
  [at.SignMessageLib.toLowerCase(), safeRuntimeCode('SignMessageLib')],
  [at.CompatibilityFallbackHandler.toLowerCase(), safeRuntimeCode('CompatibilityFallbackHandler')],
]);

const t = siteWindowTests(approvalQueueView, {
  answer: (method, params) => {
    if (method === 'eth_getCode') return CODE.get(String(params[0]).toLowerCase()) ?? '0x';
    return safeNode(method, params);
  },
});

beforeEach(async () => {
  safes = [{ address: SAFE, owners: [TEST_ADDRESS_0 as Address, TEST_ADDRESS_1 as Address], threshold: 2, nonce: 7n }];
  await t.wallet.vault.add(
    undefined,
    named({
      address: SAFE,
      source: { kind: 'safe', chainId: LOCAL_CHAIN_ID, version: '1.4.1', l2: false },
      name: 'Team Safe',
    }),
  );
});

const kept = (): PendingSafeTx[] =>
  t.wallet.store.getState().safeTransactions.flatMap((s) => fromStoredSafeTx(s) ?? []);
const buttonNamed = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement | undefined;
/** Clicks `name` once the approve delay lets it. */
async function press(name: string) {
  await expect.poll(() => buttonNamed(name)?.disabled === false, poll).toBe(true);
  click(name);
}

describe('a site’s request to a Safe account', () => {
  it('proposes a transaction, keeps the site waiting, and answers the execution’s hash once executed', async () => {
    const site = t.open([SAFE]);
    const id = site.send('eth_sendTransaction', [{ from: SAFE, to: RECIPIENT, value: toHex(5n), data: '0x' }]);
    await press('Propose to the Safe');
    await expect.poll(() => kept().length, poll).toBe(1);
    const [proposal] = kept();
    expect(proposal).toMatchObject({ safe: SAFE, status: 'pending', site: 'https://app.example', signatures: [] });
    expect(proposal?.tx).toMatchObject({ to: RECIPIENT, value: 5n, operation: 0, nonce: 7n });
    expect(document.body.textContent).toContain('Keep this window open');
    expect(site.messages.some((m) => m.type === 'response' && m.id === id)).toBe(false);

    const execution = `0x${'ee'.repeat(32)}` as Hex;
    t.wallet.store.getState().markSafeTx(proposal as PendingSafeTx, 'executed', { hash: execution, from: SAFE });
    await expect
      .poll(() => site.messages.find((m) => m.type === 'response' && m.id === id), poll)
      .toMatchObject({
        result: execution,
      });
  });

  it('answers the safeTxHash at once when the person chooses', async () => {
    const site = t.open([SAFE]);
    const id = site.send('eth_sendTransaction', [{ from: SAFE, to: RECIPIENT, value: '0x0', data: '0x' }]);
    await press('Propose to the Safe');
    await expect.poll(() => kept().length, poll).toBe(1);
    await press('Return the Safe transaction hash');
    await expect
      .poll(() => site.messages.find((m) => m.type === 'response' && m.id === id), poll)
      .toMatchObject({
        result: kept()[0]?.safeTxHash,
      });
  });

  it('signs a message as the Safe through SignMessageLib, answering the empty signature once executed', async () => {
    const site = t.open([SAFE]);
    const id = site.send('personal_sign', [stringToHex('Hello from the Safe'), SAFE]);
    await press('Propose to the Safe');
    await expect.poll(() => kept().length, poll).toBe(1);
    const [proposal] = kept();
    expect(proposal?.tx.operation).toBe(1);
    const { args } = decodeFunctionData({ abi: signMessageLibAbi, data: proposal?.tx.data as Hex });
    expect(args).toEqual([hashMessage('Hello from the Safe')]);
    t.wallet.store.getState().markSafeTx(proposal as PendingSafeTx, 'executed');
    await expect
      .poll(() => site.messages.find((m) => m.type === 'response' && m.id === id), poll)
      .toMatchObject({
        result: '0x',
      });
  });

  it('refuses the request to the site when another transaction took the proposal’s nonce', async () => {
    const site = t.open([SAFE]);
    const id = site.send('eth_sendTransaction', [{ from: SAFE, to: RECIPIENT, value: '0x0', data: '0x' }]);
    await press('Propose to the Safe');
    await expect.poll(() => kept().length, poll).toBe(1);
    t.wallet.store.getState().markSafeTx(kept()[0] as PendingSafeTx, 'replaced');
    await expect
      .poll(() => site.messages.find((m) => m.type === 'response' && m.id === id), poll)
      .toMatchObject({
        error: { code: 4001, message: expect.stringContaining('took this one’s nonce') },
      });
  });

  it('signs no message when the Safe’s fallback handler is not Safe’s own code, saying why', async () => {
    const handler = at.CompatibilityFallbackHandler.toLowerCase();
    const code = CODE.get(handler);
    CODE.set(handler, '0x6000');
    try {
      const site = t.open([SAFE]);
      site.send('personal_sign', [stringToHex('Hello from the Safe'), SAFE]);
      await press('Propose to the Safe');
      await expect.poll(() => document.body.textContent, poll).toContain('cannot sign a message here');
      expect(kept()).toEqual([]);
    } finally {
      if (code) CODE.set(handler, code);
    }
  });
});
