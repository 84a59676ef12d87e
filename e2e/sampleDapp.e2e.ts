// The sample dApp page on its own (examples/dapp), at 360 px wide: it finds wallets by EIP-6963,
// sends each request as viem over `custom(provider)` does, shows every result and error by name,
// and its test pages (hostile, frame) report what they receive. The wallet here is a stub
// (support/stubWallet.ts); the specs of Cairn's connector drive the same page against Cairn.

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hexToString } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../scripts/serve/ports.ts';
import { type StaticServer, startStaticServer } from '../scripts/serve/static-server.ts';
import { SampleDapp } from './pages/SampleDapp.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { launchChromium } from './support/browser.ts';
import { e2eDistDir } from './support/paths.ts';
import { type SampleDapp as SampleDappServer, startSampleDapp } from './support/sampleDapp.ts';
import { installStubWallet, STUB_WALLET_NAME, type StubWallet } from './support/stubWallet.ts';

const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('the sample dApp', () => {
  let browser: Browser;
  let wallet: StaticServer;
  let dapp: SampleDappServer;
  let noWalletDapp: SampleDappServer;
  const contexts: BrowserContext[] = [];

  async function newPage(): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    contexts.push(context);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) pageErrors.push(message.text());
    });
    return { context, page, pageErrors };
  }

  beforeAll(async () => {
    wallet = await startStaticServer({ root: e2eDistDir, port: await findFreePort() });
    dapp = await startSampleDapp(wallet.url);
    // A wallet URL where nothing answers: no connector loads, so no wallet announces itself.
    noWalletDapp = await startSampleDapp(`http://127.0.0.1:${await findFreePort()}/`);
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await dapp?.close();
    await noWalletDapp?.close();
    await wallet?.close();
  });

  it('says when no wallet announced itself, shows its origin, and reads well at 360 px', async () => {
    const { page, pageErrors } = await newPage();
    const sample = new SampleDapp(page);
    await sample.open(noWalletDapp.url);
    expect(await sample.walletStatus.textContent()).toBe('No wallet found');
    expect(await sample.output('This page’s origin').textContent()).toBe(new URL(noWalletDapp.url).origin);
    expect(await sample.run('Connect', 'Connect result')).toMatch(/^Error: no wallet chosen/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  describe('with a wallet', () => {
    let stub: StubWallet;
    let page: Page;
    let sample: SampleDapp;
    let pageErrors: string[];
    const lastRequest = (method: string) => stub.requests.filter((r) => r.method === method).at(-1)?.params;

    beforeAll(async () => {
      const opened = await newPage();
      ({ page, pageErrors } = opened);
      stub = await installStubWallet(opened.context);
      sample = new SampleDapp(page);
      await sample.open(dapp.url);
    });

    it('lists it by EIP-6963 and connects through it', async () => {
      await sample.wallets.getByRole('img', { name: `${STUB_WALLET_NAME} icon` }).waitFor();
      await sample.chooseWallet(STUB_WALLET_NAME);
      expect(await sample.run('Connect', 'Connect result')).toBe(stub.address);
      expect(await sample.field('Account').inputValue()).toBe(stub.address);
      expect(await sample.run('Accounts', 'Accounts result')).toBe(stub.address);
      expect(await sample.run('Chain id', 'Chain id result')).toBe('31337 (0x7a69)');
      expect(stub.requests.map((r) => r.method)).toEqual(['eth_requestAccounts', 'eth_accounts', 'eth_chainId']);
      expect(await sample.results.textContent()).toContain(`Connect result: ${stub.address}`);
    });

    it('signs a message, a sign-in for another domain and typed data, and checks each signature', async () => {
      await sample.field('Message').fill('Hello, test');
      expect(await sample.run('Sign message', 'Sign message result')).toMatch(/^0x[0-9a-f]{130}$/);
      expect(await sample.result('Sign message verification')).toBe('valid');
      expect(lastRequest('personal_sign')).toEqual([expect.any(String), stub.address]);

      await sample.field('Sign-in domain').fill('evil.example');
      await sample.run('Sign in with Ethereum', 'Sign in with Ethereum result');
      expect(await sample.result('Sign in with Ethereum verification')).toBe('valid');
      const siwe = await sample.result('Sign in with Ethereum message');
      expect(siwe).toMatch(/^http:\/\/evil\.example wants you to sign in with your Ethereum account:\n/);
      expect(siwe).toContain(`URI: ${new URL(dapp.url).origin}`);
      const signed = lastRequest('personal_sign') as [`0x${string}`, string];
      expect(hexToString(signed[0])).toBe(siwe);

      await sample.run('Sign typed data v4', 'Sign typed data result');
      expect(await sample.result('Sign typed data verification')).toBe('valid');
      const [from, json] = lastRequest('eth_signTypedData_v4') as [string, string];
      expect(from).toBe(stub.address);
      expect(JSON.parse(json)).toMatchObject({ primaryType: 'Mail', domain: { name: 'Ether Mail', chainId: 31337 } });
    });

    it('sends a transaction and a batch of calls, and follows them', async () => {
      const hash = await sample.run('Send transaction', 'Send transaction result');
      expect(hash).toBe(`0x${'ab'.repeat(32)}`);
      expect(await sample.result('Send transaction receipt')).toBe('mined in block 5');
      expect(lastRequest('eth_sendTransaction')).toEqual([
        expect.objectContaining({ from: stub.address, to: RECIPIENT, value: '0x2386f26fc10000' }),
      ]);
      // viem checks the wallet's chain against the one it was given just before sending.
      const methods = stub.requests.map((r) => r.method);
      expect(methods[methods.indexOf('eth_sendTransaction') - 1]).toBe('eth_chainId');

      const id = await sample.run('Send calls', 'Send calls result');
      expect(await sample.field('Calls id').inputValue()).toBe(id);
      expect(lastRequest('wallet_sendCalls')).toEqual([
        expect.objectContaining({
          version: '2.0.0',
          chainId: '0x7a69',
          from: stub.address,
          calls: [
            { to: RECIPIENT, value: '0x38d7ea4c68000' },
            { to: RECIPIENT, value: '0x71afd498d0000' },
          ],
        }),
      ]);
      expect(await sample.run('Calls status', 'Calls status result')).toBe('success (200), 2 receipts, blocks 5, 6');
      expect(lastRequest('wallet_getCallsStatus')).toEqual([id]);
    });

    it('switches and adds chains, watches a token, and reads and revokes permissions', async () => {
      await sample.field('Chain id to switch to').fill('0xa');
      expect(await sample.run('Switch chain', 'Switch chain result')).toBe('switched to chain 10');
      expect(lastRequest('wallet_switchEthereumChain')).toEqual([{ chainId: '0xa' }]);

      await sample.field('New chain id').fill('1337');
      await sample.field('New chain name').fill('Other chain');
      await sample.field('New chain RPC URL').fill('http://127.0.0.1:9999');
      await sample.field('New chain currency symbol').fill('OTH');
      expect(await sample.run('Add chain', 'Add chain result')).toBe('added chain 1337');
      expect(lastRequest('wallet_addEthereumChain')).toEqual([
        expect.objectContaining({
          chainId: '0x539',
          chainName: 'Other chain',
          nativeCurrency: { name: 'OTH', symbol: 'OTH', decimals: 18 },
          rpcUrls: ['http://127.0.0.1:9999'],
        }),
      ]);

      await sample.field('Token address').fill(RECIPIENT);
      await sample.field('Token symbol (optional)').fill('TKN');
      await sample.field('Token decimals (optional)').fill('6');
      expect(await sample.run('Watch asset', 'Watch asset result')).toBe('added');
      expect(lastRequest('wallet_watchAsset')).toEqual({
        type: 'ERC20',
        options: { address: RECIPIENT, symbol: 'TKN', decimals: 6 },
      });

      expect(JSON.parse(await sample.run('Get permissions', 'Get permissions result'))).toEqual([
        { parentCapability: 'eth_accounts', caveats: [] },
      ]);
      expect(JSON.parse(await sample.run('Get capabilities', 'Get capabilities result'))).toEqual({
        31337: { atomic: { status: 'unsupported' } },
      });
      expect(lastRequest('wallet_getCapabilities')).toEqual([stub.address]);
      expect(await sample.run('Revoke permissions', 'Revoke permissions result')).toBe('revoked');
      expect(lastRequest('wallet_revokePermissions')).toEqual([{ eth_accounts: {} }]);
      expect(await sample.field('Account').inputValue()).toBe('');
    });

    it('shows each error as "Error <code>: <message>", without retrying', async () => {
      stub.failNext({ code: 4001, message: 'The person declined the request.' });
      expect(await sample.run('Connect', 'Connect result')).toBe('Error 4001: The person declined the request.');
      stub.failNext({ code: 4100, message: 'Not connected.' });
      await sample.field('Account').fill(stub.address);
      expect(await sample.run('Sign message', 'Sign message result')).toBe('Error 4100: Not connected.');
      expect(await sample.output('Sign message verification').textContent()).toBe('');
      const before = stub.requests.length;
      stub.failNext({ code: -32005, message: 'Too many requests.' });
      expect(await sample.run('Chain id', 'Chain id result')).toBe('Error -32005: Too many requests.');
      expect(stub.requests.length).toBe(before + 1);
      await sample.field('Recipient').fill('0x1234');
      expect(await sample.run('Send transaction', 'Send transaction result')).toBe(
        'Error: Recipient is not an address (0x and 40 hex digits).',
      );
    });

    it('logs the provider’s events', async () => {
      await stub.emit(page, 'accountsChanged', [RECIPIENT]);
      await stub.emit(page, 'chainChanged', '0xa');
      await stub.emit(page, 'connect', { chainId: '0x7a69' });
      await stub.emit(page, 'disconnect', { code: 4900, message: 'The connection is closed.' });
      const text = await sample.events.textContent();
      expect(text).toContain(`accountsChanged: ${RECIPIENT}`);
      expect(text).toContain('chainChanged: 0xa (10)');
      expect(text).toContain('connect: {"chainId":"0x7a69"}');
      expect(text).toContain('disconnect: Error 4900: The connection is closed.');
      expect(await sample.field('Account').inputValue()).toBe(RECIPIENT);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const violations = await seriousViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  });

  it('hostile.html opens Cairn claiming another origin, forges the handshake and reports what it got', async () => {
    const { page, context, pageErrors } = await newPage();
    await page.goto(`${dapp.pages.hostile}?claim=${encodeURIComponent('https://dapp.example')}`);
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Open Cairn claiming that origin', exact: true }).click();
    const opened = await popup;
    expect(opened.url()).toMatch(
      new RegExp(`^${wallet.url}dapp\\.html#origin=https%3A%2F%2Fdapp\\.example&nonce=[0-9a-f]{32}$`),
    );
    const sent = page.getByRole('status', { name: 'Forged messages sent', exact: true });
    await expect.poll(async () => Number(await sent.textContent()), { timeout: 10_000 }).toBeGreaterThanOrEqual(8);
    expect(await page.getByRole('status', { name: 'Messages received', exact: true }).textContent()).toBe('none');
    expect(await page.getByRole('status', { name: 'Port messages received', exact: true }).textContent()).toBe('none');
    expect(pageErrors).toEqual([]);
  });

  it('frame.html puts Cairn’s dApp window in a frame: the browser refuses to show it, and nothing reaches the page', async () => {
    const { page, pageErrors } = await newPage();
    await page.goto(dapp.pages.frame);
    const frame = page.getByTitle('Cairn’s dApp window in a frame', { exact: true });
    expect(await frame.getAttribute('src')).toMatch(
      new RegExp(`^${wallet.url}dapp\\.html#origin=${encodeURIComponent(new URL(dapp.url).origin)}&nonce=`),
    );
    const sent = page.getByRole('status', { name: 'Forged messages sent', exact: true });
    await expect.poll(async () => Number(await sent.textContent()), { timeout: 10_000 }).toBeGreaterThanOrEqual(8);
    const received = page.getByRole('status', { name: 'Messages received from the frame', exact: true });
    expect(await received.textContent()).toBe('none');
    // The only complaint is the browser refusing to frame the window: Cairn's frame-ancestors 'none'.
    expect(pageErrors).toHaveLength(1);
    expect(pageErrors[0]).toContain(`Framing '${wallet.url}' violates`);
    expect(pageErrors[0]).toContain(`"frame-ancestors 'none'"`);
    const child = page.frames().find((f) => f !== page.mainFrame());
    expect(child?.url()).not.toMatch(/dapp\.html/);
  });
});
