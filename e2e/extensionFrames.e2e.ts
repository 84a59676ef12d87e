// Cairn's companion extension in frames, and against a page posing as Cairn's window: a frame of
// another site sees Cairn but may not open its window, a frame of the page's own site connects, a
// sandboxed frame and a plain http page off this computer get no Cairn at all, and a site (or another tab of Cairn, or another site's
// page loaded in the window's tab) that says `ready` with the nonce of the window open for it
// gets nothing, while that window still serves the site.
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SampleDapp } from './pages/SampleDapp.ts';
import { approveInWindow } from './support/dappSession.ts';
import { collectConsoleProblems, type Environment, startEnvironment } from './support/environment.ts';
import { cairnWindowsIn, demoWalletIn, type ExtensionProfile, extensionProfile } from './support/extension.ts';
import { type SampleDapp as SampleDappServer, startSampleDapp } from './support/sampleDapp.ts';

const DEMO = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

/** A frame's page: records every EIP-6963 announcement it hears, after asking for them. */
const CHILD = `<!doctype html><title>Child</title><script>
  window.announced = [];
  addEventListener('eip6963:announceProvider', (event) =>
    announced.push({ name: event.detail.info.name, rdns: event.detail.info.rdns, isCairn: event.detail.provider.isCairn }));
  dispatchEvent(new Event('eip6963:requestProvider'));
</script><p>Child</p>`;

const CAIRN_ANNOUNCED = [{ name: 'Cairn', rdns: 'app.cairn.wallet', isCairn: true }];

type Answer = { accounts: string[] } | { code: number; message: string } | { waited: number };

/** What `frame` sees of Cairn: window.ethereum.isCairn and the announcements it heard. */
const cairnIn = (frame: Frame) =>
  frame.evaluate(() => {
    const seen = window as unknown as { ethereum?: { isCairn?: boolean }; announced: unknown[] };
    return { isCairn: seen.ethereum?.isCairn, announced: seen.announced };
  });

/**
 * eth_requestAccounts in `frame`: its accounts, its error, or how long it waited without an answer.
 * Its rejection (the page closed) is handled here too, so that a test failing before it awaits
 * the answer leaves no unhandled rejection.
 */
function requestAccountsIn(frame: Frame, wait: number): Promise<Answer> {
  const answer = frame.evaluate(
    (wait) =>
      Promise.race([
        (window as unknown as { ethereum: { request(args: { method: string }): Promise<string[]> } }).ethereum
          .request({ method: 'eth_requestAccounts' })
          .then(
            (accounts) => ({ accounts }),
            (error: { code: number; message: string }) => ({ code: error.code, message: error.message }),
          ),
        new Promise<Answer>((resolve) => setTimeout(() => resolve({ waited: wait }), wait)),
      ]),
    wait,
  );
  answer.catch(() => {});
  return answer;
}

/**
 * Says `ready` with `nonce` on `page`, to itself, as Cairn's window says it to the extension's
 * bridge; returns every message the page heard in the next 1.5 s (its type, how many ports).
 */
async function poseAsCairnWindow(page: Page, nonce: string): Promise<{ type: string; ports: number }[]> {
  await page.evaluate((nonce) => {
    const heard: { type: string; ports: number }[] = [];
    (window as unknown as { heard: typeof heard }).heard = heard;
    addEventListener(
      'message',
      (event) => heard.push({ type: String(Object(event.data).type), ports: event.ports.length }),
      true,
    );
    postMessage({ tag: 'cairn-dapp-v1', type: 'ready', nonce }, location.origin);
  }, nonce);
  await page.waitForTimeout(1_500);
  return page.evaluate(() => (window as unknown as { heard: { type: string; ports: number }[] }).heard);
}

describe('the companion extension in frames, and against a page posing as Cairn’s window', () => {
  let env: Environment;
  let dappServer: SampleDappServer;
  let profile: ExtensionProfile;
  /** Cairn's own page, in a tab of its own, and its console problems. */
  let wallet: Page;
  let walletErrors: string[];
  /**
   * The sample dApp's origin (http://127.0.0.1:<port>), and other sites served by routes: at the
   * same port, and at the next one (the extension runs on plain http only at localhost and 127.0.0.1).
   */
  let site: string;
  let otherSite: string;
  let thirdSite: string;
  /** A plain http site off this computer's two names, where the extension does not run. */
  let farSite: string;
  beforeAll(async () => {
    env = await startEnvironment();
    dappServer = await startSampleDapp(env.server.url, { connector: false });
    site = new URL(dappServer.url).origin;
    otherSite = `http://localhost:${new URL(dappServer.url).port}`;
    thirdSite = `http://127.0.0.1:${Number(new URL(dappServer.url).port) + 1}`;
    farSite = `http://127.0.0.2:${new URL(dappServer.url).port}`;
    profile = await extensionProfile(env.server.url);
    ({ page: wallet, errors: walletErrors } = await demoWalletIn(profile.context, env.server.url));
    // The sample dApp's server has no favicon.ico; its 404 is no problem of the pages here.
    for (const origin of [site, otherSite, thirdSite, farSite])
      await profile.context.route(`${origin}/favicon.ico`, (route) => route.fulfill({ status: 204 }));
  });
  afterAll(async () => {
    await profile?.close();
    await dappServer?.close();
    await env?.close();
  });

  const cairnWindows = () => cairnWindowsIn(profile.context);

  /** A new page, its console problems in `errors`, that serves `pages` (URL → HTML) itself. */
  async function pageServing(pages: Record<string, string>, errors: string[]): Promise<Page> {
    const page = await profile.context.newPage();
    collectConsoleProblems(page, errors);
    for (const [url, body] of Object.entries(pages))
      await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body }));
    return page;
  }

  const framePage = (frames: string) => `<!doctype html><title>Frames</title>${frames}`;

  it('shows Cairn to a frame of another site, but refuses it Cairn’s window with 4900', async () => {
    const errors: string[] = [];
    const parent = `${site}/frames/cross.html`;
    const child = `${otherSite}/frames/child.html`;
    const page = await pageServing(
      { [parent]: framePage(`<iframe name="other" src="${child}"></iframe>`), [child]: CHILD },
      errors,
    );
    await page.goto(parent);
    const frame = page.frame({ name: 'other' });
    if (!frame) throw new Error('The frame of the other site is not there.');
    expect(frame.url()).toBe(child);
    expect(await cairnIn(frame)).toEqual({ isCairn: true, announced: CAIRN_ANNOUNCED });

    const pages = profile.context.pages().length;
    expect(await requestAccountsIn(frame, 10_000)).toEqual({
      code: 4900,
      message: 'Cairn opens its window for the page’s own site, not for a frame of another site.',
    });
    await page.waitForTimeout(1_000);
    expect(profile.context.pages().length).toBe(pages);
    expect(cairnWindows()).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('connects a frame of the page’s own site through Cairn’s window', async () => {
    const errors: string[] = [];
    const parent = `${otherSite}/frames/same.html`;
    const child = `${otherSite}/frames/child.html`;
    const page = await pageServing(
      { [parent]: framePage(`<iframe name="own" src="${child}"></iframe>`), [child]: CHILD },
      errors,
    );
    await page.goto(parent);
    const frame = page.frame({ name: 'own' });
    if (!frame) throw new Error('The frame of the page’s own site is not there.');
    expect(await cairnIn(frame)).toEqual({ isCairn: true, announced: CAIRN_ANNOUNCED });

    const opened = profile.context.waitForEvent('page');
    const answer = requestAccountsIn(frame, 60_000);
    const popup = await opened;
    await popup.getByRole('heading', { level: 1, name: 'Connect to this site?' }).waitFor();
    expect(await popup.getByRole('main').textContent()).toContain(otherSite);
    await approveInWindow(popup, 'Connect');
    const result = await answer;
    expect('accounts' in result && result.accounts.map((account) => account.toLowerCase())).toEqual([DEMO]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('offers nothing to a sandboxed frame, nor to a plain http page off this computer', async () => {
    const errors: string[] = [];
    const parent = `${site}/frames/sandboxed.html`;
    const child = `${site}/frames/child.html`;
    const far = `${farSite}/frames/child.html`;
    const frames = `<iframe name="plain" src="${child}"></iframe><iframe name="sandboxed" sandbox="allow-scripts" src="${child}"></iframe><iframe name="far" src="${far}"></iframe>`;
    const page = await pageServing({ [parent]: framePage(frames), [child]: CHILD, [far]: CHILD }, errors);
    await page.goto(parent);
    const plain = page.frame({ name: 'plain' });
    const sandboxed = page.frame({ name: 'sandboxed' });
    const farFrame = page.frame({ name: 'far' });
    if (!plain || !sandboxed || !farFrame) throw new Error('The three frames are not there.');
    // The same page, not sandboxed, sees Cairn; sandboxed (an opaque origin), it sees nothing of it.
    expect(await cairnIn(plain)).toEqual({ isCairn: true, announced: CAIRN_ANNOUNCED });
    expect(await sandboxed.evaluate(() => self.origin)).toBe('null');
    expect(await cairnIn(sandboxed)).toEqual({ isCairn: undefined, announced: [] });
    // Plain http at another host than localhost and 127.0.0.1 (anyone on the path could write it): nothing either.
    expect(await cairnIn(farFrame)).toEqual({ isCairn: undefined, announced: [] });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('gives a site posing as Cairn’s window nothing, nor another tab of Cairn, and the real window still serves it', async () => {
    const dapp = new SampleDapp(await profile.context.newPage());
    const errors: string[] = [];
    collectConsoleProblems(dapp.page, errors);
    await dapp.open(dappServer.url);
    await dapp.chooseWallet('Cairn');
    const opened = profile.context.waitForEvent('page');
    await dapp.button('Connect').click();
    const popup = await opened;
    await popup.getByRole('heading', { level: 1, name: 'Connect to this site?' }).waitFor();
    const nonce = new URLSearchParams(new URL(popup.url()).hash.slice(1)).get('nonce') ?? '';
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);

    // The site says `ready` with the real window's nonce to itself: it hears its own `ready` only,
    // no `connect`, no port. So does a page of Cairn in another tab (at Cairn's origin, with its
    // bridge): only the tab the extension opened is the window.
    for (const poser of [dapp.page, wallet])
      expect(await poseAsCairnWindow(poser, nonce)).toEqual([{ type: 'ready', ports: 0 }]);
    expect(cairnWindows()).toEqual([popup]);

    await approveInWindow(popup, 'Connect');
    expect((await dapp.result('Connect result')).toLowerCase()).toBe(DEMO);
    expect(errors).toEqual([]);
    expect(walletErrors).toEqual([]);
    await dapp.page.close();
  });

  it('does not take a page of another site, loaded in the tab of Cairn’s window, for that window', async () => {
    const errors: string[] = [];
    const asks = `${thirdSite}/asks.html`;
    const page = await pageServing({ [asks]: framePage('<p>Asks</p>') }, errors);
    await page.goto(asks);
    const opened = profile.context.waitForEvent('page');
    const answer = requestAccountsIn(page.mainFrame(), 60_000);
    const popup = await opened;
    await popup.getByRole('heading', { level: 1, name: 'Connect to this site?' }).waitFor();
    const nonce = new URLSearchParams(new URL(popup.url()).hash.slice(1)).get('nonce') ?? '';
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);

    // The window's tab goes to a page of another site, which says `ready` with the window's nonce.
    const posing = `${site}/posing.html`;
    await popup.route(posing, (route) => route.fulfill({ contentType: 'text/html', body: framePage('<p>Posing</p>') }));
    await popup.goto(posing);
    expect(await poseAsCairnWindow(popup, nonce)).toEqual([{ type: 'ready', ports: 0 }]);
    // The person closes it: the site hears so.
    await popup.close();
    expect(await answer).toMatchObject({ code: 4001 });
    expect(errors).toEqual([]);
    await page.close();
  });
});
