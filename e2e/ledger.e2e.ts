// Keys on a Ledger, reached over WebHID: a software Ethereum app stands behind a fake
// navigator.hid (e2e/support/fakeLedger.ts), so Cairn's framing, transport, app checks and
// signature checks all run as with a device. Accounts are added by Ledger Live's path with their
// balances, a send is signed on the "Ledger" and mined, and the device's refusals reach the person
// in words: another app open, declined on the device, blind signing off for a contract call.
import { encodeFunctionData, erc20Abi, parseEther } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAddress } from '../devchain/seed.ts';
import { DEMO_MNEMONIC } from '../src/core/chain/localChain.ts';
import { createSoftwareLedger } from '../src/testing/softwareLedger.ts';
import { AppShell } from './pages/AppShell.ts';
import { Onboarding } from './pages/Onboarding.ts';
import { Send } from './pages/Send.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { installFakeLedger } from './support/fakeLedger.ts';
import { nodeClient } from './support/rpc.ts';

/** Ledger Live's account `index` (m/44'/60'/index'/0/0) of the software Ledger's phrase. */
const liveAccount = (index: number) => mnemonicToAccount(DEMO_MNEMONIC, { path: `m/44'/60'/${index}'/0/0` });
const recipient = demoAddress(8);

describe('a Ledger over WebHID', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment({ seed: false });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('adds Ledger Live accounts with their balances and sends from one, signed on the Ledger; refusals in words', async () => {
    const ledger = createSoftwareLedger();
    const { page, context, consoleErrors } = await env.newPage();
    await installFakeLedger(context, ledger);
    const node = nodeClient(env.chain.url);
    const funder = mnemonicToAccount(DEMO_MNEMONIC, { addressIndex: 0 });
    // Ledger Live's first account is not one of the chain's funded ones: fund it.
    const from = liveAccount(1);
    await node.sendTransaction({ account: funder, to: from.address, value: parseEther('5'), chain: null });

    await new AppShell(page).open(env.server.url);
    const onboarding = new Onboarding(page);
    await onboarding.method('Connect a Ledger').click();
    // The Ledger is on its dashboard: Cairn says to open the Ethereum app.
    ledger.setMood('dashboard');
    await page.getByRole('button', { name: 'Connect the Ledger' }).click();
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toContainEqual(expect.stringMatching(/Ethereum app/));
    ledger.setMood('fine');
    await page.getByRole('button', { name: 'Connect the Ledger' }).click();
    await page.getByRole('heading', { name: 'Choose accounts' }).waitFor();
    await expect.poll(() => onboarding.shownAddresses()).toEqual([0, 1, 2, 3, 4].map((i) => liveAccount(i).address));
    await expect.poll(() => page.getByRole('list', { name: 'Addresses' }).textContent()).toContain('5 ETH');
    await page.getByRole('list', { name: 'Addresses' }).getByRole('checkbox').nth(0).uncheck();
    await page.getByRole('list', { name: 'Addresses' }).getByRole('checkbox').nth(1).check();
    await page.getByRole('button', { name: 'Continue with 1 account' }).click();
    await onboarding.finishWithPassword();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();

    const send = new Send(page);
    await send.open();
    await send.fill({ recipient, amount: '1.25' });
    await send.continueAndConfirm();
    const dialog = page.getByRole('dialog', { name: 'Sign on your Ledger' });
    await dialog.waitFor();
    expect(describeViolations(await seriousViolations(page))).toBe('');

    // Declined on the device: said so; the person may try again.
    ledger.setMood('declines');
    await dialog.getByRole('button', { name: 'Sign on the Ledger' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').allTextContents())
      .toEqual([expect.stringMatching(/declined|rejected/i)]);
    ledger.setMood('fine');
    const before = await node.getBalance({ address: recipient });
    await dialog.getByRole('button', { name: 'Try again on the Ledger' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Sent', exact: true }).waitFor({ timeout: 30_000 });
    await expect
      .poll(() => node.getBalance({ address: recipient }), { timeout: 30_000 })
      .toBe(before + parseEther('1.25'));
    const [sent] = (await node.getBlock({ includeTransactions: true })).transactions;
    expect(sent?.from.toLowerCase()).toBe(from.address.toLowerCase());

    // Data for a contract with blind signing off: the dialog says what the Ledger will and will not
    // show, and Cairn refuses before the Ledger is asked to sign.
    await page.getByRole('button', { name: 'Send another' }).click();
    await send.fill({ recipient, amount: '0.1' });
    await send.form.getByText('Advanced: gas, fees, nonce, data').click();
    await send
      .field('Data (hex)')
      .fill(encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [recipient, 1n] }));
    await send.continueAndConfirm();
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('This transaction calls a contract');
    const signed = ledger.seen.filter((apdu) => apdu.startsWith('0xe004')).length;
    await dialog.getByRole('button', { name: 'Sign on the Ledger' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').allTextContents())
      .toEqual([expect.stringContaining('Blind signing')]);
    expect(ledger.seen.filter((apdu) => apdu.startsWith('0xe004')).length).toBe(signed);
    await dialog.getByRole('button', { name: 'Cancel signing' }).click();
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toContainEqual(expect.stringContaining('You cancelled the device’s signature'));

    // Receive shows the address on the Ledger's own screen to compare.
    await new AppShell(page).goTo('Receive');
    await page.getByRole('button', { name: 'Check the address on the Ledger' }).click();
    await expect
      .poll(() => page.getByRole('status').allTextContents())
      .toContainEqual(expect.stringContaining('The Ledger shows the same address'));
    expect(ledger.seen.some((apdu) => apdu.startsWith('0xe0020100'))).toBe(true);

    // The account says where its key is.
    await new AppShell(page).accountMenuLink('Manage accounts');
    const card = page.getByRole('listitem').filter({ hasText: 'Ledger 1' });
    expect(await card.textContent()).toContain("Key on a Ledger, path m/44'/60'/1'/0/0");
    expect(consoleErrors).toEqual([]);
  });
});
