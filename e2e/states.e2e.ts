import type { Page } from 'playwright-core';
import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoAddress } from '../devchain/seed.ts';
import { TransactionPage } from './pages/Activity.ts';
import { AppShell } from './pages/AppShell.ts';
import { Home } from './pages/Home.ts';
import { Onboarding } from './pages/Onboarding.ts';
import { Send } from './pages/Send.ts';
import { Settings } from './pages/Settings.ts';
import { States } from './pages/States.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { nodeClient } from './support/rpc.ts';

async function expectNoAxeViolation(page: Page): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

async function noSidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('states: shapes while reading, empty places, errors in place, notices', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment({ proxy: true });
  });
  afterEach(() => {
    env?.proxy?.setFault({ kind: 'none' });
  });
  afterAll(async () => {
    await env?.close();
  });

  /** A first run that imports a private key of its own (an account with nothing on the chain). */
  async function freshKeyWallet(options: { width?: number } = {}) {
    const opened = await env.newPage(options);
    const onboarding = new Onboarding(opened.page);
    await new AppShell(opened.page).open(env.server.url);
    await onboarding.method('Import a private key').click();
    await opened.page.getByLabel('Private key', { exact: true }).fill(generatePrivateKey());
    await opened.page.getByRole('button', { name: 'Continue' }).click();
    await opened.page.getByText('This key controls').waitFor();
    await onboarding.finishWithPassword();
    await opened.page.getByRole('navigation', { name: 'Main' }).waitFor();
    return { ...opened, shell: new AppShell(opened.page), states: new States(opened.page) };
  }

  it('shows shapes of the total and the assets while the node is slow, then the content without moving the actions', async () => {
    const { page, consoleErrors } = await env.newPage();
    const shell = new AppShell(page);
    const onboarding = new Onboarding(page);
    const states = new States(page);
    await shell.open(env.server.url);
    await onboarding.method('Open demo wallet').click();
    // Every answer of the node now takes 2.5 s: the first balances arrive seconds after Home.
    env.proxy?.setFault({ kind: 'delay', ms: 2_500 });
    await onboarding.finishWithPassword();
    const home = new Home(page);
    const summary = page.getByRole('region', { name: /^Total on / });
    const assets = page.getByRole('region', { name: 'Assets', exact: true });
    await states.status(summary, 'Reading balances…').waitFor({ timeout: 10_000 });
    // Not a blank: the total and the asset list are shapes of their size, hidden from screen readers.
    const totalShape = home.total.locator('[aria-hidden="true"]');
    expect(await totalShape.isVisible()).toBe(true);
    expect((await totalShape.boundingBox())?.height).toBeGreaterThan(20);
    expect(await states.shapes(assets).isVisible()).toBe(true);
    expect((await states.shapes(assets).boundingBox())?.height).toBeGreaterThan(100);
    const sendBefore = await home.action('Send').boundingBox();
    const totalBefore = await home.total.boundingBox();

    // Fresh balances' block is a plain line, not announced at every block (only reading and old balances are).
    await summary.getByText(/^Balances at block/).waitFor({ timeout: 30_000 });
    expect(await states.status(summary, /^Balances at block/).count()).toBe(0);
    expect(await home.totalText()).toMatch(/^\$[\d,]+\.\d\d$/);
    expect(await states.shapes(assets).count()).toBe(0);
    expect(await assets.getByRole('rowheader', { name: /^ETH / }).count()).toBe(1);
    // Not a jump: the total took the shape's place, and the actions below it did not move.
    expect((await home.total.boundingBox())?.height).toBe(totalBefore?.height);
    expect((await home.action('Send').boundingBox())?.y).toBe(sendBefore?.y);
    expect(consoleErrors).toEqual([]);
  });

  it('says what to do next on Home, Activity and NFTs for an account with nothing', async () => {
    const { page, shell, states, consoleErrors } = await freshKeyWallet();
    const nothing = states.empty('Nothing here yet');
    await nothing.waitFor({ timeout: 20_000 });
    expect(await nothing.textContent()).toContain('This account holds no ETH and none of the tokens Cairn knows');
    expect(await page.getByRole('region', { name: 'Assets', exact: true }).count()).toBe(0);
    await expectNoAxeViolation(page);
    // "Add a token" leads to the token's address field.
    await nothing.getByRole('button', { name: 'Add a token', exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent))
      .toBe('Token contract address');
    await page.goBack();
    await nothing.getByRole('link', { name: 'Receive', exact: true }).click();
    await shell.heading.filter({ hasText: 'Receive' }).waitFor();

    await shell.goTo('Activity');
    const noHistory = states.empty('No transactions yet');
    await noHistory.waitFor({ timeout: 20_000 });
    const said = (await noHistory.textContent()) ?? '';
    expect(said).toContain('built from the token and NFT transfers your node’s logs record');
    expect(said).toContain('Cairn’s own records of what you send');
    expect(await noHistory.getByRole('link', { name: 'Receive', exact: true }).isVisible()).toBe(true);
    // The local chain's blocks give its native coins: no explorer to set up here.
    expect(await noHistory.getByRole('link', { name: 'Set up a history explorer' }).count()).toBe(0);
    await expectNoAxeViolation(page);

    await shell.goTo('NFTs');
    const noNfts = states.empty('No NFTs yet');
    await noNfts.waitFor({ timeout: 20_000 });
    expect(await noNfts.getByRole('link', { name: 'Receive', exact: true }).isVisible()).toBe(true);
    await expectNoAxeViolation(page);
    expect(consoleErrors).toEqual([]);
  });

  it('fits the empty places in 320 px with no sideways scrolling', async () => {
    const { page, shell, states } = await freshKeyWallet({ width: 320 });
    await states.empty('Nothing here yet').waitFor({ timeout: 20_000 });
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
    await shell.goTo('Activity');
    await states.empty('No transactions yet').waitFor({ timeout: 20_000 });
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
  });

  it('says on Send and Sign that a watch-only account can only be watched, and its key makes it one that signs', async () => {
    const { page, consoleErrors } = await env.newPage();
    const shell = new AppShell(page);
    const onboarding = new Onboarding(page);
    const key = generatePrivateKey();
    const address = privateKeyToAccount(key).address;
    await shell.open(env.server.url);
    await onboarding.method('Watch an address').click();
    await page.getByLabel('Address', { exact: true }).fill(address);
    await page.getByLabel('Name (optional)').fill('Savings');
    await page.getByRole('button', { name: 'Continue' }).click();
    await onboarding.finishWithPassword();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();

    await shell.goTo('Send');
    const watched = page.getByRole('region', { name: 'Savings can only be watched', exact: true });
    await watched.waitFor();
    const said = (await watched.textContent()) ?? '';
    expect(said).toContain('Cairn holds this account’s address but not its key');
    expect(said).toContain('cannot send anything from it');
    expect(said).toContain('add its recovery phrase or private key');
    // No form that would fail at the end, and no account to switch to in this wallet.
    expect(await new Send(page).form.count()).toBe(0);
    expect(await watched.getByRole('button', { name: /^Switch to / }).count()).toBe(0);
    await expectNoAxeViolation(page);

    await shell.goTo('Sign');
    await page.getByRole('region', { name: 'Savings can only be watched', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign message' }).count()).toBe(0);

    // Its key, added through Add wallet, turns the same account into one that signs.
    await shell.goTo('Send');
    await watched.getByRole('link', { name: 'Add its recovery phrase or key', exact: true }).click();
    await onboarding.method('Import a private key').click();
    await page.getByLabel('Private key', { exact: true }).fill(key);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('This key controls').waitFor();
    await page.getByRole('button', { name: 'Add to Cairn' }).click();
    await page.getByRole('heading', { name: 'Accounts', exact: true }).waitFor();
    expect(await shell.accountLabels()).toEqual([`Savings — ${address.slice(0, 6)}…${address.slice(-4)}`]);
    const send = new Send(page);
    await send.open();
    expect(await send.field('From').locator('option').allTextContents()).toEqual([
      `Savings — ${address.slice(0, 6)}…${address.slice(-4)}`,
    ]);
    expect(await watched.count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it('shows a failed read where the transaction would be, with Try again that reads it once the node answers', async () => {
    const { page, shell, states } = await freshKeyWallet();
    const node = nodeClient(env.chain.url);
    const hash = await node.sendTransaction({ account: demoAddress(3), to: demoAddress(4), value: parseEther('0.01') });
    await node.waitForTransactionReceipt({ hash });
    await states.empty('Nothing here yet').waitFor({ timeout: 20_000 });

    // A JSON-RPC error for this one read, not an HTTP failure: the chain-head poll may share its
    // batch (one HTTP request), and must keep its answer.
    env.proxy?.setFault({
      kind: 'refuse',
      code: -32603,
      message: 'internal error',
      methods: ['eth_getTransactionByHash'],
    });
    const tx = new TransactionPage(page);
    await tx.searchFor(hash);
    await tx.screen.waitFor();
    const { alert, tryAgain } = states.error(tx.screen, /^This transaction could not be read: /);
    await alert.waitFor({ timeout: 15_000 });
    expect(await tryAgain.isVisible()).toBe(true);
    // The node itself answers (only this read fails): the shell shows no node problem.
    expect(await shell.statusText()).toContain('Connected');
    await expectNoAxeViolation(page);

    env.proxy?.setFault({ kind: 'none' });
    await tryAgain.click();
    await tx.screen.getByText('Success', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await alert.count()).toBe(0);
    expect(await tx.screen.getByText(demoAddress(4)).count()).toBeGreaterThan(0);
  });

  it('confirms a copied address and a saved contact beside their controls, with no notice', async () => {
    const { page, context, shell, states } = await freshKeyWallet();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(env.server.url).origin });
    await shell.goTo('Receive');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Copy address', exact: true }).click();
    await main
      .getByRole('status')
      .filter({ hasText: /^Copied\.$/ })
      .waitFor();
    const address = /0x[0-9a-fA-F]{40}/.exec((await main.textContent()) ?? '')?.[0];
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    expect(await states.notices.textContent()).toBe('');

    const tx = new TransactionPage(page);
    await tx.searchFor(demoAddress(15));
    const form = page.getByRole('form', { name: 'Add to address book', exact: true });
    await form.getByLabel('Name', { exact: true }).fill('Market stall');
    await form.getByRole('button', { name: 'Save contact', exact: true }).click();
    await main.getByRole('status').filter({ hasText: 'Saved to your address book as “Market stall”.' }).waitFor();
    expect(await states.notices.textContent()).toBe('');
    // Nothing arrives later either: the contact was stored, no background failure to report.
    await page.waitForTimeout(1_000);
    expect(await states.notices.textContent()).toBe('');
    await new Settings(page).open('Address book');
    expect(await main.getByText('Market stall').count()).toBeGreaterThan(0);
  });
});
