// Cairn's companion extension on the pages that test it: a page with COOP same-origin, a page
// where another wallet set window.ethereum first, a dApp written for MetaMask with the
// compatibility mode on and off, a Cairn that cannot be reached, pages that ask again and again
// without a click, the options page, and a page's first script that would see the extension's
// private channel.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../scripts/serve/ports.ts';
import type { Chrome } from '../src/extension/chromeApi.ts';
import { SampleDapp } from './pages/SampleDapp.ts';
import { approveInWindow, windowOpenedBy } from './support/dappSession.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { cairnWindowsIn, demoWalletIn, type ExtensionProfile, extensionProfile } from './support/extension.ts';
import { type SampleDapp as SampleDappServer, startSampleDapp } from './support/sampleDapp.ts';

const DEMO = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

describe('the companion extension on the pages that test it', () => {
  let env: Environment;
  let dappServer: SampleDappServer;
  let profile: ExtensionProfile;
  let site: string;
  beforeAll(async () => {
    env = await startEnvironment();
    dappServer = await startSampleDapp(env.server.url, { connector: false });
    site = new URL(dappServer.url).origin;
    profile = await extensionProfile(env.server.url);
    await demoWalletIn(profile.context, env.server.url);
  });
  afterAll(async () => {
    await profile?.close();
    await dappServer?.close();
    await env?.close();
  });

  /** Clicks `name` on `page`; returns the Cairn window the extension opens, once it shows the request. */
  const windowOn = (page: Page, name: string) =>
    windowOpenedBy(profile.context, () => page.getByRole('button', { name, exact: true }).click());

  const cairnWindows = () => cairnWindowsIn(profile.context);

  const ethereumOf = (page: Page) =>
    page.evaluate(() => {
      const ethereum = (window as { ethereum?: Record<string, unknown> }).ethereum;
      return { isCairn: ethereum?.isCairn, isMetaMask: ethereum?.isMetaMask, other: ethereum?.isOtherWallet };
    });

  it('connects a page sent with Cross-Origin-Opener-Policy: same-origin', async () => {
    const dapp = new SampleDapp(await profile.context.newPage());
    await dapp.open(dappServer.pages.coop);
    await dapp.chooseWallet('Cairn');
    await approveInWindow(await windowOn(dapp.page, 'Connect'), 'Connect');
    expect((await dapp.result('Connect result')).toLowerCase()).toBe(DEMO);
    await dapp.page.close();
  });

  it('leaves another wallet’s window.ethereum in place, unless the person lets Cairn take it on that site', async () => {
    const page = await profile.context.newPage();
    // Another wallet's provider, set before any script of the page (as its extension would).
    await page.addInitScript(() => {
      (window as { ethereum?: unknown }).ethereum = { isOtherWallet: true, request: async () => [] };
    });
    const dapp = new SampleDapp(page);
    await dapp.open(dappServer.url);
    expect(await ethereumOf(page)).toEqual({ isCairn: undefined, isMetaMask: undefined, other: true });
    // Cairn is still found, by EIP-6963.
    await dapp.chooseWallet('Cairn');

    await profile.configure({ takeOver: { all: false, except: [site] } });
    await dapp.open(dappServer.url);
    expect(await ethereumOf(page)).toEqual({ isCairn: true, isMetaMask: true, other: undefined });
    await profile.configure({ takeOver: { all: false, except: [] } });
    await page.close();
  });

  it('lets a dApp written for MetaMask work in compatibility mode, and not with it turned off for that site', async () => {
    const page = await profile.context.newPage();
    const provider = page.getByRole('status', { name: 'Provider', exact: true });
    const enable = page.getByRole('button', { name: 'Enable', exact: true });

    await profile.configure({ compat: { all: true, except: [site] } });
    await page.goto(dappServer.pages.legacy);
    expect(await provider.textContent()).toBe('No MetaMask: install MetaMask to use this dApp');
    expect(await enable.isDisabled()).toBe(true);
    expect(await ethereumOf(page)).toEqual({ isCairn: true, isMetaMask: undefined, other: undefined });

    await profile.configure({ compat: { all: true, except: [] } });
    await page.goto(dappServer.pages.legacy);
    expect(await provider.textContent()).toBe('MetaMask compatible (Cairn)');
    // Its legacy calls go through Cairn: enable() (already connected on this site: no window) and personal_sign.
    await enable.click();
    await expect
      .poll(async () => (await page.getByRole('status', { name: 'Enable result' }).textContent())?.toLowerCase())
      .toBe(DEMO);
    // Cairn's window answered it, and closes once idle.
    await expect.poll(() => cairnWindows().length, { timeout: 10_000 }).toBe(0);
    await approveInWindow(await windowOn(page, 'Personal sign'), 'Sign');
    expect(await page.getByRole('status', { name: 'Sign result' }).textContent()).toMatch(/^0x[0-9a-f]{130}$/);
    await page.close();
  });

  it('fails with 4900 naming the address when Cairn cannot be reached, opening no window', async () => {
    const nowhere = `http://127.0.0.1:${await findFreePort()}/`;
    await profile.configure({ wallet: nowhere });
    const dapp = new SampleDapp(await profile.context.newPage());
    await dapp.open(dappServer.url);
    await dapp.chooseWallet('Cairn');
    const pages = profile.context.pages().length;
    await dapp.field('Chain id to switch to').fill('1');
    expect(await dapp.run('Switch chain', 'Switch chain result')).toBe(
      `Error 4900: Cairn at ${nowhere} cannot be reached: check the address in the Cairn extension’s options, or that Cairn is up.`,
    );
    expect(profile.context.pages().length).toBe(pages);
    await profile.configure({ wallet: env.server.url });
    await dapp.page.close();
  });

  it('opens no window for a page that reloads itself, nor one that swaps frames, asking each time without a click', async () => {
    // A site of its own (not connected by the tests before), its pages served by routes.
    const other = `http://localhost:${new URL(dappServer.url).port}`;
    const ask = `window.ethereum.request({ method: 'eth_requestAccounts' }).catch(() => {});`;
    const pages: Record<string, string> = {
      [`${other}/reloads.html`]: `<!doctype html><title>Reloads</title><script>
        const loads = Number(sessionStorage.getItem('loads') ?? 0) + 1;
        sessionStorage.setItem('loads', String(loads));
        ${ask}
        if (loads < 5) setTimeout(() => location.reload(), 700);
      </script>`,
      [`${other}/frames.html`]: `<!doctype html><title>Frames</title><script>
        let swaps = 0;
        const swap = () => {
          document.querySelector('iframe')?.remove();
          const frame = document.createElement('iframe');
          frame.src = 'child.html';
          document.body.append(frame);
        };
        // The next swap once the frame in place has asked.
        window.asked = () => ++swaps < 5 && setTimeout(swap, 700);
        addEventListener('load', swap);
      </script>`,
      [`${other}/child.html`]: `<!doctype html><title>Child</title><script>${ask} parent.asked();</script>`,
    };
    // Counted as served, not asked of the page: Playwright's evaluate runs as a click would.
    const served = new Map<string, number>();
    const page = await profile.context.newPage();
    // Every page opened from now on (only Cairn's windows open by themselves), however briefly.
    const opened: Page[] = [];
    const count = (popup: Page) => void opened.push(popup);
    profile.context.on('page', count);
    for (const [url, body] of Object.entries(pages))
      await page.route(url, (route) => {
        served.set(url, (served.get(url) ?? 0) + 1);
        return route.fulfill({ contentType: 'text/html', body });
      });
    await page.route(`${other}/favicon.ico`, (route) => route.fulfill({ status: 204 }));

    // Each loop's last page stays, asking: long enough for a window to open, were it to.
    await page.goto(`${other}/reloads.html`);
    await expect.poll(() => served.get(`${other}/reloads.html`), { timeout: 30_000 }).toBe(5);
    await page.waitForTimeout(3_000);
    await page.goto(`${other}/frames.html`);
    await expect.poll(() => served.get(`${other}/child.html`), { timeout: 30_000 }).toBe(5);
    await page.waitForTimeout(3_000);
    profile.context.off('page', count);
    expect(opened.map((popup) => popup.url())).toEqual([]);
    expect(cairnWindows()).toEqual([]);
    // The last frame's request waits on the toolbar button of the page's tab.
    const badge = await profile.background.evaluate(async (url) => {
      const { chrome } = globalThis as unknown as {
        chrome: { tabs: { query(q: { url: string }): Promise<{ id?: number }[]> } } & Chrome;
      };
      const [tab] = await chrome.tabs.query({ url });
      return (chrome.action as unknown as { getBadgeText(d: { tabId?: number }): Promise<string> }).getBadgeText({
        tabId: tab?.id,
      });
    }, `${other}/frames.html`);
    expect(badge).toBe('1');
    await page.close();
  });

  it('keeps its channel out of the sight of the page’s first script', async () => {
    const page = await profile.context.newPage();
    // A page whose first script (inline, before any other) listens to every message, capturing.
    const probe = `${dappServer.url}probe.html`;
    await page.route(probe, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Probe</title><script>
          window.seenPorts = [];
          addEventListener('message', (event) => seenPorts.push(event.ports.length), true);
        </script><p>Probe</p>`,
      }),
    );
    await page.goto(probe);
    await page.waitForTimeout(500);
    // Cairn is there (EIP-6963), yet the page never saw the port that carries its channel.
    expect(await page.evaluate(() => (window as { ethereum?: { isCairn?: boolean } }).ethereum?.isCairn)).toBe(true);
    expect(await page.evaluate(() => (window as { seenPorts?: number[] }).seenPorts)).toEqual([]);
    // (A page posing as Cairn's window: e2e/extensionFrames.e2e.ts.)
    await page.close();
  });

  it('refuses an address that is not http(s) in its options page, keeping what was typed and storing nothing', async () => {
    const id = new URL(profile.background.url()).host;
    const options = await profile.context.newPage();
    await options.goto(`chrome-extension://${id}/options.html`);
    const address = options.getByLabel('Cairn’s address', { exact: true });
    await expect.poll(() => address.inputValue()).toBe(env.server.url);
    await address.fill('ftp://wallet.example/');
    await options.getByRole('button', { name: 'Save', exact: true }).click();
    await options.getByText('Cairn’s address must start with https:// or http://.', { exact: true }).waitFor();
    expect(await address.inputValue()).toBe('ftp://wallet.example/');
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    const stored = () =>
      profile.background.evaluate(async () => {
        const { chrome } = globalThis as unknown as { chrome: Chrome };
        return String(Object((await chrome.storage.local.get('settings')).settings).wallet);
      });
    expect(await stored()).toBe(env.server.url);

    const sites = options.getByLabel(/^Sites where the other choice holds \(one address per line, such as/);
    await address.fill(env.server.url);
    await sites.fill('app.example');
    await options.getByRole('button', { name: 'Save', exact: true }).click();
    await options.getByText(/^“app\.example” is not a site’s address/).waitFor();

    await sites.fill('https://app.example');
    await options.getByRole('button', { name: 'Save', exact: true }).click();
    await options.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await stored()).toBe(env.server.url);
    await options.close();
  });
});
