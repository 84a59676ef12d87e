// Offline signing and broadcasting: a transaction built and signed with the page cut off from
// every network (no request may leave), checked byte for byte in Node with viem, then pasted into
// Broadcast, decoded, sent to the local chain and followed until confirmed; unsigned fields and
// the signed transaction carried as QR photos; unsigned fields imported from a file, and files
// refused with their reason. What else is refused is in offlineRefusals.e2e.ts.
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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAddress } from '../devchain/seed.ts';
import type { OfflineTx } from '../src/core/offline/offlineTx.ts';
import { parseUnsignedFile, serializeUnsignedFile } from '../src/core/offline/unsignedFile.ts';
import { Activity } from './pages/Activity.ts';
import { AppShell } from './pages/AppShell.ts';
import { Sign } from './pages/Sign.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { qrText } from './support/qrPictures.ts';
import { nodeClient, offlineFees } from './support/rpc.ts';

/** Demo account 1, the account the demo wallet opens on. */
const me = demoAddress(0);
/** Demo account 2, also in the demo wallet. */
const second = demoAddress(1);
/** Demo account 9 (index 8): not in the demo wallet, which holds the first three. */
const recipient = demoAddress(8);

/** The sentence the core gives for a file, or throws when the file is accepted. */
function fileRefusal(text: string): string {
  try {
    parseUnsignedFile(text);
  } catch (error) {
    return (error as { shortMessage: string }).shortMessage;
  }
  throw new Error('the file was accepted');
}

/** Resolves once the page has had no request in flight and begun none for `ms`. */
async function quiet(page: Page, ms: number): Promise<void> {
  let inFlight = 0;
  let last = Date.now();
  const began = () => {
    inFlight++;
    last = Date.now();
  };
  const ended = () => {
    inFlight--;
    last = Date.now();
  };
  page.on('request', began);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    while (inFlight > 0 || Date.now() - last < ms) await page.waitForTimeout(100);
  } finally {
    page.off('request', began);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
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

  it('signs a transfer with the page cut off from every network, then broadcasts those bytes and sees them confirmed', async () => {
    const node = nodeClient(env.chain.url);
    const nonce = await node.getTransactionCount({ address: me, blockTag: 'pending' });
    const { maxFeePerGas, maxPriorityFeePerGas } = await offlineFees(env.chain.url);
    const { page, context, consoleErrors } = await demoWalletPage(env, { landOn: 'activity' });
    // The history sync an unlock starts (history, then each account's approvals) ends before the
    // cut, and the page has asked nothing for a while: a request recorded after it is the tool's.
    await new Activity(page).waitSyncedTo(await node.getBlockNumber());
    await quiet(page, 1_500);
    await new AppShell(page).goTo('Sign');
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
    // A head poll on its way when the cut came is aborted and Chromium logs it; none began once
    // the page knew it was offline (`leaked` is empty), so that line is the only one allowed.
    const abortedByTheCut = 'Failed to load resource: net::ERR_INTERNET_DISCONNECTED';
    expect(consoleErrors.filter((line) => line !== abortedByTheCut)).toEqual([]);
  });

  it('carries unsigned fields and the signed transaction between devices as photos of QR codes', async () => {
    const node = nodeClient(env.chain.url);
    const nonce = await node.getTransactionCount({ address: me, blockTag: 'pending' });
    const { maxFeePerGas, maxPriorityFeePerGas } = await offlineFees(env.chain.url);
    const before = await node.getBalance({ address: recipient });

    // The online device prepares the fields and shows them as a QR code; a photo of it is taken.
    const online = await demoWalletPage(env, { landOn: 'sign' });
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
    const offline = await demoWalletPage(env, { landOn: 'sign' });
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
    const { maxFeePerGas, maxPriorityFeePerGas } = await offlineFees(env.chain.url);
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

    const { page } = await demoWalletPage(env, { landOn: 'sign' });
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
});
