// React's development build warns of misuse its production build is silent about, or turns
// into rare failures there: a component that suspended on `use` and skipped it when resumed
// showed in production only as an occasional error #520. This walk runs Cairn built with
// React's development build, where every such warning is a console error the page fails on.
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAddress } from '../devchain/seed.ts';
import { AppShell } from './pages/AppShell.ts';
import { Onboarding, Unlock } from './pages/Onboarding.ts';
import { Send } from './pages/Send.ts';
import { buildCairn } from './support/appBuild.ts';
import { dappSpec } from './support/dappSession.ts';
import { collectConsoleProblems } from './support/environment.ts';
import { e2eDevelopmentDistDir } from './support/paths.ts';
import { everyScreen, settled } from './support/screenWalk.ts';

describe('Cairn on React’s development build', () => {
  // Before the environment starts (hooks run in the order they are declared).
  beforeAll(() => buildCairn(e2eDevelopmentDistDir, 'development'));
  const { env, dappWithCairn, windowFor, approve, connect } = dappSpec({ distDir: e2eDevelopmentDistDir });

  it('warns of nothing through set-up, every screen, a send review, locking and unlocking', async () => {
    const { page, consoleErrors } = await env().newPage();
    const shell = new AppShell(page);
    await shell.open(env().server.url);
    // The welcome screen stays up while what loads after it (the update notice, the wallet's
    // code and catalogs, fetched a second after) arrives.
    await settled(page);
    await page.waitForTimeout(2_500);
    await new Onboarding(page).openDemoWallet();

    let shown = '';
    for (const { url } of everyScreen(env())) {
      // The screen open already (Home, after set-up) has nothing to replace.
      const replacing = page.url() !== url;
      await page.goto(url);
      shown = await settled(page, replacing ? shown : '');
    }

    const send = new Send(page);
    await send.open();
    await send.fill({ recipient: demoAddress(3), amount: '0.5' });
    await send.continue();
    await send.review.waitFor({ timeout: 30_000 });

    await shell.lock();
    await new Unlock(page).unlock();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await settled(page);
    expect(consoleErrors).toEqual([]);
  }, 240_000);

  it('warns of nothing in the window a site opens: connecting, a message, typed data and a transaction', async () => {
    const { context, dapp, wallet, walletErrors } = await dappWithCairn();
    // Every page opened from here on is a window of Cairn's the site opened.
    const windowErrors: string[] = [];
    context.on('page', (page) => collectConsoleProblems(page, windowErrors));
    await connect(context, dapp);
    await dapp.field('Message').fill('Hello from the sample dApp');
    await approve(await windowFor(context, dapp, 'Sign message'), 'Sign');
    await approve(await windowFor(context, dapp, 'Sign typed data v4'), 'Sign');
    const send = await windowFor(context, dapp, 'Send transaction');
    await send.getByRole('region', { name: /What this transaction does/ }).waitFor();
    await approve(send, 'Confirm and send');
    expect(await dapp.result('Send transaction receipt', 60_000)).toMatch(/^mined in block \d+$/);
    await settled(wallet);
    expect(windowErrors).toEqual([]);
    expect(walletErrors).toEqual([]);
  }, 180_000);
});
