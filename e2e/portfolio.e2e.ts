import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { erc20Abi, parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAddress, demoContractAddresses } from '../devchain/seed.ts';
import { AppShell } from './pages/AppShell.ts';
import { Unlock } from './pages/Onboarding.ts';
import { Portfolio } from './pages/Portfolio.ts';
import { Settings } from './pages/Settings.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { nodeClient } from './support/rpc.ts';
import { slowStorageWrites } from './support/slowStorage.ts';

const tokens = demoContractAddresses();
const demoTokens = [
  { symbol: 'DAI', address: tokens.DAI, decimals: 18 },
  { symbol: 'USDC', address: tokens.USDC, decimals: 6 },
  { symbol: 'USDT', address: tokens.USDT, decimals: 6 },
  { symbol: 'MKR', address: tokens.MKR, decimals: 18 },
];

describe('portfolio, tokens, networks and receive', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment({ ownChain: true });
  });
  afterAll(async () => {
    await env?.close();
  });

  async function openPortfolio() {
    const opened = await demoWalletPage(env);
    const shell = new AppShell(opened.page);
    const portfolio = new Portfolio(opened.page);
    await portfolio.status.waitFor();
    await portfolio.groupByAccount();
    return { ...opened, shell, portfolio };
  }

  it('shows every demo account’s balances exactly as the node reports them', async () => {
    const { portfolio, consoleErrors } = await openPortfolio();
    const node = nodeClient(env.chain.url);
    for (const [index, name] of ['Demo account 1', 'Demo account 2', 'Demo account 3'].entries()) {
      const address = demoAddress(index);
      await expect.poll(() => portfolio.balance(name, 'ETH', 18)).toBe(await node.getBalance({ address }));
      for (const token of demoTokens) {
        const expected = await node.readContract({
          address: token.address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [address],
        });
        // Token rows can appear a moment after the native row (their details are read first).
        await expect
          .poll(() => portfolio.balance(name, token.symbol, token.decimals), { message: `${name} ${token.symbol}` })
          .toBe(expected);
      }
    }
    expect(consoleErrors).toEqual([]);
  });

  it('prices assets from the on-chain feeds and keeps unpriced and unsolicited tokens out of totals', async () => {
    const { page, portfolio } = await openPortfolio();
    const row = portfolio.row('Demo account 1', 'DAI');
    await expect.poll(async () => (await row.getByRole('cell').nth(1).textContent()) ?? '').toMatch(/^\$[\d,]+\.\d\d$/);
    expect(await portfolio.row('Demo account 1', 'MKR').getByRole('cell').nth(1).textContent()).toContain('no price');
    const spam = portfolio.account('Demo account 1').getByText(/you did not add — possibly spam, not counted/);
    await spam.click();
    expect(
      await portfolio
        .account('Demo account 1')
        .getByText(/Visit claim-rewards\.example to claim/)
        .isVisible(),
    ).toBe(true);
    expect(await page.getByRole('row').filter({ hasText: 'CLAIM' }).count()).toBe(0);
  });

  it('shows a transfer made outside Cairn after the next block', async () => {
    const { portfolio } = await openPortfolio();
    const node = nodeClient(env.chain.url);
    let before = 0n;
    await expect
      .poll(async () => {
        before = (await portfolio.balance('Demo account 2', 'USDC', 6)) ?? -1n;
        return before;
      })
      .toBeGreaterThan(0n);
    const hash = await node.writeContract({
      account: demoAddress(1),
      address: tokens.USDC,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [demoAddress(9), parseUnits('2.5', 6)],
      chain: node.chain,
    });
    await node.waitForTransactionReceipt({ hash });
    await expect
      .poll(() => portfolio.balance('Demo account 2', 'USDC', 6), { timeout: 10_000 })
      .toBe(before - 2_500_000n);
    expect(await portfolio.shownBlock()).toBe(await node.getBlockNumber({ cacheTime: 0 }));
  });

  it('adds a token by address (asking for missing decimals), hides and shows tokens, refuses non-tokens', async () => {
    const { page, portfolio } = await openPortfolio();
    await portfolio.openTokens();
    const address = page.getByLabel('Token contract address');
    const lookUp = page.getByRole('button', { name: 'Look up token' });

    await address.fill(demoAddress(7));
    await lookUp.click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('There is no contract at this address on Local chain');
    expect(await address.inputValue()).toBe(demoAddress(7));
    await address.fill(tokens.NFT);
    await lookUp.click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('does not behave like an ERC-20 token');
    await address.fill(tokens.DAI);
    await lookUp.click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('DAI is already in your tokens');

    await address.fill(tokens.ODD);
    await lookUp.click();
    const form = page.getByRole('form', { name: 'Add token' });
    await form.getByLabel('Decimals').fill('x');
    await form.getByRole('button', { name: 'Add ODD' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toContain('whole number from 0 to 36');
    await form.getByLabel('Decimals').fill('0');
    await form.getByRole('button', { name: 'Add ODD' }).click();
    await page.getByText('ODD added.', { exact: true }).waitFor();
    await portfolio.backHome();
    await expect.poll(() => portfolio.balance('Demo account 1', 'ODD', 0)).toBe(1000n);

    await portfolio.row('Demo account 1', 'DAI').getByRole('button', { name: 'Hide DAI' }).click();
    await expect.poll(() => portfolio.row('Demo account 1', 'DAI').count()).toBe(0);
    await portfolio.openTokens();
    await page.getByRole('button', { name: 'Show DAI' }).click();
    await portfolio.backHome();
    await expect.poll(() => portfolio.row('Demo account 1', 'DAI').count()).toBe(1);

    await page.getByLabel('Hide tokens with a zero balance').check();
    await expect.poll(() => portfolio.row('Demo account 3', 'DAI').count()).toBe(0);
    expect(await portfolio.row('Demo account 3', 'ETH').count()).toBe(1);
    await page.getByLabel('Hide tokens with a zero balance').uncheck();

    await portfolio.openTokens();
    await page.getByRole('button', { name: 'Remove ODD' }).click();
    await portfolio.backHome();
    await expect.poll(() => portfolio.row('Demo account 1', 'ODD').count()).toBe(0);
  });

  it('adds and removes a network, checking its chain id first; switching keeps the account', async () => {
    const { page, shell } = await openPortfolio();
    const account2 = 'Demo account 2 — 0x7099…79C8 (public test key)';
    await shell.chooseAccount(account2);
    await expect.poll(() => shell.accountChip.textContent()).toContain('Demo account 2');
    await new Settings(page).open('Networks');
    await page.getByRole('button', { name: 'Add a network' }).click();
    const form = page.getByRole('form', { name: 'Add a network' });
    await form.getByLabel('Network name').fill('Second local');
    await form.getByLabel('RPC URLs').fill(env.chain.url);
    await form.getByLabel('Chain id').fill('1');
    await form.getByLabel('Currency symbol').fill('ETH');
    await form.getByRole('button', { name: 'Save network' }).click();
    await expect
      .poll(() => form.getByRole('alert').textContent())
      .toBe(`The node at ${env.chain.url} reports chain id 31337, but this network is chain id 1. Nothing was saved.`);
    await form.getByLabel('RPC URLs').fill('http://127.0.0.1:1');
    await form.getByLabel('Chain id').fill('31337');
    await form.getByRole('button', { name: 'Save network' }).click();
    await expect
      .poll(() => form.getByRole('alert').textContent())
      .toContain('http://127.0.0.1:1: The node could not be reached.');
    await form.getByLabel('RPC URLs').fill(env.chain.url);
    await form.getByRole('button', { name: 'Save network' }).click();
    await form.waitFor({ state: 'detached' });

    await shell.chooseNetwork('Second local');
    await expect.poll(() => shell.statusText()).toContain('Second local');
    expect(await shell.accountChip.textContent()).toContain('Demo account 2');
    await page.getByRole('button', { name: 'Remove Second local' }).click();
    await expect.poll(() => shell.selectedNetwork()).toBe('Local chain');
    expect(await shell.networkNames()).not.toContain('Second local');
  });

  it('keeps a token and a network said to be added through a reload straight after, however slow storage is', async () => {
    const { page, shell, portfolio, consoleErrors } = await openPortfolio();
    await slowStorageWrites(page, ['settings'], 1_500);
    const reload = async () => {
      await page.reload();
      await new Unlock(page).unlock();
      await portfolio.status.waitFor();
    };
    await reload();

    const form = await portfolio.lookUpToken(tokens.ODD);
    await form.getByLabel('Decimals').fill('0');
    await form.getByRole('button', { name: 'Add ODD' }).click();
    await page.getByText('ODD added.', { exact: true }).waitFor();
    await portfolio.backHome();
    await reload();
    await portfolio.groupByAccount();
    await expect.poll(() => portfolio.balance('Demo account 1', 'ODD', 0)).toBe(1000n);

    await new Settings(page).open('Networks');
    await page.getByRole('button', { name: 'Add a network' }).click();
    const network = page.getByRole('form', { name: 'Add a network' });
    await network.getByLabel('Network name').fill('Second local');
    await network.getByLabel('RPC URLs').fill(env.chain.url);
    await network.getByLabel('Chain id').fill('31337');
    await network.getByLabel('Currency symbol').fill('ETH');
    await network.getByRole('button', { name: 'Save network' }).click();
    await network.waitFor({ state: 'detached' });
    await page.reload();
    await new Unlock(page).unlock();
    await expect.poll(() => shell.networkNames()).toContain('Second local');
    expect(consoleErrors).toEqual([]);
  });

  it('shows the address and a QR code of its EIP-681 URI that decodes back', async () => {
    const { page, shell } = await openPortfolio();
    await shell.navLink('Receive').click();
    const qr = page.getByRole('img', { name: /^QR code of / });
    const png = PNG.sync.read(await qr.screenshot());
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(`ethereum:${demoAddress(0)}@31337`);
    expect(await page.getByText(/^On Local chain \(chain id 31337\)/).isVisible()).toBe(true);
    expect(await page.getByText(/Send only ETH and tokens of Local chain/).isVisible()).toBe(true);
    expect(await page.getByRole('main').textContent()).toContain(demoAddress(0));
  });

  it('keeps the last balances, marked stale with their block and age, while the node is down, even when the token list changes', async () => {
    const { page, portfolio, shell } = await openPortfolio();
    await expect.poll(() => portfolio.balance('Demo account 1', 'ETH', 18)).toBeDefined();
    await expect.poll(() => portfolio.shownBlock()).toBeDefined();
    const block = await portfolio.shownBlock();
    const before = await portfolio.balance('Demo account 1', 'ETH', 18);
    await env.stopChain();
    try {
      await expect
        .poll(() => portfolio.status.textContent(), { timeout: 15_000 })
        .toMatch(new RegExp(`The node is not answering: showing balances from block ${block}, \\d+ (s|min) ago\\.`));
      expect(await portfolio.balance('Demo account 1', 'ETH', 18)).toBe(before);
      // A changed token list that cannot be read now must not wipe the balances already shown.
      await portfolio.row('Demo account 1', 'DAI').getByRole('button', { name: 'Hide DAI' }).click();
      await expect.poll(() => portfolio.row('Demo account 1', 'DAI').count()).toBe(0);
      await page.waitForTimeout(1_500);
      expect(await portfolio.balance('Demo account 1', 'ETH', 18)).toBe(before);
      expect(await portfolio.status.textContent({ timeout: 1_000 })).toMatch(/^The node is not answering/);
    } finally {
      await env.restartChain();
    }
    // Polling backs off while the node is down (up to 30 s); Retry, while shown, asks again at once.
    if (await shell.retry.isVisible()) await shell.retry.click({ timeout: 2_000 }).catch(() => undefined);
    await expect.poll(() => portfolio.status.textContent(), { timeout: 15_000 }).toMatch(/^Balances at block/);
  });
});
