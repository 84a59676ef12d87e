// A site on another origin uses Cairn through connect.js: discovery by EIP-6963, connecting in
// Cairn's window (stored before the site is told, however slow storage is), eth_accounts with no
// window after, personal_sign and Sign-In with Ethereum (a domain that is not the site's is a
// blocking warning), typed data verified on the site by
// viem, a transaction mined on the local chain with its preview shown, a closed window (4001),
// wallet_watchAsset and wallet_addEthereumChain (each RPC URL asked for its chain id), the unlock
// screen in the window, the page's own prompt when the browser blocks the window, and revoking
// the site from Cairn with and without its window open, a page whose COOP cuts the window off,
// a burst of requests past the rate limit, a batch of calls (EIP-5792) sent in order and followed,
// and typed data for another chain warned. Atomic batches: dappAtomic.e2e.ts.
import { describe, expect, it } from 'vitest';
import { demoContractAddresses } from '../devchain/seed.ts';
import { startRpcFaultProxy } from '../src/testing/rpcFaultProxy.ts';
import { AppShell } from './pages/AppShell.ts';
import { Unlock } from './pages/Onboarding.ts';
import { SampleDapp } from './pages/SampleDapp.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { launchChromium } from './support/browser.ts';
import { awake, dappSpec } from './support/dappSession.ts';
import { slowStorageWrites } from './support/slowStorage.ts';
import { readStored } from './support/storedRecords.ts';

describe('a dApp connects to Cairn', () => {
  const { env, dappServer, dappWithCairn, connectedSite, windowFor, approve, connect } = dappSpec();

  it('connects, then answers eth_accounts and eth_chainId with no window', async () => {
    const { context, dapp } = await dappWithCairn();
    const accounts = await connect(context, dapp);
    expect(accounts.toLowerCase()).toContain('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
    const pagesBefore = context.pages().length;
    expect((await dapp.run('Accounts', 'Accounts result')).toLowerCase()).toContain(
      '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    );
    expect(await dapp.run('Chain id', 'Chain id result')).toContain('31337');
    expect(context.pages()).toHaveLength(pagesBefore);
  });

  it('tells the site it is connected, and closes its window, only once that is stored, however slow storage is', async () => {
    const { context, dapp, wallet } = await dappWithCairn();
    // Cairn's windows opened from now on (the site's) commit their settings' writes 1.5 s late.
    await slowStorageWrites(context, ['settings'], 1_500);
    await connect(context, dapp);
    const stored = await readStored(wallet, 'settings', 'dappSites');
    expect(JSON.stringify(stored ?? {}).toLowerCase()).toContain('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
  });

  it('signs a message and a typed data v4 that the site verifies with viem', async () => {
    const { context, dapp } = await connectedSite();
    await dapp.field('Message').fill('Hello from the sample dApp');
    const popup = await windowFor(context, dapp, 'Sign message');
    expect(await popup.getByRole('document', { name: 'Message to sign' }).textContent()).toContain(
      'Hello from the sample dApp',
    );
    await approve(popup, 'Sign');
    expect(await dapp.result('Sign message verification')).toBe('valid');

    const typed = await windowFor(context, dapp, 'Sign typed data v4');
    await approve(typed, 'Sign');
    expect(await dapp.result('Sign typed data verification')).toBe('valid');
  });

  it('blocks a Sign-In with Ethereum message for another domain until acknowledged', async () => {
    const { context, dapp } = await connectedSite();
    await dapp.field('Sign-in domain').fill('bank.example');
    const popup = await windowFor(context, dapp, 'Sign in with Ethereum');
    const main = popup.getByRole('main');
    await expect.poll(() => main.textContent()).toContain('This sign-in is for bank.example');
    const signIn = popup.getByRole('button', { name: 'Sign in', exact: true });
    // The approve delay over: only the warning holds Sign in.
    await awake(popup);
    expect(await signIn.isDisabled()).toBe(true);
    await popup.getByLabel('I understand the warning above and still want to sign').check();
    await approve(popup, 'Sign in');
    expect(await dapp.result('Sign in with Ethereum verification')).toBe('valid');
  });

  it('sends a transaction through the review with its preview, mined on the local chain', async () => {
    const { context, dapp, wallet } = await connectedSite();
    const popup = await windowFor(context, dapp, 'Send transaction');
    await popup.getByRole('region', { name: /What this transaction does/ }).waitFor();
    await approve(popup, 'Confirm and send');
    expect(await dapp.result('Send transaction result')).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await dapp.result('Send transaction receipt', 60_000)).toMatch(/^mined in block \d+$/);
    // Cairn's history says which site asked for it.
    await wallet.goto(`${env().server.url}#/activity`);
    await wallet
      .getByRole('main')
      .getByText(`asked by ${new URL(dappServer().url).host}`, { exact: true })
      .waitFor();
  });

  it('sends a batch of two calls one after another after one combined preview, and the site follows it to its receipts', async () => {
    const { context, dapp } = await connectedSite();
    const popup = await windowFor(context, dapp, 'Send calls');
    expect(await popup.getByRole('heading', { level: 1 }).textContent()).toBe('Send these 2 calls?');
    const calls = popup.getByRole('list', { name: 'Calls, in the order they are sent' });
    expect(await calls.getByRole('listitem').count()).toBe(2);
    const together = popup.getByRole('region', { name: 'What these calls do together' });
    await together.getByText(/one after another/).waitFor();
    // The two transfers' value, together: 0.001 + 0.002 ETH.
    expect(await together.textContent()).toMatch(/\b0\.003(?!\d)/);
    await approve(popup, 'Confirm and send all 2', 60_000);
    expect(await dapp.result('Send calls result')).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await dapp.run('Calls status', 'Calls status result')).toMatch(
      /^success \(200\), 2 receipts, blocks \d+, \d+$/,
    );
  });

  it('stops a batch at the call that fails, keeps the window open to say how it ended, and the site reads it as partly done', async () => {
    const { context, dapp } = await connectedSite();
    // DAI's contract refuses coin: the second transfer fails once the first is mined.
    await dapp.field('Second call to (optional)').fill(demoContractAddresses().DAI);
    const popup = await windowFor(context, dapp, 'Send calls');
    const together = popup.getByRole('region', { name: 'What these calls do together' });
    await together.getByText(/Call 2 of 2 would fail/).waitFor();
    const send = popup.getByRole('button', { name: 'Confirm and send all 2', exact: true });
    // The approve delay over: only the failing call holds Confirm.
    await awake(popup);
    expect(await send.isDisabled()).toBe(true);
    await together.getByRole('checkbox', { name: /I understand it would fail/ }).check();
    await expect.poll(() => send.isEnabled(), { timeout: 10_000 }).toBe(true);
    await send.click();
    await popup
      .getByRole('heading', { name: 'The batch did not all go through', level: 1 })
      .waitFor({ timeout: 60_000 });
    const outcome = popup.getByRole('status').filter({ hasText: 'calls went through' });
    expect(await outcome.textContent()).toMatch(
      /^1 of 2 calls went through\. Call 1: mined: succeeded\. Call 2: not sent: /,
    );
    expect(await dapp.result('Send calls result')).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await dapp.run('Calls status', 'Calls status result')).toMatch(/\(600\), 1 receipt, blocks \d+$/);
    // Close closes the window: the click's own wait may find the page gone, which is the point.
    const closed = popup.waitForEvent('close');
    await popup
      .getByRole('button', { name: 'Close', exact: true })
      .click()
      .catch(() => undefined);
    await closed;
  });

  it('warns of typed data for another chain than the site’s, and signs it only once acknowledged', async () => {
    const { context, dapp } = await connectedSite();
    await dapp.field('Typed data chain id (optional)').fill('10');
    const popup = await windowFor(context, dapp, 'Sign typed data v4');
    await popup.getByText(/This request is for chain 10, but the selected network is chain 31337/).waitFor();
    const sign = popup.getByRole('button', { name: 'Sign', exact: true });
    // The approve delay over: only the chain warning holds Sign.
    await awake(popup);
    expect(await sign.isDisabled()).toBe(true);
    await popup.getByRole('checkbox', { name: 'I understand what this signature allows' }).check();
    await approve(popup, 'Sign');
    expect(await dapp.result('Sign typed data result')).toMatch(/^0x[0-9a-f]{130}$/);
    expect(await dapp.result('Sign typed data verification')).toBe('valid');
  });

  it('rejects with 4001 when the person closes the window', async () => {
    const { context, dapp } = await dappWithCairn();
    const popup = await windowFor(context, dapp, 'Connect');
    await popup.close();
    expect(await dapp.result('Connect result')).toMatch(/^Error 4001: /);
  });

  it('keeps approve disabled for a moment, and the window passes an accessibility scan', async () => {
    const { context, dapp } = await dappWithCairn();
    const popup = await windowFor(context, dapp, 'Connect');
    expect(await popup.getByRole('button', { name: 'Connect', exact: true }).isDisabled()).toBe(true);
    await awake(popup);
    const violations = await seriousViolations(popup);
    expect(violations, describeViolations(violations)).toEqual([]);
    await popup.getByRole('button', { name: 'Decline', exact: true }).click();
    expect(await dapp.result('Connect result')).toMatch(/^Error 4001: /);
  });

  it('shows the anti-phishing phrase in its window, and a site disconnected in Cairn must connect again', async () => {
    const { context, dapp, wallet } = await connectedSite();
    await wallet.goto(`${env().server.url}#/settings/sites`);
    const main = wallet.getByRole('main');
    await main.getByLabel('Your phrase', { exact: true }).fill('blue heron at dawn');
    await main.getByRole('button', { name: 'Save phrase' }).click();
    await main.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const origin = new URL(dappServer().url).origin;
    await main.getByRole('button', { name: `Disconnect ${origin}` }).click();
    await main.getByText('No site is connected.').waitFor();

    const popup = await windowFor(context, dapp, 'Connect');
    expect(await popup.getByRole('heading', { level: 1 }).textContent()).toBe('Connect to this site?');
    expect(await popup.getByRole('main').textContent()).toContain('blue heron at dawn');
    await approve(popup, 'Connect');
    expect((await dapp.result('Connect result')).toLowerCase()).toContain('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
  });

  it('adds a token with what its contract says, and a network only once its RPC URL gives the chain id asked for', async () => {
    const { context, dapp } = await connectedSite();
    await dapp.field('Token address').fill(demoContractAddresses().SPAM);
    await dapp.field('Token symbol (optional)').fill('USDC');
    await dapp.field('Token decimals (optional)').fill('6');
    const token = await windowFor(context, dapp, 'Watch asset');
    const warning = token.getByRole('alert').filter({ hasText: 'does not match the contract' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain('The site calls it USDC; the contract says CLAIM.');
    expect(await warning.textContent()).toContain('The site says 6 decimals; the contract says 18.');
    await awake(token);
    const tokenViolations = await seriousViolations(token);
    expect(tokenViolations, describeViolations(tokenViolations)).toEqual([]);
    await approve(token, 'Add token');
    expect(await dapp.result('Watch asset result')).toBe('added');

    // Another chain's node, as far as the chain id goes: the local node behind a proxy that says 31338.
    const node = await startRpcFaultProxy(env().chain.url);
    node.setFault({ kind: 'chainId', chainId: 31338 });
    try {
      await dapp.field('New chain id').fill('31338');
      await dapp.field('New chain name').fill('Stub chain');
      await dapp.field('New chain currency symbol').fill('STB');
      // First an RPC URL that answers another chain id (the local node itself, 31337): nothing is added.
      await dapp.field('New chain RPC URL').fill(env().chain.url);
      const wrong = await windowFor(context, dapp, 'Add chain');
      expect(await wrong.getByRole('heading', { level: 1 }).textContent()).toBe('Add this network?');
      const check = wrong.getByRole('button', { name: 'Check and add', exact: true });
      await expect.poll(() => check.isEnabled(), { timeout: 10_000 }).toBe(true);
      await check.click();
      const refused = wrong.getByRole('alert').filter({ hasText: 'Nothing was added.' });
      await refused.waitFor();
      expect(await refused.textContent()).toMatch(/31337[\s\S]*31338|31338[\s\S]*31337/);
      const wrongClosed = wrong.waitForEvent('close');
      await wrong.getByRole('button', { name: 'Decline', exact: true }).click();
      expect(await dapp.result('Add chain result')).toMatch(/^Error 4001: /);
      // The window closes a moment after its last answer; a request before that would reuse it.
      await wrongClosed;

      await dapp.field('New chain RPC URL').fill(node.url);
      const added = await windowFor(context, dapp, 'Add chain');
      await awake(added);
      const chainViolations = await seriousViolations(added);
      expect(chainViolations, describeViolations(chainViolations)).toEqual([]);
      await approve(added, 'Check and add');
      expect(await dapp.result('Add chain result')).toBe('added chain 31338');
      expect(node.calls.eth_chainId).toBeGreaterThan(0);
      expect(await dapp.run('Chain id', 'Chain id result')).toContain('31338');
      // Back to a network the site already uses: answered by the connector, with no window.
      const pages = context.pages().length;
      await dapp.field('Chain id to switch to').fill('31337');
      expect(await dapp.run('Switch chain', 'Switch chain result')).toBe('switched to chain 31337');
      expect(await dapp.run('Chain id', 'Chain id result')).toContain('31337');
      expect(context.pages()).toHaveLength(pages);
    } finally {
      await node.close();
    }
  });

  it('shows the unlock screen in its window while Cairn is locked, then the request', async () => {
    const { context, dapp, wallet } = await connectedSite();
    await new AppShell(wallet).lock();
    await dapp.field('Message').fill('Signed after unlocking');
    const opened = context.waitForEvent('page');
    await dapp.button('Sign message').click();
    const popup = await opened;
    await popup.getByText('A site is asking Cairn for something.').waitFor();
    await new Unlock(popup).unlock();
    await popup.getByRole('heading', { level: 1, name: 'Sign this message?' }).waitFor();
    expect(await popup.getByRole('document', { name: 'Message to sign' }).textContent()).toContain(
      'Signed after unlocking',
    );
    await approve(popup, 'Sign');
    expect(await dapp.result('Sign message verification')).toBe('valid');
  });

  it('asks on the page with Continue in Cairn when the browser blocks the window, and opens it from the keyboard', async () => {
    const browser = await launchChromium({ blockPopups: true });
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      // The page asks as it loads, with no click behind it: the browser blocks the window.
      await context.addInitScript(() => {
        const answer = new Promise<string>((resolve) => {
          let asked = false;
          window.addEventListener('eip6963:announceProvider', (event) => {
            const { info, provider } = (event as CustomEvent).detail;
            if (info.name !== 'Cairn' || asked) return;
            asked = true;
            provider.request({ method: 'eth_requestAccounts' }).then(
              (accounts: string[]) => resolve(accounts.join()),
              (error: { code: number }) => resolve(`Error ${error.code}`),
            );
          });
        });
        Object.assign(window, { cairnAnswer: answer });
      });
      await page.goto(dappServer().url);
      const cdp = await context.newCDPSession(page);
      const continueButton = async () => {
        const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
          nodes: { role?: { value: string }; name?: { value: string }; ignored: boolean }[];
        };
        return nodes.some((n) => !n.ignored && n.role?.value === 'button' && n.name?.value === 'Continue in Cairn');
      };
      await expect.poll(continueButton, { timeout: 10_000 }).toBe(true);
      expect(context.pages()).toHaveLength(1);
      // The dialog gives its Continue button the focus: Enter is a real key press, and opens Cairn.
      const opened = context.waitForEvent('page');
      await page.keyboard.press('Enter');
      const popup = await opened;
      expect(new URL(popup.url()).pathname).toMatch(/dapp\.html$/);
      expect(await continueButton()).toBe(false);
      await popup.getByRole('heading', { level: 1 }).waitFor();
      await popup.close();
      expect(await page.evaluate(() => (window as unknown as { cairnAnswer: Promise<string> }).cairnAnswer)).toBe(
        'Error 4001',
      );
    } finally {
      await browser.close();
    }
  });

  it('tells the site at once when Cairn disconnects it with its window open, and refuses what was waiting', async () => {
    const { context, dapp, wallet } = await connectedSite();
    const popup = await windowFor(context, dapp, 'Sign message');
    const closed = popup.waitForEvent('close');
    await wallet.goto(`${env().server.url}#/settings/sites`);
    const origin = new URL(dappServer().url).origin;
    await wallet
      .getByRole('main')
      .getByRole('button', { name: `Disconnect ${origin}` })
      .click();
    expect(await dapp.result('Sign message result')).toMatch(/^Error 4100: /);
    await expect.poll(() => dapp.events.textContent()).toContain('accountsChanged: no accounts');
    await closed;
    expect(await dapp.run('Accounts', 'Accounts result')).toBe('no accounts');
  });

  it('tells a page sent with Cross-Origin-Opener-Policy: same-origin why Cairn’s window cannot answer it', async () => {
    const { context, page } = await env().newPage();
    const dapp = new SampleDapp(page);
    await dapp.open(dappServer().pages.coop);
    await dapp.chooseWallet('Cairn');
    const opened = context.waitForEvent('page');
    await dapp.button('Connect').click();
    await opened;
    expect(await dapp.result('Connect result')).toMatch(
      /^Error 4900: This page’s Cross-Origin-Opener-Policy: same-origin cut the link to Cairn’s window \(same-origin-allow-popups keeps it\)\.$/,
    );
  });

  it('refuses a burst of requests past its rate limit with -32005, and its window shows how many', async () => {
    const { context, dapp, account } = await connectedSite();
    const opened = context.waitForEvent('page');
    // Forty signatures at once, as a dApp stuck in a loop would ask.
    await dapp.page.evaluate((signer) => {
      let provider: { request(args: unknown): Promise<unknown> } | undefined;
      window.addEventListener('eip6963:announceProvider', (event) => {
        const { info } = (event as CustomEvent).detail;
        if (info.name === 'Cairn') provider ??= (event as CustomEvent).detail.provider;
      });
      window.dispatchEvent(new Event('eip6963:requestProvider'));
      const asks = Array.from({ length: 40 }, (_, i) =>
        provider?.request({ method: 'personal_sign', params: [`0x${(i + 16).toString(16)}`, signer] }).then(
          () => 0,
          (error: { code: number }) => error.code,
        ),
      );
      Object.assign(window, { burst: Promise.all(asks) });
    }, account.split(',')[0]?.trim());
    const popup = await opened;
    // Once all forty arrived: "Request 1 of N from this site." and "…: M were refused.", N + M = 40.
    const shown = async () => {
      const text = (await popup.getByRole('main').textContent()) ?? '';
      const waiting = Number(/Request 1 of (\d+) from this site/.exec(text)?.[1] ?? 0);
      const refused = Number(/sent requests too fast: (\d+) were refused/.exec(text)?.[1] ?? 0);
      return { waiting, refused, total: waiting + refused };
    };
    await expect.poll(async () => (await shown()).total, { timeout: 15_000 }).toBe(40);
    const { refused: refusedShown } = await shown();
    await popup.close();
    const codes = await dapp.page.evaluate(() => (window as unknown as { burst: Promise<number[]> }).burst);
    const refused = codes.filter((code) => code === -32005).length;
    expect(refused).toBeGreaterThanOrEqual(5);
    expect(refusedShown).toBe(refused);
    expect(codes.filter((code) => code === 4001)).toHaveLength(40 - refused);
  });
});
