// Offline signing and broadcasting, what is refused: raw transactions that cannot be sent (not
// hex, cut short, another chain, a high-s signature), every bad field of the offline form with
// its reason (keeping what was typed, signing nothing), and Broadcast through a node that is down
// or on another chain. The signing flows themselves are in offline.e2e.ts.
import {
  formatGwei,
  type Hex,
  parseEther,
  parseGwei,
  parseTransaction,
  recoverTransactionAddress,
  type TransactionSerializedEIP1559,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAddress } from '../devchain/seed.ts';
import { DEMO_MNEMONIC } from '../src/core/chain/localChain.ts';
import { type Message, renderMessage } from '../src/core/i18n/message.ts';
import { checkForNetwork } from '../src/core/offline/networkCheck.ts';
import type { OfflineTxField } from '../src/core/offline/offlineTx.ts';
import { decodeRawTransaction } from '../src/core/offline/rawTx.ts';
import { buildUnsignedTx, type UnsignedTxDraft } from '../src/core/offline/unsignedTx.ts';
import highS from '../src/testing/vectors/transactions/ethereum-tests/TransactionTests/ttRSValue/TransactionWithSvalueLargerThan_c_secp256k1n_x05.json';
import { AppShell } from './pages/AppShell.ts';
import { type OfflineField, Sign } from './pages/Sign.ts';
import { expectAccessibleInBothSchemes } from './support/axe.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, proxyOf, startEnvironment } from './support/environment.ts';
import { nodeClient, offlineFees } from './support/rpc.ts';

/** Demo account 1, the account the demo wallet opens on. */
const me = demoAddress(0);
/** Demo account 9 (index 8): not in the demo wallet, which holds the first three. */
const recipient = demoAddress(8);
const demoSigner = mnemonicToAccount(DEMO_MNEMONIC, { addressIndex: 0 });

/** The decoder's sentence for a raw transaction, or throws when it decodes. */
function decodeRefusal(text: string): string {
  try {
    decodeRawTransaction(text);
  } catch (error) {
    return (error as { shortMessage: string }).shortMessage;
  }
  throw new Error('the transaction decoded');
}

describe('offline signing and broadcast: what is refused', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment({ seed: false, proxy: true });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('refuses to broadcast what cannot be sent, with the reason: not hex, cut short, another chain, a high-s signature', async () => {
    const { maxFeePerGas, maxPriorityFeePerGas } = await offlineFees(env.chain.url);
    const transfer = {
      type: 'eip1559',
      nonce: 0,
      to: recipient,
      value: parseEther('1'),
      gas: 21_000n,
      maxFeePerGas,
      maxPriorityFeePerGas,
    } as const;
    const { page } = await demoWalletPage(env, { landOn: 'sign' });
    const sign = new Sign(page);
    await sign.openTool('Broadcast');
    const input = sign.field('Signed transaction (raw hex)');
    const send = sign.main.getByRole('button', { name: 'Send to Local chain' });

    const refusedAsInput = async (text: string, pattern: RegExp) => {
      await sign.decode(text);
      const expected = decodeRefusal(text);
      expect(expected).toMatch(pattern);
      await expect.poll(() => sign.errorOf(input)).toBe(expected);
      expect(await input.inputValue()).toBe(text);
      expect(await sign.decoded.count()).toBe(0);
      expect(await send.count()).toBe(0);
    };
    await refusedAsInput('send 1 ETH to bob', /"s" at position 1 is not a hex digit/);
    const signed = await demoSigner.signTransaction({ ...transfer, chainId: 31337 });
    await refusedAsInput(signed.slice(0, -8), /not a well-formed transaction/);
    const vector = Object.values(highS)[0] as { txbytes: string };
    await refusedAsInput(vector.txbytes, /upper half of the curve order/);

    // Signed for Ethereum (chain id 1): decoded and shown, but the local chain refuses it, naming both ids.
    const mainnet = await demoSigner.signTransaction({ ...transfer, chainId: 1 });
    await sign.decode(mainnet);
    const fields = await sign.decodedFields();
    expect(fields['Chain id']).toBe('1');
    expect(fields['From (recovered sender)']).toContain(me);
    const check = checkForNetwork(decodeRawTransaction(mainnet), 31337, 'Local chain');
    expect(check.ok).toBe(false);
    const refusal = check.ok ? '' : renderMessage(check.refusal);
    expect(refusal).toBe(
      'This transaction is signed for chain id 1, but the selected network (Local chain) is chain id 31337. It can only be sent to the network it was signed for.',
    );
    const alert = sign.main.getByRole('alert').filter({ hasText: /^Cannot be sent:/ });
    expect(await alert.textContent()).toBe(`Cannot be sent: ${refusal}`);
    expect(await send.isDisabled()).toBe(true);
    expect(await send.getAttribute('aria-describedby')).toBe('broadcast-refusal');

    // The good one decodes and may be sent; editing the text hides the old decoding.
    await sign.decode(signed);
    await expect.poll(() => send.isEnabled()).toBe(true);
    await input.fill(`${signed}00`);
    expect(await sign.decoded.count()).toBe(0);
  });

  it('refuses every bad field next to it with its reason, all at once, keeping what was typed and signing nothing', async () => {
    const { page } = await demoWalletPage(env, { landOn: 'sign' });
    const sign = new Sign(page);
    await sign.openTool('Offline transaction');
    const badChecksum = recipient.replace(/[A-F]/, (c) => c.toLowerCase());
    expect(badChecksum).not.toBe(recipient);
    const typed: Partial<Record<OfflineField, string>> = {
      chainId: '31337',
      nonce: '-1',
      to: badChecksum,
      value: '0.1234567890123456789',
      gasLimit: '20000',
      maxFee: '2',
      priorityFee: '3',
      accessList: '[{"address": "0x12"}]',
    };
    await sign.fillOffline(typed);
    await sign.offline.getByRole('button', { name: 'Sign offline' }).click();

    const draft = (values: Partial<Record<OfflineField, string>>): UnsignedTxDraft => ({
      type: 'eip1559',
      chainId: values.chainId ?? '',
      nonce: values.nonce ?? '',
      to: values.to ?? '',
      value: values.value ?? '',
      gasLimit: values.gasLimit ?? '',
      maxFeePerGas: values.maxFee ?? '',
      maxPriorityFeePerGas: values.priorityFee ?? '',
      data: values.data ?? '',
      accessList: values.accessList ?? '',
    });
    const coreNames: Record<Exclude<OfflineField, 'gasPrice'>, OfflineTxField> = {
      chainId: 'chainId',
      nonce: 'nonce',
      to: 'to',
      value: 'value',
      gasLimit: 'gasLimit',
      maxFee: 'maxFeePerGas',
      priorityFee: 'maxPriorityFeePerGas',
      data: 'data',
      accessList: 'accessList',
    };
    const shownErrors = async () => {
      const shown: Partial<Record<OfflineField, string>> = {};
      for (const name of Object.keys(coreNames) as (keyof typeof coreNames)[]) {
        const error = await sign.offlineError(name);
        if (error) shown[name] = error;
      }
      return shown;
    };
    const expectedErrors = (values: Partial<Record<OfflineField, string>>) => {
      const built = buildUnsignedTx(draft(values), 'ETH');
      const errors = built.ok ? {} : built.errors;
      return Object.fromEntries(
        Object.entries(coreNames)
          .map(([name, core]) => [name, errors[core]])
          .filter(([, error]) => error !== undefined)
          .map(([name, error]) => [name, renderMessage(error as Message | string)]),
      );
    };

    await expect.poll(() => sign.offlineError('gasLimit')).not.toBe('');
    expect(await shownErrors()).toEqual({
      nonce: 'The nonce is a whole number.',
      to: 'The capital letters in this address do not match its checksum (EIP-55). It probably has a typo: check it against the source.',
      value: expect.stringMatching(/decimal/),
      gasLimit: 'Every transaction needs at least 21,000 gas.',
      priorityFee: 'The priority fee (3 gwei) cannot be above the max fee (2 gwei).',
      accessList: expect.stringMatching(/^Access list entry 1/),
    });
    expect(await shownErrors()).toEqual(expectedErrors(typed));
    expect(await sign.offlineValues()).toEqual({ ...typed, data: '' });
    expect(await sign.signed.count()).toBe(0);
    // The focus is on the first field refused, so a keyboard user lands on it.
    expect(await sign.offlineField('nonce').evaluate((el) => el === document.activeElement)).toBe(true);
    // The access list sits in the Advanced disclosure, opened because it holds an error.
    expect(await sign.offline.locator('details').getAttribute('open')).not.toBeNull();

    // Only the fee left wrong: the other fields fixed, it alone is still refused.
    const fixed = { ...typed, nonce: '0', to: recipient, value: '0.5', gasLimit: '21000', accessList: '' };
    await sign.fillOffline(fixed);
    await sign.offline.getByRole('button', { name: 'Sign offline' }).click();
    await expect
      .poll(() => sign.offlineError('priorityFee'))
      .toBe('The priority fee (3 gwei) cannot be above the max fee (2 gwei).');
    expect(await shownErrors()).toEqual(expectedErrors(fixed));
    expect(Object.keys(await shownErrors())).toEqual(['priorityFee']);
    expect(await sign.offlineField('priorityFee').inputValue()).toBe('3');
    expect(await sign.signed.count()).toBe(0);

    // Fixed, it signs from the keyboard (Enter in a field), and the focus moves to the result.
    // A legacy transaction shows a gas price field instead of the two fees.
    await sign.field('Transaction type').selectOption('legacy');
    expect(await sign.offlineField('maxFee').count()).toBe(0);
    await sign.fillOffline({ gasPrice: '2' });
    await sign.offlineField('gasPrice').press('Enter');
    await sign.rawOutput.waitFor();
    const raw = ((await sign.rawOutput.textContent()) ?? '') as Hex;
    expect(parseTransaction(raw)).toMatchObject({ type: 'legacy', chainId: 31337, nonce: 0, gasPrice: parseGwei('2') });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Signed transaction');
  });

  it('signs with the node unreachable, and Broadcast refuses to send through a node that is down or on another chain', async () => {
    const proxy = proxyOf(env);
    const node = nodeClient(env.chain.url);
    const third = demoAddress(2);
    const nonce = await node.getTransactionCount({ address: third, blockTag: 'pending' });
    const { maxFeePerGas } = await offlineFees(env.chain.url);
    const { page } = await demoWalletPage(env);
    const shell = new AppShell(page);
    const sign = new Sign(page);
    proxy.setFault({ kind: 'drop' });
    await expect.poll(() => shell.statusText(), { timeout: 20_000 }).not.toContain('Connected');
    proxy.resetCounts();

    await sign.openTool('Offline transaction');
    await sign.field('Sign with').selectOption({ label: `Demo account 3 — ${third}` });
    await sign.fillOffline({
      nonce: String(nonce),
      to: recipient,
      value: '0.01',
      gasLimit: '21000',
      maxFee: formatGwei(maxFeePerGas),
      priorityFee: '1',
    });
    const raw = (await sign.signOffline()) as Hex;
    expect(await recoverTransactionAddress({ serializedTransaction: raw as TransactionSerializedEIP1559 })).toBe(third);
    expect(proxy.calls.eth_sendRawTransaction ?? 0).toBe(0);

    await sign.openTool('Broadcast');
    await sign.decode(raw);
    expect((await sign.decodedFields())['From (recovered sender)']).toContain(third);
    const send = sign.main.getByRole('button', { name: 'Send to Local chain' });
    const failure = sign.main.getByRole('alert').filter({ hasText: /was not sent\.$/ });
    await send.click();
    await expect
      .poll(() => failure.textContent(), { timeout: 20_000 })
      .toBe('The node could not be reached. The transaction was not sent.');

    // A node that now answers for another chain is refused before anything is sent.
    proxy.setFault({ kind: 'chainId', chainId: 1 });
    await send.click();
    await expect
      .poll(() => failure.textContent(), { timeout: 20_000 })
      .toBe('The node reports chain id 1, but this network is chain id 31337. The transaction was not sent.');
    expect(proxy.calls.eth_sendRawTransaction ?? 0).toBe(0);
    expect(await node.getTransactionCount({ address: third, blockTag: 'pending' })).toBe(nonce);

    // The node back: the same bytes go through.
    proxy.setFault({ kind: 'none' });
    await send.click();
    const status = page
      .getByRole('region', { name: 'Sent to Local chain', exact: true })
      .getByRole('status')
      .filter({ hasText: /^(Pending|Confirmed|Failed)/ });
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^Confirmed in block \d+\.$/);
    expect(proxy.calls.eth_sendRawTransaction).toBe(1);
    expect(await node.getTransactionCount({ address: third })).toBe(nonce + 1);
  });

  it('the offline and broadcast tools fit 360 px and pass axe light and dark, with results shown', async () => {
    const { page } = await demoWalletPage(env, { width: 360 });
    const sign = new Sign(page);
    const scan = async (what: string) => {
      await expectAccessibleInBothSchemes(page, what);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    };
    await sign.openTool('Offline transaction');
    await sign.offline.getByRole('button', { name: 'Sign offline' }).click();
    await expect.poll(() => sign.offlineError('nonce')).not.toBe('');
    await scan('offline: errors');
    const { maxFeePerGas } = await offlineFees(env.chain.url);
    await sign.fillOffline({
      nonce: '0',
      to: recipient,
      value: '0.5',
      gasLimit: '21000',
      maxFee: formatGwei(maxFeePerGas),
      priorityFee: '1',
    });
    await sign.offline.getByRole('button', { name: 'Save unsigned fields' }).click();
    const raw = await sign.signOffline();
    await scan('offline: signed');
    await sign.openTool('Broadcast');
    await sign.decode(raw);
    await sign.decoded.waitFor();
    await scan('broadcast: decoded');
    await sign.decode(`${raw.slice(0, 4)}zz`);
    await expect.poll(() => sign.errorOf(sign.field('Signed transaction (raw hex)'))).not.toBe('');
    await scan('broadcast: refused');
  });
});
