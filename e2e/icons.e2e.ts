// Token and network icons come with Cairn's build: the portfolio shows the real icons of ETH and
// the demo DAI, USDC, USDT and MKR, a monogram for a token outside the bundled list, the network
// chip and menu the networks' icons, and every image the page loads comes from its own origin.
// The build ships only the icons the bundled lists and networks use.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoContractAddresses } from '../devchain/seed.ts';
import { AppShell } from './pages/AppShell.ts';
import { assetIcon, shownIcon } from './pages/AssetIcons.ts';
import { Onboarding } from './pages/Onboarding.ts';
import { Portfolio } from './pages/Portfolio.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { e2eDistDir, projectRoot } from './support/paths.ts';

const ICONS_DIR = join(projectRoot, 'src/components/assetIcons');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('bundled token and network icons', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('shows the listed assets’ icons, a monogram for another token and the networks’ icons, all from Cairn’s origin', async () => {
    const { page, context, consoleErrors } = await env.newPage();
    const images: string[] = [];
    context.on('request', (request) => {
      if (request.resourceType() === 'image') images.push(request.url());
    });
    const shell = new AppShell(page);
    await shell.open(env.server.url);
    await new Onboarding(page).openDemoWallet();
    const portfolio = new Portfolio(page);
    await portfolio.status.waitFor();

    for (const [symbol, name] of [
      ['ETH', 'token-ETH'],
      ['DAI', 'token-DAI'],
      ['USDC', 'token-USDC'],
      ['USDT', 'token-USDT'],
      ['MKR', 'token-MKR'],
    ] as const) {
      const icon = assetIcon(portfolio.asset(symbol).getByRole('rowheader'));
      await expect.poll(async () => (await shownIcon(icon)).loaded, { message: symbol }).toBe(true);
      expect(await shownIcon(icon)).toMatchObject({ icon: name, alt: '', width: 20, height: 20 });
    }

    const form = await portfolio.lookUpToken(demoContractAddresses().ODD);
    await form.getByLabel('Decimals').fill('0');
    await form.getByRole('button', { name: 'Add ODD' }).click();
    await page.getByText('ODD added.', { exact: true }).waitFor();
    await portfolio.backHome();
    const odd = portfolio.asset('ODD').getByRole('rowheader');
    await odd.waitFor();
    expect(await shownIcon(assetIcon(odd))).toMatchObject({
      icon: 'monogram',
      ariaHidden: 'true',
      drawnLetter: '"O"',
      width: 20,
      height: 20,
    });
    // The monogram adds nothing to what the row header says.
    expect((await odd.textContent())?.trim()).toMatch(/^ODD /);

    const chipIcon = assetIcon(shell.networkChip);
    await expect.poll(async () => (await shownIcon(chipIcon)).loaded).toBe(true);
    expect(await shownIcon(chipIcon)).toMatchObject({ icon: 'local-chain', alt: '' });
    await shell.networkChip.click();
    const menu = page.locator(`[id="${await shell.networkChip.getAttribute('aria-controls')}"]`);
    const choices = menu.getByRole('button');
    const shown = new Map<string, string | null>();
    for (const choice of await choices.all()) {
      const icon = assetIcon(choice);
      await expect.poll(async () => (await shownIcon(icon)).loaded).toBe(true);
      shown.set(((await choice.textContent()) ?? '').trim(), (await shownIcon(icon)).icon);
    }
    expect(shown.get('Local chain')).toBe('local-chain');
    expect(shown.get('Ethereum')).toBe('network-ethereum');
    expect(shown.get('Avalanche')).toBe('network-avalanche');
    expect([...shown.values()].every((icon) => icon !== 'monogram')).toBe(true);
    await page.keyboard.press('Escape');

    const origin = new URL(env.server.url).origin;
    expect(images.length).toBeGreaterThanOrEqual(10);
    for (const url of images) expect(new URL(url).origin, url).toBe(origin);
    expect(consoleErrors).toEqual([]);
  });

  it('builds only the icons the bundled lists and networks use, as files of their own', () => {
    const assets = readdirSync(join(e2eDistDir, 'assets'));
    const built = assets.filter((file) => file.endsWith('.svg')).map((file) => join(e2eDistDir, 'assets', file));
    const sources = [
      ...readdirSync(join(ICONS_DIR, 'web3icons'))
        .filter((file) => file.endsWith('.svg'))
        .map((file) => join(ICONS_DIR, 'web3icons', file)),
      join(ICONS_DIR, 'local-chain.svg'),
    ];
    // Identical files are emitted once (the BNB Smart Chain network icon is the BNB token icon).
    const unique = new Set(sources.map((file) => sha256(readFileSync(file))));
    expect(new Set(built.map((file) => sha256(readFileSync(file))))).toEqual(unique);
    expect(built).toHaveLength(unique.size);
    expect(built.length).toBe(24);
    // Not inlined into any script either.
    const svgMarkup = /<svg xmlns/;
    for (const file of assets.filter((f) => f.endsWith('.js'))) {
      expect(svgMarkup.test(readFileSync(join(e2eDistDir, 'assets', file), 'utf8')), file).toBe(false);
    }
  });
});
