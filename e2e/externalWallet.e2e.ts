// A browser wallet as an external signer: a wallet extension stands in as an EIP-6963 provider in
// every page (e2e/support/injectedWallet.ts), answered by a software wallet with its own key. Its
// account is added through Cairn's discovery; a message and typed data it signs are verified here
// (another key's signature refused first); a send is
// prepared and reviewed by Cairn, signed and sent by the wallet (which chooses the nonce and is
// first moved to the local chain), recorded by its hash and tracked; its refusal reaches the person.

import { parseEther, recoverTypedDataAddress, verifyMessage } from 'viem';
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAddress } from '../devchain/seed.ts';
import { DEMO_MNEMONIC } from '../src/core/chain/localChain.ts';
import { createSoftwareWallet, providerError, type SoftwareWallet } from '../src/testing/softwareWallet.ts';
import mail from '../src/testing/vectors/eip712/eip712-mail-example.json';
import { Activity } from './pages/Activity.ts';
import { AppShell } from './pages/AppShell.ts';
import { Onboarding } from './pages/Onboarding.ts';
import { Send } from './pages/Send.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { installInjectedWallet } from './support/injectedWallet.ts';
import { nodeClient } from './support/rpc.ts';

const WALLET = { name: 'Test Wallet', rdns: 'org.example.testwallet' };
const recipient = demoAddress(9);

describe('a browser wallet as an external signer', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment({ seed: false });
  });
  afterAll(async () => {
    await env?.close();
  });

  /**
   * `wallet`, funded with 5 ETH from the demo account, in a new page whose new Cairn adds its
   * account through onboarding ("Connect a browser wallet"); `choosing` checks the choice of
   * accounts before it is made.
   */
  async function onboardWith(wallet: SoftwareWallet, choosing?: (onboarding: Onboarding) => Promise<void>) {
    const node = nodeClient(env.chain.url);
    const funder = mnemonicToAccount(DEMO_MNEMONIC, { addressIndex: 0 });
    await node.sendTransaction({ account: funder, to: wallet.address, value: parseEther('5'), chain: null });
    const opened = await env.newPage();
    await installInjectedWallet(opened.context, wallet, WALLET);
    await new AppShell(opened.page).open(env.server.url);
    const onboarding = new Onboarding(opened.page);
    await onboarding.method('Connect a browser wallet').click();
    await opened.page.getByRole('button', { name: 'Connect Test Wallet' }).click();
    await choosing?.(onboarding);
    await opened.page.getByRole('button', { name: 'Continue with 1 account' }).click();
    await onboarding.finishWithPassword();
    await opened.page.getByRole('navigation', { name: 'Main' }).waitFor();
    return { ...opened, node };
  }

  it('adds the wallet’s account, signs a message with it and sends through it; the wallet’s refusal in words', async () => {
    // The wallet is on Ethereum mainnet at first, and knows the local chain.
    const wallet = createSoftwareWallet({
      privateKey: generatePrivateKey(),
      chainId: 1,
      knownChainIds: [31337],
      rpcUrl: env.chain.url,
    });
    const { page, consoleErrors, node } = await onboardWith(wallet, async (onboarding) => {
      await onboarding.page.getByRole('heading', { name: 'Choose accounts' }).waitFor();
      expect(await onboarding.shownAddresses()).toEqual([wallet.address]);
      await expect
        .poll(() => onboarding.page.getByRole('list', { name: 'Addresses' }).textContent())
        .toContain('5 ETH');
    });

    // A message: the wallet signs, Cairn checks, and the signature verifies here.
    await new AppShell(page).goTo('Sign');
    await page
      .getByRole('navigation', { name: 'Signing tools' })
      .getByRole('link', { name: 'Message', exact: true })
      .click();
    const main = page.getByRole('main');
    const text = 'Signed by a browser wallet, through Cairn';
    await main.getByLabel('Message', { exact: true }).fill(text);
    // First the wallet answers with another key's signature: refused in the dialog, asked again.
    const stranger = privateKeyToAccount(generatePrivateKey());
    wallet.answerNext('personal_sign', () => stranger.signMessage({ message: text }));
    await main.getByRole('button', { name: 'Sign message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign with Test Wallet' });
    await expect
      .poll(() => dialog.getByRole('alert').allTextContents())
      .toEqual([expect.stringContaining(`Test Wallet signed with another key (${stranger.address})`)]);
    await dialog.getByRole('button', { name: 'Ask Test Wallet again' }).click();
    await dialog.waitFor({ state: 'detached' });
    const output = main.locator('output[aria-label="Signature"]');
    await output.waitFor();
    const signature = ((await output.textContent()) ?? '') as `0x${string}`;
    expect(await verifyMessage({ address: wallet.address, message: text, signature })).toBe(true);
    expect(wallet.log.some((r) => r.method === 'personal_sign')).toBe(true);

    // Typed data for chain 1: the wallet is on chain 1 already; the signature recovers to its account.
    await page
      .getByRole('navigation', { name: 'Signing tools' })
      .getByRole('link', { name: 'Typed data', exact: true })
      .click();
    await main.getByLabel('Typed data (JSON)', { exact: true }).fill(JSON.stringify(mail.typedData));
    await main.getByRole('button', { name: 'Review typed data' }).click();
    await main.getByRole('button', { name: 'Sign typed data' }).click();
    await output.waitFor();
    const typedSignature = ((await output.textContent()) ?? '') as `0x${string}`;
    expect(await recoverTypedDataAddress({ ...(mail.typedData as object), signature: typedSignature } as never)).toBe(
      wallet.address,
    );

    // A send: reviewed in Cairn (the wallet chooses the nonce), then signed and sent by the wallet.
    const send = new Send(page);
    await send.open();
    await send.fill({ recipient, amount: '1.25' });
    await send.continue();
    await send.review.waitFor({ timeout: 15_000 });
    expect(await send.review.textContent()).toContain('chosen by Test Wallet, which signs and sends it');
    const before = await node.getBalance({ address: recipient });
    // Held in the mempool, so the record is seen while pending.
    await node.setAutomine(false);
    await send.review.getByRole('button', { name: 'Confirm and send' }).click();
    const status = page.getByRole('region', { name: 'Sent', exact: true });
    await status.waitFor({ timeout: 30_000 });
    // Pending: it says who sent it and where to speed it up or cancel it, and offers neither itself.
    await expect
      .poll(() => status.textContent(), { timeout: 30_000 })
      .toContain(
        'Signed and sent by Test Wallet, which chose its nonce and fee. To speed it up or cancel it, use Test Wallet.',
      );
    expect(await status.getByRole('button', { name: /^(Speed up|Cancel transaction)$/ }).count()).toBe(0);
    await node.setAutomine(true);
    await node.mine({ blocks: 1 });
    await expect
      .poll(() => node.getBalance({ address: recipient }), { timeout: 30_000 })
      .toBe(before + parseEther('1.25'));
    const [sent] = (await node.getBlock({ includeTransactions: true })).transactions;
    expect(sent?.from.toLowerCase()).toBe(wallet.address.toLowerCase());
    // Moved to the local chain first; handed the transaction without a nonce.
    const methods = wallet.log.map((r) => r.method);
    expect(methods.indexOf('wallet_switchEthereumChain')).toBeLessThan(methods.indexOf('eth_sendTransaction'));
    expect(wallet.log.find((r) => r.method === 'eth_sendTransaction')?.params?.[0]).not.toHaveProperty('nonce');
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toContain('Confirmed');
    expect(describeViolations(await seriousViolations(page))).toBe('');

    // Declined in the wallet: said so, and nothing is recorded or sent.
    wallet.answerNext('eth_sendTransaction', () => {
      throw providerError(4001, 'User rejected the request.');
    });
    await page.getByRole('button', { name: 'Send another' }).click();
    await send.fill({ recipient, amount: '0.5' });
    await send.continueAndConfirm();
    await expect
      .poll(() => send.review.getByRole('alert').allTextContents(), { timeout: 15_000 })
      .toContainEqual(expect.stringContaining('You declined in Test Wallet'));
    expect(await node.getBalance({ address: recipient })).toBe(before + parseEther('1.25'));
    // A wallet that never answers: once handed over there is no Cancel (it may still send), only
    // Stop waiting, which says a late send would go unrecorded, and never that nothing was sent.
    wallet.answerNext('eth_sendTransaction', () => new Promise(() => undefined));
    await send.review.getByRole('button', { name: 'Confirm and send' }).click();
    const sendDialog = page.getByRole('dialog', { name: 'Send with Test Wallet' });
    await sendDialog.getByRole('button', { name: 'Stop waiting' }).waitFor();
    expect(await sendDialog.getByRole('button', { name: 'Cancel signing' }).count()).toBe(0);
    await sendDialog.getByRole('button', { name: 'Stop waiting' }).click();
    const stopped = send.review.getByRole('alert');
    await expect
      .poll(() => stopped.allTextContents())
      .toContainEqual(expect.stringContaining('You stopped waiting for Test Wallet'));
    expect((await stopped.allTextContents()).join(' ')).not.toContain('Nothing was sent');
    expect(consoleErrors).toEqual([]);
  });

  it('says on the record, in Send, Activity and the transaction’s page, when the wallet sent something else', async () => {
    const wallet = createSoftwareWallet({ privateKey: generatePrivateKey(), chainId: 31337, rpcUrl: env.chain.url });
    const { page, consoleErrors, node } = await onboardWith(wallet);

    // The wallet sends the amount reviewed to another address than the one reviewed.
    const thief = demoAddress(12);
    wallet.answerNext('eth_sendTransaction', (params) =>
      wallet.provider.request({
        method: 'eth_sendTransaction',
        params: [{ ...(params?.[0] as object), to: thief }],
      }),
    );
    const before = await node.getBalance({ address: thief });
    const send = new Send(page);
    await send.open();
    await send.fill({ recipient, amount: '0.75' });
    await send.continue();
    const card = await send.confirm();
    const notice = `Test Wallet sent something other than what you reviewed: to ${thief} instead of ${recipient}.`;
    await expect.poll(() => card.getByRole('alert').allTextContents(), { timeout: 30_000 }).toContain(notice);
    expect(await node.getBalance({ address: thief })).toBe(before + parseEther('0.75'));

    const activity = new Activity(page);
    await activity.open();
    const row = activity.rows.filter({ hasText: 'Sent other than reviewed' });
    await row.first().waitFor({ timeout: 30_000 });
    await row.first().click();
    await expect
      .poll(() => page.getByRole('main').getByRole('alert').allTextContents(), { timeout: 15_000 })
      .toContain(notice);
    expect(consoleErrors).toEqual([]);
  });
});
