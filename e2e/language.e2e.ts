// Cairn in the person's language: a German browser gets German (words, lang, amounts typed as
// 1.234,5 and the unclear ones refused), the choice made in Settings is kept and followed, and in
// the pseudo-locale every screen takes every word from a catalog, with nothing cut off at 360 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAddress, demoContractAddresses } from '../devchain/seed.ts';
import { pathTo } from '../src/app/paths.ts';
import type { PlainMessageId } from '../src/core/i18n/message.ts';
import { type Message, msg, untrustedValue } from '../src/core/i18n/message.ts';
import { DOT_DECIMALS, parseAmount } from '../src/core/tx/amount.ts';
import { createI18n, NAMESPACES } from '../src/lib/i18n/index.ts';
import { pseudoText } from '../src/lib/i18n/pseudo.ts';
import { type CatalogLocale, pseudoWords, words } from '../src/testing/catalogWords.ts';
import { E2E_PASSWORD } from './pages/Onboarding.ts';
import { type SampleButton, SampleDapp, type SampleOutput } from './pages/SampleDapp.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { startSampleDapp } from './support/sampleDapp.ts';
import { everyScreen, settled } from './support/screenWalk.ts';
import { overflowingText, type Untranslated, unisolatedCode, untranslatedText } from './support/untranslated.ts';

type Say = (id: PlainMessageId) => string;
const sayIn =
  (locale: CatalogLocale): Say =>
  (id) =>
    words(locale, id);
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const GERMAN = { decimal: ',', group: '.' } as const;

/** A message in a language, as Cairn's runtime words it (one of the spec's own, showing that language). */
async function wordedIn(locale: CatalogLocale, message: Message): Promise<string> {
  const i18n = createI18n();
  await i18n.showLocale(locale, NAMESPACES);
  return i18n.translate(message);
}

/** The refusal core gives for an amount typed in a format, in words. */
function amountRefusal(text: string): Message | string {
  try {
    parseAmount(text, 18, 'ETH', GERMAN);
  } catch (error) {
    return (error as { text: Message | string }).text;
  }
  throw new Error(`${text} was accepted`);
}

describe('Cairn in the person’s language', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  /** Opens the demo wallet from the first screen, reading the words in the page's language. */
  async function openDemoWallet(page: Page, say: Say): Promise<void> {
    await page.goto(env.server.url);
    await page.getByRole('button', { name: new RegExp(`^${escaped(say('onboarding:method.demo.title'))}`) }).click();
    await page.getByLabel(say('onboarding:finish.passwordLabel'), { exact: true }).fill(E2E_PASSWORD);
    await page.getByLabel(say('common:newPassword.confirm'), { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: say('onboarding:finish.continue.firstRun') }).click();
    await page.getByRole('navigation', { name: say('common:nav.main') }).waitFor();
  }

  async function expectNoSeriousViolations(page: Page, what: string) {
    const violations = await seriousViolations(page);
    expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
  }

  it('a German browser gets Cairn in German: lang, words, amounts typed as 1.234,5, unclear ones refused, and no serious axe finding', async () => {
    const say = sayIn('de');
    const { page } = await env.newPage({ locale: 'de-DE' });
    // Core's catalogs, which set-up's first screen leaves for later, held until released below.
    const heldCore: (() => void)[] = [];
    let holdingCore = true;
    await page.route(/\/assets\/messages-de-core-[^/]*\.js$/, async (route) => {
      if (holdingCore) await new Promise<void>((release) => heldCore.push(release));
      await route.continue();
    });
    await page.goto(env.server.url);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.title()).toBe(words('de', 'common:page.title'));
    await expectNoSeriousViolations(page, 'set-up in German');

    // Set-up came up before core's catalogs and asks for them once up, before anything is typed;
    // a key refused before they are in is worded in German as soon as they are.
    await expect.poll(() => heldCore.length, { message: "core's catalogs asked for after the first screen" }).toBe(1);
    await page.getByRole('button', { name: new RegExp(`^${escaped(say('onboarding:method.key.title'))}`) }).click();
    await page.getByLabel(say('onboarding:importKey.label'), { exact: true }).fill('0x1234');
    await page.getByRole('button', { name: say('onboarding:step.continue'), exact: true }).click();
    await page.getByText('core.keys:privateKey.length').waitFor();
    holdingCore = false;
    for (const release of heldCore) release();
    await page.getByText(await wordedIn('de', msg('core.keys:privateKey.length', { digits: 4 }))).waitFor();

    await openDemoWallet(page, say);
    await expectNoSeriousViolations(page, 'Home in German');

    await page.goto(`${env.server.url}#${pathTo('send')}`);
    const form = page.getByRole('form', { name: say('send:form.label') });
    await form.waitFor();
    const amount = form.getByLabel(
      await wordedIn('de', msg('send:form.amount.asset', { symbol: untrustedValue('ETH', 'symbol') })),
      {
        exact: true,
      },
    );
    /** The text of the element the amount field names in aria-describedby with this ending ("-hint", "-error"). */
    const described = async (ending: string) => {
      const ids = ((await amount.getAttribute('aria-describedby')) ?? '')
        .split(' ')
        .filter((id) => id.endsWith(ending));
      return ids.length === 0 ? '' : ((await page.locator(`[id="${ids[0]}"]`).textContent()) ?? '');
    };
    const amountError = () => described('-error');
    // The field says how to write decimals, in German, to eyes and screen readers.
    const hint = await wordedIn('de', msg('common:amount.decimalHint', { decimal: ',', example: '1.234,5' }));
    expect(await described('-hint')).toBe(hint);

    await form.getByLabel(say('send:form.recipient.label'), { exact: true }).fill(demoAddress(3));
    const continueButton = form.getByRole('button', { name: say('send:form.continue') });

    // Refused with a sentence, never guessed: the English way, a separator that may be a decimal point, one misplaced.
    for (const typed of ['1,234.5', '1.234', '1.23,5', '1,5.0']) {
      await amount.fill(typed);
      await continueButton.click();
      await expect.poll(amountError).toBe(await wordedIn('de', amountRefusal(typed) as Message));
      expect(await amount.inputValue(), 'what was typed stays').toBe(typed);
      expect(await page.getByRole('region', { name: say('send:review.title') }).count()).toBe(0);
    }
    await expectNoSeriousViolations(page, 'Send in German with a refused amount');

    // 1.234,5 is one thousand two hundred thirty-four and a half ether, as the review shows it.
    expect(parseAmount('1.234,5', 18, 'ETH', GERMAN)).toBe(parseAmount('1234.5', 18, 'ETH', DOT_DECIMALS));
    await amount.fill('1.234,5');
    await continueButton.click();
    const review = page.getByRole('region', { name: say('send:review.title') });
    await review.waitFor({ timeout: 15_000 });
    expect(await review.textContent()).toContain('1.234,5');
    expect(await review.textContent()).not.toContain('1,234.5');
    await expectNoSeriousViolations(page, 'the review in German');

    // Opened again (this window was the session's only one: it locks), the unlock screen also
    // comes up before core's catalogs: a wrong password is refused in German.
    await page.reload();
    await page.getByLabel(say('unlock:password'), { exact: true }).fill('not the password');
    await page.getByRole('button', { name: say('unlock:unlock'), exact: true }).click();
    await page.getByText(say('core.keys:vault.wrongPassword'), { exact: true }).waitFor();
  });

  it('the language chosen in Settings is remembered, sets lang, and every window of the browser follows it', async () => {
    const { page, context } = await env.newPage({ locale: 'en-US' });
    await openDemoWallet(page, sayIn('en'));
    await page.goto(`${env.server.url}#${pathTo('settingsLanguage')}`);
    const second = await context.newPage();
    await second.goto(`${env.server.url}#${pathTo('home')}`);
    await second.getByRole('navigation', { name: words('en', 'common:nav.main') }).waitFor();

    await page.getByLabel(words('en', 'settings:language.label'), { exact: true }).selectOption('es');
    for (const shown of [page, second]) {
      await expect.poll(() => shown.evaluate(() => document.documentElement.lang)).toBe('es');
      await shown.getByRole('navigation', { name: words('es', 'common:nav.main') }).waitFor();
    }
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(words('es', 'settings:language.title'));
    await expectNoSeriousViolations(page, 'Settings in Spanish');

    // Kept: a reload (the other window keeps the session unlocked) opens in Spanish again.
    await page.reload();
    await page.getByRole('navigation', { name: words('es', 'common:nav.main') }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');

    // Back to the browser's language (English here), in every window.
    await page.goto(`${env.server.url}#${pathTo('settingsLanguage')}`);
    await page.getByLabel(words('es', 'settings:language.label'), { exact: true }).selectOption('browser');
    await expect.poll(() => second.evaluate(() => document.documentElement.lang)).toBe('en');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  /** Reads a page in the pseudo-locale once it has settled, and records what is not from a catalog or is cut off. */
  function pseudoScan(found: Untranslated[]) {
    return async (page: Page, where: string) => {
      // Screens fill in from the node: read once the words have stopped changing.
      await settled(page);
      for (const item of [
        ...(await untranslatedText(page)),
        ...(await overflowingText(page)),
        ...(await unisolatedCode(page)),
      ])
        found.push({ where: `${where}: ${item.where}`, text: item.text });
    };
  }

  it('in the pseudo-locale every screen takes every word from a catalog, shows hex only left to right, and at 360 px no text is cut off or scrolls sideways', async () => {
    const { page, context } = await env.newPage({ locale: 'en-XA', width: 360 });
    const found: Untranslated[] = [];
    const check = pseudoScan(found);

    await page.goto(env.server.url);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-XA');
    await check(page, 'set-up');
    // The first step of every way in (the demo wallet's is walked below, to its end).
    const methods: PlainMessageId[] = [
      'onboarding:method.create.title',
      'onboarding:method.phrase.title',
      'onboarding:method.shares.title',
      'onboarding:method.key.title',
      'onboarding:method.keystore.title',
      'onboarding:method.ledger.title',
      'onboarding:method.qrDevice.title',
      'onboarding:method.externalWallet.title',
      'onboarding:method.watch.title',
      'onboarding:method.safe.title',
      'onboarding:method.backup.title',
    ];
    for (const method of methods) {
      await page.getByRole('button', { name: new RegExp(`^${escaped(pseudoWords(method))}`) }).click();
      await check(page, method);
      await page
        .getByRole('button', { name: pseudoWords('onboarding:step.back'), exact: true })
        .first()
        .click();
    }
    await openDemoWallet(page, pseudoWords);

    for (const { id, url } of everyScreen(env)) {
      await page.goto(url);
      await check(page, id);
    }

    // Send in a second window while its balances are still being read (the node's answers held).
    const reading = await context.newPage();
    await reading.setViewportSize({ width: 360, height: 800 });
    const held: (() => void)[] = [];
    let holding = true;
    const node = new URL(env.chain.url).origin;
    await reading.route(
      (url) => url.origin === node,
      async (route) => {
        const body = route.request().postData() ?? '';
        if (holding && /"eth_(getBalance|call)"/.test(body)) await new Promise<void>((release) => held.push(release));
        await route.continue();
      },
    );
    try {
      await reading.goto(`${env.server.url}#${pathTo('send')}`);
      const stillReading = reading.getByText(pseudoWords('send:form.asset.readingBalances'));
      await stillReading.waitFor();
      await check(reading, 'send while reading balances');
      // The state read was the one meant: still reading, no node problem (held reads give up after 10 s).
      expect(await stillReading.count()).toBe(1);
      expect(await reading.getByRole('alert').count()).toBe(0);
    } finally {
      holding = false;
      for (const release of held) release();
      await reading.unrouteAll({ behavior: 'wait' });
      await reading.close();
    }

    // The review of a transfer, with its preview.
    await page.goto(`${env.server.url}#${pathTo('send')}`);
    const form = page.getByRole('form', { name: pseudoWords('send:form.label') });
    await form.getByLabel(pseudoWords('send:form.recipient.label'), { exact: true }).fill(demoAddress(3));
    await form.getByLabel(new RegExp(`^${escaped(pseudoText('⟦Amount in '))}`)).fill('0.5');
    await form.getByRole('button', { name: pseudoWords('send:form.continue') }).click();
    await page.getByRole('region', { name: pseudoWords('send:review.title') }).waitFor({ timeout: 15_000 });
    await check(page, 'send review');

    // Locked.
    const chip = new RegExp(`^${escaped(pseudoWords('accounts:menu.chipPrefix'))}`);
    await page.getByRole('banner').getByRole('button', { name: chip }).click();
    await page.getByRole('button', { name: pseudoWords('accounts:menu.lock'), exact: true }).click();
    await page.getByRole('heading', { name: pseudoWords('unlock:title') }).waitFor();
    await check(page, 'unlock');
    expect(found).toEqual([]);
  }, 300_000);

  it('in the pseudo-locale the window a site opens takes every word from a catalog, for every kind of request', async () => {
    const dappServer = await startSampleDapp(env.server.url);
    try {
      const { page: wallet, context } = await env.newPage({ locale: 'en-XA', width: 360 });
      await openDemoWallet(wallet, pseudoWords);
      const dapp = new SampleDapp(await context.newPage());
      await dapp.open(dappServer.url);
      await dapp.chooseWallet('Cairn');
      const found: Untranslated[] = [];
      const check = pseudoScan(found);
      const windowFor = async (button: SampleButton) => {
        const opened = context.waitForEvent('page');
        await dapp.button(button).click();
        const popup = await opened;
        await popup.setViewportSize({ width: 360, height: 760 });
        await check(popup, button);
        return popup;
      };

      const connect = await windowFor('Connect');
      const approve = connect.getByRole('button', { name: pseudoWords('dapp:connect.approve'), exact: true });
      await expect.poll(() => approve.isEnabled(), { timeout: 10_000 }).toBe(true);
      const closed = connect.waitForEvent('close');
      await approve.click();
      await closed;

      const requests: [SampleButton, SampleOutput][] = [
        ['Sign message', 'Sign message result'],
        ['Sign in with Ethereum', 'Sign in with Ethereum result'],
        ['Sign typed data v4', 'Sign typed data result'],
        ['Send transaction', 'Send transaction result'],
        ['Send calls', 'Send calls result'],
        ['Add chain', 'Add chain result'],
        ['Switch chain', 'Switch chain result'],
        ['Watch asset', 'Watch asset result'],
      ];
      // A token whose contract contradicts the site, a network whose node answers another chain id, and Ethereum.
      await dapp.field('Token address').fill(demoContractAddresses().SPAM);
      await dapp.field('Token symbol (optional)').fill('USDC');
      await dapp.field('New chain id').fill('31338');
      await dapp.field('New chain name').fill('Stub chain');
      await dapp.field('New chain currency symbol').fill('STB');
      await dapp.field('New chain RPC URL').fill(env.chain.url);
      await dapp.field('Chain id to switch to').fill('1');
      // Each window is read, then closed: the site hears a refusal before the next request.
      for (const [request, result] of requests) {
        const popup = await windowFor(request);
        await popup.close();
        await dapp.result(result);
      }
      expect(found).toEqual([]);
    } finally {
      await dappServer.close();
    }
  }, 300_000);
});
