// Offline signing and broadcasting: a transaction built and signed with the page cut off from
// every network (no request may leave), checked byte for byte in Node with viem, then pasted into
// Broadcast, decoded, sent to the local chain and followed until confirmed. Also: unsigned fields
// imported from a file, and every bad field, file and raw transaction refused with its reason.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  formatGwei,
  getAddress,
  type Hex,
  keccak256,
  pad,
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
import type { OfflineTx, OfflineTxField } from '../src/core/offline/offlineTx.ts';
import { decodeRawTransaction } from '../src/core/offline/rawTx.ts';
import { parseUnsignedFile, serializeUnsignedFile } from '../src/core/offline/unsignedFile.ts';
import { buildUnsignedTx, type UnsignedTxDraft } from '../src/core/offline/unsignedTx.ts';
import highS from '../src/testing/vectors/transactions/ethereum-tests/TransactionTests/ttRSValue/TransactionWithSvalueLargerThan_c_secp256k1n_x05.json';
import { AppShell } from './pages/AppShell.ts';
import { Onboarding } from './pages/Onboarding.ts';
import { type OfflineField, Sign } from './pages/Sign.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { qrText } from './support/qrPictures.ts';
import { nodeClient } from './support/rpc.ts';

/** Demo account 1, the account the demo wallet opens on. */
const me = demoAddress(0);
/** Demo account 2, also in the demo wallet. */
const second = demoAddress(1);
/** Demo account 9 (index 8): not in the demo wallet, which holds the first three. */
const recipient = demoAddress(8);
const demoSigner = mnemonicToAccount(DEMO_MNEMONIC, { addressIndex: 0 });

/** The sentence the core gives for a file, or throws when the file is accepted. */
function fileRefusal(text: string): string {
  try {
    parseUnsignedFile(text);
  } catch (error) {
    return (error as { shortMessage: string }).shortMessage;
  }
  throw new Error('the file was accepted');
}

/** The decoder's sentence for a raw transaction, or throws when it decodes. */
function decodeRefusal(text: string): string {
  try {
    decodeRawTransaction(text);
  } catch (error) {
    return (error as { shortMessage: string }).shortMessage;
  }
  throw new Error('the transaction decoded');
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  return { name: file.suggestedFilename(), text: readFileSync((await file.path()) ?? '', 'utf8') };
}

describe('offline signing and broadcast', () => {
  let env: Environment;
  let dir: string;
  beforeAll(async () => {
    env = await startEnvironment({ seed: false, proxy: true });
    dir = mkdtempSync(join(tmpdir(), 'cairn-offline-e2e-'));
  });
  afterAll(async () => {
    await env?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Fees comfortably above the node's base fee, as an offline signer would copy them from a fee tracker. */
  async function fees() {
    const block = await nodeClient(env.chain.url).getBlock();
    const maxFeePerGas = (block.baseFeePerGas ?? 0n) * 2n + parseGwei('2');
    return { maxFeePerGas, maxPriorityFeePerGas: parseGwei('1.5') };
  }

  it('signs a transfer with the page cut off from every network, then broadcasts those bytes and sees them confirmed', async () => {
    const node = nodeClient(env.chain.url);
    const nonce = await node.getTransactionCount({ address: me, blockTag: 'pending' });
    const { maxFeePerGas, maxPriorityFeePerGas } = await fees();
    const { page, context, consoleErrors } = await demoWalletPage(env);
    const sign = new Sign(page);
    await sign.openTool('Offline transaction');
    expect(await sign.offlineField('chainId').inputValue()).toBe('31337');
    expect(await sign.offline.textContent()).toContain('contacts no node, looks nothing up and sends nothing');

    // Cut off: the browser is offline and any request that still tries is aborted and recorded.
    const leaked: string[] = [];
    const afterwards: string[] = [];
    let offline = false;
    page.on('request', (request) => {
      const line = `${request.method()} ${request.url()} ${request.postData() ?? ''}`;
      (offline ? leaked : afterwards).push(line);
    });
    await page.route('**/*', (route) => route.abort('internetdisconnected'));
    await context.setOffline(true);
    // From when the page knows it is offline (a head poll already on its way before may still show up).
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const settled = () => setTimeout(resolve, 0);
          if (navigator.onLine) addEventListener('offline', settled, { once: true });
          else settled();
        }),
    );
    offline = true;

    await sign.fillOffline({
      nonce: String(nonce),
      to: recipient,
      value: '0.5',
      gasLimit: '21000',
      maxFee: formatGwei(maxFeePerGas),
      priorityFee: formatGwei(maxPriorityFeePerGas),
    });
    expect(await sign.field('Sign with').locator('option:checked').textContent()).toMatch(/^Demo account 1 /);
    const raw = (await sign.signOffline()) as Hex;
    expect(raw).toMatch(/^0x02[0-9a-f]+$/);
    const signedText = (await sign.signed.textContent()) ?? '';
    expect(signedText).toContain('nothing was sent');
    expect(signedText).toContain(me);
    expect(signedText).toContain(keccak256(raw));
    // The QR code carries exactly the raw hex, and so does the downloaded file.
    expect(await qrText(sign.signed.getByRole('img', { name: 'QR code of the signed transaction' }))).toBe(raw);
    const file = await downloaded(page, () =>
      sign.signed.getByRole('button', { name: 'Download signed transaction' }).click(),
    );
    expect(file.name).toMatch(/^cairn-signed-tx-[0-9a-f]{8}\.txt$/);
    expect(file.text).toBe(raw);
    expect(leaked).toEqual([]);

    // In Node: the bytes say what was typed, and were signed by Demo account 1.
    const parsed = parseTransaction(raw);
    expect(parsed).toMatchObject({
      type: 'eip1559',
      chainId: 31337,
      nonce,
      value: parseEther('0.5'),
      gas: 21000n,
      maxFeePerGas,
      maxPriorityFeePerGas,
    });
    expect(getAddress(parsed.to ?? '')).toBe(recipient);
    expect(parsed.data ?? '0x').toBe('0x');
    expect(await recoverTransactionAddress({ serializedTransaction: raw as TransactionSerializedEIP1559 })).toBe(me);

    // Back online: paste the bytes into Broadcast, check what they do, send them.
    offline = false;
    await page.unroute('**/*');
    await context.setOffline(false);
    await sign.openTool('Broadcast');
    await sign.decode(raw);
    const fields = await sign.decodedFields();
    expect(fields.Type).toBe('Dynamic fee (type 2, EIP-1559)');
    expect(fields['Chain id']).toBe('31337');
    expect(fields.Nonce).toBe(String(nonce));
    expect(fields['From (recovered sender)']).toBe(`${me}Demo account 1, an account of this wallet`);
    expect(fields.To).toBe(recipient);
    expect(fields.Value).toBe('0.5 ETH500000000000000000 wei');
    expect(fields['Gas limit']).toMatch(/^21,000at least 21,000 is used/);
    expect(fields['Max fee per gas']).toBe(`${formatGwei(maxFeePerGas)} gwei${maxFeePerGas} wei`);
    expect(fields['Priority fee per gas']).toBe(`1.5 gwei${parseGwei('1.5')} wei`);
    expect(fields.Data).toBe('None (0 bytes)');
    expect(fields['Access list']).toBe('Empty');
    expect(fields['Transaction hash']).toBe(keccak256(raw));

    const before = await node.getBalance({ address: recipient });
    afterwards.length = 0;
    await sign.main.getByRole('button', { name: 'Send to Local chain' }).click();
    const sent = page.getByRole('region', { name: 'Sent to Local chain', exact: true });
    const status = sent.getByRole('status').filter({ hasText: /^(Pending|Confirmed|Failed)/ });
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^Confirmed in block \d+\.$/);
    const receipt = await node.getTransactionReceipt({ hash: keccak256(raw) });
    expect(receipt.status).toBe('success');
    expect(await status.textContent()).toBe(`Confirmed in block ${receipt.blockNumber}.`);
    expect((await node.getBalance({ address: recipient })) - before).toBe(parseEther('0.5'));
    // The recorder that saw nothing while offline does see the broadcast once online.
    expect(
      afterwards.filter((line) => line.includes('eth_sendRawTransaction') && line.includes(raw.slice(2))),
    ).toHaveLength(1);
    expect(await sent.textContent()).toContain(keccak256(raw));
    expect(await sent.getByRole('link', { name: 'Open the transaction page' }).getAttribute('href')).toContain(
      keccak256(raw),
    );
    expect(consoleErrors).toEqual([]);
  });

  it('carries unsigned fields and the signed transaction between devices as photos of QR codes', async () => {
    const node = nodeClient(env.chain.url);
    const nonce = await node.getTransactionCount({ address: me, blockTag: 'pending' });
    const { maxFeePerGas, maxPriorityFeePerGas } = await fees();
    const before = await node.getBalance({ address: recipient });

    // The online device prepares the fields and shows them as a QR code; a photo of it is taken.
    const online = await demoWalletPage(env);
    const prepare = new Sign(online.page);
    await prepare.openTool('Offline transaction');
    await prepare.fillOffline({
      nonce: String(nonce),
      to: recipient,
      value: '0.25',
      gasLimit: '21000',
      maxFee: formatGwei(maxFeePerGas),
      priorityFee: formatGwei(maxPriorityFeePerGas),
    });
    await downloaded(online.page, () => prepare.offline.getByRole('button', { name: 'Save unsigned fields' }).click());
    const fieldsPhoto = join(dir, 'fields.png');
    writeFileSync(
      fieldsPhoto,
      await online.page.getByRole('img', { name: 'QR code of the unsigned fields' }).screenshot(),
    );

    // The offline device reads the photo, signs, and shows the signed transaction as a QR code.
    const offline = await demoWalletPage(env);
    const sign = new Sign(offline.page);
    await sign.openTool('Offline transaction');
    await offline.context.setOffline(true);
    await sign.offline
      .getByLabel('Or read them from a photo of their QR code', { exact: true })
      .setInputFiles(fieldsPhoto);
    await expect.poll(() => sign.offlineField('nonce').inputValue()).toBe(String(nonce));
    expect(await sign.offlineField('to').inputValue()).toBe(recipient);
    expect(await sign.offlineField('value').inputValue()).toBe('0.25');
    const raw = await sign.signOffline();
    const signedPhoto = join(dir, 'signed.png');
    writeFileSync(
      signedPhoto,
      await sign.signed.getByRole('img', { name: 'QR code of the signed transaction' }).screenshot(),
    );
    await offline.context.setOffline(false);

    // Back on the online device: the photo of the signed QR code is broadcast.
    await prepare.openTool('Broadcast');
    await prepare.broadcast
      .getByLabel('Or read it from a photo of its QR code', { exact: true })
      .setInputFiles(signedPhoto);
    await expect.poll(() => prepare.field('Signed transaction (raw hex)').inputValue()).toBe(raw);
    await prepare.broadcast.getByRole('button', { name: 'Decode' }).click();
    await prepare.main.getByRole('button', { name: 'Send to Local chain' }).click();
    await expect.poll(() => prepare.main.textContent(), { timeout: 15_000 }).toMatch(/Confirmed in block \d+/);
    expect(await node.getBalance({ address: recipient })).toBe(before + parseEther('0.25'));

    // A picture with no QR code in it is refused with the reason, changing nothing.
    const blank = join(dir, 'blank.png');
    writeFileSync(blank, await online.page.getByRole('heading', { level: 1, name: 'Sign' }).screenshot());
    await prepare.broadcast.getByLabel('Or read it from a photo of its QR code', { exact: true }).setInputFiles(blank);
    await expect.poll(() => prepare.broadcast.getByText(/^No QR code was found in this image\./).count()).toBe(1);
    expect(await prepare.field('Signed transaction (raw hex)').inputValue()).toBe(raw);
  });

  it('imports unsigned fields from a file, picks the account it was prepared for, signs them, and saves them again', async () => {
    const { maxFeePerGas, maxPriorityFeePerGas } = await fees();
    const tx: OfflineTx = {
      type: 'eip1559',
      chainId: 31337,
      nonce: 3,
      to: recipient,
      value: parseEther('0.25'),
      gas: 30_000n,
      maxFeePerGas,
      maxPriorityFeePerGas,
      data: '0x1234',
      accessList: [{ address: demoAddress(5), storageKeys: [pad('0x01')] }],
    };
    const json = serializeUnsignedFile(tx, { from: second });
    const path = join(dir, 'unsigned.json');
    writeFileSync(path, json);

    const { page } = await demoWalletPage(env);
    const sign = new Sign(page);
    await sign.openTool('Offline transaction');
    await sign.field('Import unsigned fields from a file').setInputFiles(path);
    await expect
      .poll(() =>
        sign.offline
          .getByRole('status')
          .filter({ hasText: /^Fields imported/ })
          .textContent(),
      )
      .toBe(
        `Fields imported from the file unsigned.json. Check each one before signing. Prepared for ${second}, an account of this wallet.`,
      );
    expect(await sign.offlineValues()).toEqual({
      chainId: '31337',
      nonce: '3',
      to: recipient,
      value: '0.25',
      gasLimit: '30000',
      maxFee: formatGwei(maxFeePerGas),
      priorityFee: '1.5',
      data: '0x1234',
      accessList: JSON.stringify(tx.accessList, null, 2),
    });
    expect(await sign.field('Transaction type').inputValue()).toBe('eip1559');
    expect(await sign.field('Sign with').locator('option:checked').textContent()).toMatch(/^Demo account 2 /);

    const raw = (await sign.signOffline()) as Hex;
    const parsed = parseTransaction(raw);
    expect(parsed).toMatchObject({
      type: 'eip1559',
      chainId: 31337,
      nonce: 3,
      value: parseEther('0.25'),
      gas: 30_000n,
      maxFeePerGas,
      maxPriorityFeePerGas,
      data: '0x1234',
    });
    expect(parsed.accessList?.map((entry) => ({ ...entry, address: getAddress(entry.address) }))).toEqual(
      tx.accessList,
    );
    expect(await recoverTransactionAddress({ serializedTransaction: raw as TransactionSerializedEIP1559 })).toBe(
      second,
    );

    // Saving gives back the same file, as a download and as a QR code a phone can read.
    const saved = await downloaded(page, () =>
      sign.offline.getByRole('button', { name: 'Save unsigned fields' }).click(),
    );
    expect(saved.name).toBe('cairn-unsigned-tx-chain31337-nonce3.json');
    expect(saved.text).toBe(json);
    const unsigned = page.getByRole('region', { name: 'Unsigned fields', exact: true });
    expect(await qrText(unsigned.getByRole('img', { name: 'QR code of the unsigned fields' }))).toBe(json);

    // Bad files are refused with their reason, next to the file input, and change nothing.
    const before = await sign.offlineValues();
    const fileInput = sign.field('Import unsigned fields from a file');
    for (const [name, text] of [
      ['truncated.json', json.slice(0, 60)],
      ['number.json', json.replace('"nonce":"3"', '"nonce":3')],
      ['unknown.json', json.replace('"data":', '"gasPremium":"1","data":')],
      ['version.json', json.replace('"cairnUnsignedTx":1', '"cairnUnsignedTx":2')],
    ] as const) {
      writeFileSync(join(dir, name), text);
      await fileInput.setInputFiles(join(dir, name));
      const expected = fileRefusal(text);
      await expect.poll(() => sign.errorOf(fileInput)).toBe(expected);
      expect(await sign.offlineValues()).toEqual(before);
      expect(await sign.rawOutput.textContent()).toBe(raw);
      expect(await sign.field('Sign with').locator('option:checked').textContent()).toMatch(/^Demo account 2 /);
    }
    expect(fileRefusal(json.slice(0, 60))).toBe('This is not a Cairn unsigned transaction file: it is not JSON.');

    // Pasted text (what a QR scanner gives) imports too; a file for an account the wallet lacks is flagged.
    const stranger = demoAddress(12);
    await sign.field('Or paste the unsigned fields').fill(serializeUnsignedFile(tx, { from: stranger }));
    await sign.offline.getByRole('button', { name: 'Import pasted fields' }).click();
    await expect
      .poll(() => sign.offline.getByText(/^The file was prepared for/).textContent())
      .toBe(
        `The file was prepared for ${stranger}, which is not an account of this wallet that can sign. Signing with another account makes a different transaction, from that account.`,
      );
    expect(await sign.rawOutput.count()).toBe(0);
  });

  it('refuses to broadcast what cannot be sent, with the reason: not hex, cut short, another chain, a high-s signature', async () => {
    const { maxFeePerGas, maxPriorityFeePerGas } = await fees();
    const transfer = {
      type: 'eip1559',
      nonce: 0,
      to: recipient,
      value: parseEther('1'),
      gas: 21_000n,
      maxFeePerGas,
      maxPriorityFeePerGas,
    } as const;
    const { page } = await demoWalletPage(env);
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
    const { page } = await demoWalletPage(env);
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
    const proxy = env.proxy;
    if (!proxy) throw new Error('the environment has no RPC proxy');
    const node = nodeClient(env.chain.url);
    const third = demoAddress(2);
    const nonce = await node.getTransactionCount({ address: third, blockTag: 'pending' });
    const { maxFeePerGas } = await fees();
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

  it.each(['light', 'dark'] as const)(
    'the offline and broadcast tools fit 360 px and pass axe, with results shown (%s)',
    async (colorScheme) => {
      const { page } = await env.newPage({ width: 360, colorScheme });
      await new AppShell(page).open(env.server.url);
      await new Onboarding(page).openDemoWallet();
      const sign = new Sign(page);
      const scan = async (what: string) => {
        const violations = await seriousViolations(page);
        expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      };
      await sign.openTool('Offline transaction');
      await sign.offline.getByRole('button', { name: 'Sign offline' }).click();
      await expect.poll(() => sign.offlineError('nonce')).not.toBe('');
      await scan('offline: errors');
      const { maxFeePerGas } = await fees();
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
    },
  );
});
