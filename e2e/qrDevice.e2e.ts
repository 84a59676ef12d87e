// Keys on an air-gapped QR device (ERC-4527): the account added from a picture of the device's
// account code, then a send signed by the device, every code passing as a picture: Cairn's
// request read from a screenshot (as the device's camera would), the device's answer handed to
// Cairn's image input. A signature by another key is refused, cancelling sends nothing, and
// typed data long enough to need an animated code is signed frame by frame, and a site's message
// request is signed in Cairn's dApp window and verified by the site.
import { parseEther, recoverTypedDataAddress } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { demoAddress } from '../devchain/seed.ts';
import { encodeUr, type Ur } from '../src/core/ur/ur.ts';
import { createQrSigningDevice, DEVICE_PHRASE } from '../src/testing/qrSigningDevice.ts';
import mail from '../src/testing/vectors/eip712/eip712-mail-example.json';
import { AppShell } from './pages/AppShell.ts';
import { Onboarding, Unlock } from './pages/Onboarding.ts';
import { SampleDapp } from './pages/SampleDapp.ts';
import { Send } from './pages/Send.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { dappSpec } from './support/dappSession.ts';
import { qrPicture, qrText } from './support/qrPictures.ts';
import { nodeClient } from './support/rpc.ts';

const device = createQrSigningDevice();
/** The device's first account (the local chain funds it: its phrase is the chain's test phrase). */
const deviceAccount = mnemonicToAccount(DEVICE_PHRASE, { addressIndex: 0 });
const recipient = demoAddress(8);
const PICTURE_INPUT = 'Or choose a photo or screenshot of the code';

/** A picture of `ur` as a device shows it (upper case, as QR's alphanumeric mode wants). */
const pictureOf = (ur: Ur, name: string) => qrPicture(encodeUr(ur).toUpperCase(), name);

describe('a QR signing device', () => {
  const { env, dappServer, windowFor, connect } = dappSpec({ seed: false });

  async function walletWithDevice() {
    const opened = await env().newPage();
    const { page } = opened;
    await new AppShell(page).open(env().server.url);
    const onboarding = new Onboarding(page);
    await onboarding.method('Connect a QR signing device').click();
    // A code that is not a UR is refused with the reason; the scan goes on.
    await page.getByLabel(PICTURE_INPUT).setInputFiles(qrPicture('hello', 'not-a-ur'));
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toContain('This QR code is not a Uniform Resource (ur:…).');
    await page.getByLabel(PICTURE_INPUT).setInputFiles(pictureOf(device.accountExport(), 'account'));
    await page.getByRole('heading', { name: 'Choose accounts' }).waitFor();
    expect((await onboarding.shownAddresses())[0]).toBe(deviceAccount.address);
    await expect.poll(() => page.getByRole('list', { name: 'Addresses' }).textContent()).toContain('10,000');
    await page.getByRole('button', { name: 'Continue with 1 account' }).click();
    await onboarding.finishWithPassword();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    return opened;
  }

  it('adds the device’s account from a picture of its code and sends from it, the device signing by QR codes', async () => {
    const { page, context, consoleErrors } = await walletWithDevice();
    const node = nodeClient(env().chain.url);
    const before = await node.getBalance({ address: recipient });
    const nonce = await node.getTransactionCount({ address: deviceAccount.address });

    const send = new Send(page);
    await send.open();
    await send.fill({ recipient, amount: '1.5' });
    await send.continueAndConfirm();

    const dialog = page.getByRole('dialog', { name: 'Sign on Test device' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('chain id 31337');
    expect(describeViolations(await seriousViolations(page))).toBe('');
    const request = await qrText(dialog.getByRole('img', { name: 'Signing request for Test device' }));
    expect(request).toMatch(/^UR:ETH-SIGN-REQUEST\//);

    // Signed by another key: refused in the dialog, which waits for the right answer.
    await dialog
      .getByLabel(PICTURE_INPUT)
      .setInputFiles(pictureOf(device.answer([request as string], 'otherKey'), 'other-key'));
    await expect
      .poll(() => dialog.getByRole('alert').allTextContents())
      .toEqual([expect.stringContaining('The device signed with another key')]);
    expect(await node.getTransactionCount({ address: deviceAccount.address })).toBe(nonce);

    await dialog.getByLabel(PICTURE_INPUT).setInputFiles(pictureOf(device.answer([request as string]), 'signature'));
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Sent', exact: true }).waitFor({ timeout: 30_000 });
    await expect
      .poll(() => node.getBalance({ address: recipient }), { timeout: 30_000 })
      .toBe(before + parseEther('1.5'));
    const [sent] = (await node.getBlock({ includeTransactions: true })).transactions;
    expect(sent?.from.toLowerCase()).toBe(deviceAccount.address.toLowerCase());
    expect(sent?.nonce).toBe(nonce);

    // Cancelling the device's signature sends nothing and says so.
    await page.getByRole('button', { name: 'Send another' }).click();
    await send.fill({ recipient, amount: '2' });
    await send.continueAndConfirm();
    await dialog.getByRole('button', { name: 'Cancel signing' }).click();
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toContainEqual(expect.stringContaining('You cancelled the device’s signature'));
    expect(await node.getTransactionCount({ address: deviceAccount.address })).toBe(nonce + 1);

    // Locking Cairn (here from another window) while the device is asked ends the wait: the dialog
    // goes, nothing is sent, and it does not come back after unlocking.
    await send.review.getByRole('button', { name: 'Confirm and send' }).click();
    await dialog.waitFor();
    const other = await context.newPage();
    await new AppShell(other).open(env().server.url);
    await new AppShell(other).lock();
    await dialog.waitFor({ state: 'detached' });
    await other.close();
    await new Unlock(page).unlock();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    // A wait that had survived the lock would show its dialog again as soon as its (cached) code
    // renders: give it that moment.
    await page.waitForTimeout(1_500);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await node.getTransactionCount({ address: deviceAccount.address })).toBe(nonce + 1);

    // The account says where its key is, and offers nothing to reveal.
    await new AppShell(page).accountMenuLink('Manage accounts');
    const card = page.getByRole('listitem').filter({ hasText: 'QR device 1' });
    expect(await card.textContent()).toContain("Key on Test device (signs by QR code), path m/44'/60'/0'/0/0");
    expect(await card.getByRole('button', { name: 'Show private key' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it('signs typed data too long for one code: the device reads the animated request frame by frame', async () => {
    const { page } = await walletWithDevice();
    await new AppShell(page).goTo('Sign');
    await page
      .getByRole('navigation', { name: 'Signing tools' })
      .getByRole('link', { name: 'Typed data', exact: true })
      .click();
    const main = page.getByRole('main');
    await main.getByLabel('Typed data (JSON)', { exact: true }).fill(JSON.stringify(mail.typedData));
    await main.getByRole('button', { name: 'Review typed data' }).click();
    await main.getByRole('button', { name: 'Sign typed data' }).click();

    const dialog = page.getByRole('dialog', { name: 'Sign on Test device' });
    const code = dialog.getByRole('img', { name: /^Signing request for Test device \(animated, \d+ parts\)$/ });
    await code.waitFor();
    // Paused, the person steps through the frames; the device reads each until it has the whole request.
    await dialog.getByRole('button', { name: 'Pause the animation' }).click();
    const frames: string[] = [];
    let answer: Ur | undefined;
    for (let shown = 0; !answer && shown < 40; shown++) {
      frames.push((await qrText(code)) as string);
      try {
        answer = device.answer(frames);
      } catch {
        await dialog.getByRole('button', { name: /^Next frame/ }).click();
      }
    }
    expect(answer).toBeDefined();
    expect(new Set(frames).size).toBeGreaterThan(1);
    await dialog.getByLabel(PICTURE_INPUT).setInputFiles(pictureOf(answer as Ur, 'typed-data-signature'));
    const output = main.locator('output[aria-label="Signature"]');
    await output.waitFor();
    const signature = (await output.textContent()) as `0x${string}`;
    expect(signature).toBe(await deviceAccount.signTypedData(mail.typedData as never));
    expect(await recoverTypedDataAddress({ ...(mail.typedData as object), signature } as never)).toBe(
      deviceAccount.address,
    );
  });

  it('signs a site’s message request in Cairn’s window, which the site verifies', async () => {
    const { page, context } = await walletWithDevice();
    const dapp = new SampleDapp(await context.newPage());
    await dapp.open(dappServer().url);
    await dapp.chooseWallet('Cairn');
    expect((await connect(context, dapp)).toLowerCase()).toContain(deviceAccount.address.toLowerCase());
    await dapp.field('Message').fill('Hello from the sample dApp');
    const popup = await windowFor(context, dapp, 'Sign message');
    const sign = popup.getByRole('button', { name: 'Sign', exact: true });
    await expect.poll(() => sign.isEnabled(), { timeout: 10_000 }).toBe(true);
    await sign.click();
    const dialog = popup.getByRole('dialog', { name: 'Sign on Test device' });
    const request = await qrText(dialog.getByRole('img', { name: /^Signing request for Test device/ }));
    const closed = popup.waitForEvent('close');
    await dialog.getByLabel(PICTURE_INPUT).setInputFiles(pictureOf(device.answer([request as string]), 'dapp-message'));
    await closed;
    expect(await dapp.result('Sign message verification')).toBe('valid');
    await page.close();
  });
});
