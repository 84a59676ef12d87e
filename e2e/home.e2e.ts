import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAddress } from '../devchain/seed.ts';
import { AppShell } from './pages/AppShell.ts';
import { Home } from './pages/Home.ts';
import { Onboarding, Unlock } from './pages/Onboarding.ts';
import { expectAccessibleInBothSchemes } from './support/axe.ts';
import { ChainValues, shownCents, toCents } from './support/chainValues.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { nodeClient } from './support/rpc.ts';

const DAY = 86_400;

describe('Home: the total, its change, the value chart and the actions', () => {
  let env: Environment;
  let chain: ChainValues;
  beforeAll(async () => {
    env = await startEnvironment();
    chain = await new ChainValues(env.chain.url).load();
  });
  afterAll(async () => {
    await env?.close();
  });

  async function openHome(options: { width?: number } = {}) {
    const opened = await demoWalletPage(env, options);
    const home = new Home(opened.page);
    await home.chartDrawn();
    return { ...opened, home };
  }

  it('draws the seeded month with values equal to the chain’s balances at each time × the feeds’ rounds then', async () => {
    const { home, consoleErrors } = await openHome();
    const points = await home.tablePoints();
    expect(points.length).toBe(121);
    // The seeded history spans the month: the chart moves, and is not one price times one balance.
    expect(new Set(points.map((p) => p.cents)).size).toBeGreaterThan(100);
    for (const point of points) {
      expect(point.cents, `at ${new Date(point.time * 1000).toISOString()}`).toBe(
        toCents(await chain.valueAt(point.time)),
      );
    }
    // The last point is now, and equals the total shown above the chart.
    expect(points.at(-1)?.cents).toBe(shownCents(await home.totalText()));
    expect(consoleErrors).toEqual([]);
  });

  it('shows the change over 24 hours of today’s holdings, priced by the feeds’ rounds of a day ago', async () => {
    const { home } = await openHome();
    const now = (await home.tablePoints()).at(-1)?.time as number;
    const expected = toCents(await chain.changeBetween(now - DAY, now));
    await expect.poll(() => home.changeText(), { timeout: 20_000 }).toMatch(/over 24 hours/);
    expect(shownCents(await home.changeText())).toBe(expected);
  });

  it('switches between a week, a month, a year and all time by keyboard, each ending at the total', async () => {
    const { page, home } = await openHome();
    const total = shownCents(await home.totalText());
    const expectedRows: Record<string, (n: number) => boolean> = {
      '1 week': (n) => n === 85,
      '1 year': (n) => n === 366,
      'All time': (n) => n > 30 && n <= 201,
    };
    for (const [from, name] of [
      ['1 month', '1 year'],
      ['1 year', 'All time'],
      ['All time', '1 week'],
    ] as const) {
      // Reading the table moved focus to it: back to the range chosen, then the next by arrow key.
      await home.range(from).focus();
      await page.keyboard.press('ArrowRight');
      expect(await home.range(name).isChecked()).toBe(true);
      await expect
        .poll(async () => expectedRows[name]?.((await home.tablePoints()).length), { timeout: 20_000 })
        .toBe(true);
      expect((await home.tablePoints()).at(-1)?.cents).toBe(total);
    }
    // The year starts before the chain did: the accounts held nothing yet, and prices had no round.
    await home.range('1 year').check();
    await expect.poll(async () => (await home.tablePoints()).length, { timeout: 20_000 }).toBe(366);
    const year = await home.tablePoints();
    expect(year[0]?.cents).toBe(toCents(await chain.valueAt(year[0]?.time as number).catch(() => 0n)));
  });

  it('keeps the chart drawn through a new block, then ends it at the new total', async () => {
    const { page, home } = await openHome();
    const drawn = home.chart.locator('[data-drawn]');
    const before = await home.totalText();
    // A transfer from an account outside the wallet into Demo account 1 changes the total.
    const client = nodeClient(env.chain.url);
    const hash = await client.sendTransaction({ account: demoAddress(9), to: demoAddress(0), value: 10n ** 18n });
    await client.waitForTransactionReceipt({ hash });
    let skeletons = 0;
    await expect
      .poll(
        async () => {
          if ((await drawn.count()) === 0) skeletons++;
          return home.totalText();
        },
        { timeout: 20_000, interval: 100 },
      )
      .not.toBe(before);
    const total = shownCents(await home.totalText());
    await expect.poll(async () => (await home.tablePoints()).at(-1)?.cents, { timeout: 20_000 }).toBe(total);
    expect(skeletons).toBe(0);
    expect(await page.getByText('Reading the accounts’ history…').count()).toBe(0);
  });

  it('keeps past rounds: drawn again after a reload, the chart reads no price round from the node', async () => {
    const { page } = await env.newPage();
    // Every request to the node that carries a getRoundData call (inside aggregate3 or alone).
    const GET_ROUND_DATA = '9a6fc8f5';
    let roundReads = 0;
    page.on('request', (request) => {
      if (request.postData()?.includes(GET_ROUND_DATA)) roundReads++;
    });
    await new AppShell(page).open(env.server.url);
    await new Onboarding(page).openDemoWallet();
    const home = new Home(page);
    await home.chartDrawn();
    expect(roundReads).toBeGreaterThan(0);
    // Reloading the only Cairn window ends its session: unlock again.
    roundReads = 0;
    await page.reload();
    await new Unlock(page).unlock();
    await home.chartDrawn();
    await page.getByText('How this chart is computed').click();
    await expect
      .poll(() => page.getByText(/Past prices for this range took/).textContent())
      .toMatch(/no request \(all were kept from before\)/);
    expect(roundReads).toBe(0);
    expect(await home.totalText()).toMatch(/^\$/);
  });

  for (const [width, height] of [
    [360, 760],
    [1280, 800],
  ] as const) {
    it(`shows the total, the account chip, Send and Receive in the first view at ${width}×${height}, with no axe violation light or dark`, async () => {
      const { page, home } = await openHome({ width });
      await page.setViewportSize({ width, height });
      const shell = new AppShell(page);
      for (const [what, locator] of [
        ['total', home.total],
        ['account chip', shell.accountChip],
        ['Send', home.action('Send')],
        ['Receive', home.action('Receive')],
      ] as const) {
        expect(await inFirstView(page, locator), what).toBe(true);
      }
      await expectAccessibleInBothSchemes(page, `Home at ${width} px`);
    });
  }
});

async function inFirstView(page: Page, locator: ReturnType<Page['locator']>): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  const scrolled = await page.evaluate(() => window.scrollY);
  return (
    scrolled === 0 &&
    box.y >= 0 &&
    box.x >= 0 &&
    box.y + box.height <= viewport.height &&
    box.x + box.width <= viewport.width
  );
}
