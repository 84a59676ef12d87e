import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screens } from '../src/app/paths.ts';
import { DEMO_MNEMONIC } from '../src/core/chain/localChain.ts';
import { words } from '../src/testing/catalogWords.ts';
import { AppShell } from './pages/AppShell.ts';
import { Onboarding } from './pages/Onboarding.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { pauseClockSoon } from './support/pageClock.ts';
import { mineTransfer, nodeClient } from './support/rpc.ts';

describe('app shell against a fresh local chain', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment({ ownChain: true });
  });
  afterAll(async () => {
    await env?.close();
  });

  it('loads with the local network selected and warns loudly that the demo keys are public', async () => {
    const { page, consoleErrors } = await env.newPage();
    const shell = new AppShell(page);
    await shell.open(env.server.url);
    expect(await shell.selectedNetwork()).toBe('Local chain');
    await expect.poll(() => shell.statusText()).toContain('Connected');
    expect(await shell.statusText()).toContain('chain id 31337');
    const notice = (await shell.localChainNotice.textContent()) ?? '';
    expect(notice).toContain(DEMO_MNEMONIC);
    expect(notice).toMatch(/known to everyone/i);
    expect(consoleErrors).toEqual([]);
  });

  it('shows the block number the node reports and advances when a transaction is mined', async () => {
    const { page } = await env.newPage();
    const shell = new AppShell(page);
    await shell.open(env.server.url);
    const client = nodeClient(env.chain.url);
    const before = await client.getBlockNumber({ cacheTime: 0 });
    await expect.poll(() => shell.shownBlockNumber()).toBe(before);
    const mined = await mineTransfer(env.chain.url);
    expect(mined).toBe(before + 1n);
    await expect.poll(() => shell.shownBlockNumber(), { timeout: 10_000 }).toBe(mined);
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(mined);
  });

  it('has one navigation link per main screen, each opening its screen', async () => {
    const { page } = await demoWalletPage(env);
    const shell = new AppShell(page);
    for (const screen of screens.filter((s) => s.inNav)) {
      await shell.navLink(words('en', screen.label)).click();
      await expect.poll(() => shell.heading.textContent()).toBe(words('en', screen.label));
      expect(await shell.navLink(words('en', screen.label)).getAttribute('aria-current')).toBe('page');
      expect(page.url()).toContain(`#${screen.path}`);
      // Every screen has landed: none shows the old placeholder.
      expect(await page.getByText('Not available yet.').isVisible()).toBe(false);
    }
    await page.goto(`${env.server.url}#/no-such-screen`);
    await expect.poll(() => shell.heading.textContent()).toBe('Page not found');
  });

  it('a screen whose code cannot be loaded says so with a reload, and the other screens still work', async () => {
    const { page } = await demoWalletPage(env);
    const shell = new AppShell(page);
    // As after an update that removed the old build's files, or a dropped connection.
    await page.route(/\/assets\/ContractsScreen-[^/]*\.js$/, (route) => route.abort('connectionreset'));
    await shell.navLink('Contracts').click();
    const failed = shell.screenFailure;
    await failed.waitFor();
    expect(await failed.textContent()).toContain('Part of Cairn could not be loaded');
    expect(await failed.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
    await shell.navLink('Receive').click();
    await expect.poll(() => shell.heading.textContent()).toBe('Receive');
    expect(await failed.count()).toBe(0);
  });

  it('a screen whose words cannot be loaded says so too, once, rather than waiting for ever', async () => {
    const { page } = await demoWalletPage(env);
    const shell = new AppShell(page);
    const asked: string[] = [];
    await page.route(/\/assets\/messages-en-nfts-[^/]*\.js$/, (route) => {
      asked.push(route.request().url());
      return route.abort('connectionreset');
    });
    await shell.navLink('NFTs').click();
    const failed = shell.screenFailure;
    await failed.waitFor();
    expect(await failed.textContent()).toContain('Part of Cairn could not be loaded');
    await page.waitForTimeout(500);
    expect(asked, 'the catalog is asked for once, not again and again').toHaveLength(1);
    await shell.navLink('Receive').click();
    await expect.poll(() => shell.heading.textContent()).toBe('Receive');
  });

  it('mounts the wallet once when its code arrives after unlock and the chain watch after it', async () => {
    const { page } = await env.newPage();
    const shell = new AppShell(page);
    // A busy machine's order: the wallet's chunk after the vault opened, the chain watch's later still.
    const held = (pattern: RegExp) => {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      void page.route(pattern, async (route) => {
        await released;
        await route.continue();
      });
      return release;
    };
    const releaseWallet = held(/\/assets\/UnlockedApp-[^/]*\.js$/);
    const releaseWatch = held(/\/assets\/ChainWatch-[^/]*\.js$/);
    await shell.open(env.server.url);
    const onboarding = new Onboarding(page);
    await onboarding.method('Open demo wallet').click();
    await onboarding.finishWithPassword();
    await page.getByRole('status').filter({ hasText: 'Opening your wallet…' }).waitFor();
    releaseWallet();
    await shell.accountChip.waitFor();
    const menu = await shell.accountChip.getAttribute('aria-controls');
    const nav = await shell.nav.elementHandle();
    releaseWatch();
    await expect.poll(() => shell.statusText()).toContain('Connected');
    expect(await nav?.evaluate((element) => element.isConnected)).toBe(true);
    expect(await shell.accountChip.getAttribute('aria-controls')).toBe(menu);
  });

  it('keeps the selected network across a reload', async () => {
    const { page } = await env.newPage();
    const shell = new AppShell(page);
    await shell.open(env.server.url);
    await shell.chooseNetwork('Sepolia');
    await expect.poll(() => shell.statusText()).toContain('chain id 11155111');
    await page.reload();
    await shell.heading.waitFor();
    // Still Sepolia's node in the header's status. Sepolia is now followed beside the local chain
    // (the first choice of a page served with it), so the chip shows both: All networks.
    await expect.poll(() => shell.statusText()).toContain('chain id 11155111');
    expect(await shell.selectedNetwork()).toBe('All networks');
    await shell.chooseNetwork('Sepolia');
    expect(await shell.selectedNetwork()).toBe('Sepolia');
    await shell.chooseNetwork('Local chain');
    await expect.poll(() => shell.statusText()).toContain('Connected');
  });

  it('shows the node as unreachable with its RPC URL when it stops, and recovers by itself when it returns', async () => {
    const { page } = await env.newPage();
    const shell = new AppShell(page);
    await shell.open(env.server.url);
    await expect.poll(() => shell.statusText()).toContain('Connected');

    await env.stopChain();
    await shell.problem.waitFor({ timeout: 10_000 });
    const problem = (await shell.problem.textContent()) ?? '';
    expect(problem).toContain('Node unreachable');
    expect(problem).toContain(env.chain.url);
    expect(await shell.statusText()).toContain('Unreachable');
    expect(await shell.retry.isVisible()).toBe(true);

    await env.restartChain();
    await shell.problem.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => shell.statusText()).toContain('Connected');
    const block = await nodeClient(env.chain.url).getBlockNumber({ cacheTime: 0 });
    await expect.poll(() => shell.shownBlockNumber()).toBe(block);
  });

  it('Retry checks the node again at once', async () => {
    const { page } = await env.newPage();
    // Timers are frozen and moved by hand, so a check can only come from the poll we release
    // or from the Retry button. Small steps let React and TanStack Query deliver updates
    // without reaching the next poll (at least 2 s away once a check has failed).
    await page.clock.install();
    const shell = new AppShell(page);
    await shell.open(env.server.url);
    await expect.poll(() => shell.statusText()).toContain('Connected');
    await pauseClockSoon(page.clock, [page]);
    const settle = async (until: () => Promise<boolean>) => {
      for (let step = 0; step < 50 && !(await until()); step++) {
        await page.clock.runFor(10);
        await page.waitForTimeout(20);
      }
    };

    await env.stopChain();
    await page.clock.runFor(1_100);
    await settle(() => shell.problem.isVisible());
    expect(await shell.problem.isVisible()).toBe(true);

    await env.restartChain();
    await settle(async () => false);
    expect(await shell.problem.isVisible()).toBe(true);
    await shell.retry.click();
    await settle(async () => !(await shell.problem.isVisible()));
    expect(await shell.problem.isVisible()).toBe(false);
    expect(await shell.statusText()).toContain('Connected');
  });
});
