// The Approvals screen against the seeded local chain: the list is what the chain says (compared
// through the CSV export with Cairn's core reading the node from Node), most value at risk first;
// revoking one, then three together, through the review with its simulation, each leaving the list
// once mined and gone from the chain; a watch-only account sees the list but cannot revoke; the
// screen fits 360 px and passes axe.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { type Address, erc20Abi, formatUnits, parseAbi, parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeededApproval } from '../devchain/approvalSeed.ts';
import { demoAddress } from '../devchain/seed.ts';
import { screen } from '../src/app/paths.ts';
import { KIND_WORDS } from '../src/core/approvals/approvalRows.ts';
import { memoryApprovalStore } from '../src/core/approvals/approvalStore.ts';
import type { CurrentApproval } from '../src/core/approvals/currentApprovals.ts';
import { readAccountApprovals } from '../src/core/approvals/readApprovals.ts';
import { countWide } from '../src/core/approvals/wide.ts';
import { LOCAL_PRICE_FEEDS } from '../src/core/assets/localChainAssets.ts';
import { chainClient } from '../src/core/chain/client.ts';
import { localNetwork } from '../src/core/chain/networks.ts';
import { renderMessage } from '../src/core/i18n/message.ts';
import { Approvals } from './pages/Approvals.ts';
import { AppShell } from './pages/AppShell.ts';
import { Onboarding } from './pages/Onboarding.ts';
import { expectAccessibleInBothSchemes } from './support/axe.ts';
import { parseCsv } from './support/csv.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { recordProgress } from './support/progress.ts';
import { nodeClient } from './support/rpc.ts';

const feedAbi = parseAbi([
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
]);

const owner = demoAddress(0);

/** What the chain says is in force for the demo account now, read by Cairn's core from Node. */
async function onChain(env: Environment): Promise<CurrentApproval[]> {
  const client = chainClient({ ...localNetwork(env.chain.url), id: `e2e-approvals-${Date.now()}` });
  return (await readAccountApprovals(client, memoryApprovalStore(), owner)).approvals;
}

/** A token's decimals and the latest answer of its seeded price feed (8 decimals). */
async function seededPrice(env: Environment, token: Address): Promise<{ answer: bigint; decimals: number }> {
  const node = nodeClient(env.chain.url);
  const feed = LOCAL_PRICE_FEEDS.find((f) => f.asset !== 'native' && f.asset.toLowerCase() === token.toLowerCase());
  if (!feed) throw new Error(`no seeded price feed for ${token}`);
  const [, answer] = await node.readContract({ address: feed.address, abi: feedAbi, functionName: 'latestRoundData' });
  const decimals = await node.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' });
  return { answer, decimals };
}

/** kind | contract | token id | spender: one approval, as the CSV and the seed's manifest both say it. */
function grantLine(a: SeededApproval | CurrentApproval): string {
  const spender = a.kind === 'operator' ? a.operator : a.kind === 'erc721' ? a.approved : a.spender;
  return [renderMessage(KIND_WORDS[a.kind]), a.token, a.kind === 'erc721' ? String(a.tokenId) : '', spender]
    .join(' | ')
    .toLowerCase();
}

async function exported(page: Page): Promise<string[][]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^cairn-approvals-local-0x[0-9a-fA-F]{8}\.csv$/);
  return parseCsv(readFileSync((await file.path()) ?? '', 'utf8'));
}

describe('approvals', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('lists what the seed left in force, most at risk first, at the seeded prices, and exports the same as CSV', async () => {
    const { page, consoleErrors } = await env.newPage();
    const progressSeen = await recordProgress(page);
    await new AppShell(page).open(env.server.url, screen('approvals'));
    await new Onboarding(page).openDemoWallet();
    const approvals = new Approvals(page);
    await approvals.open();
    // What the seed granted and left in force (zeroed and expired ones are not listed).
    const seeded = (env.manifest?.approvals ?? []).filter((a) => a.state === 'in force');
    expect(seeded.length).toBeGreaterThanOrEqual(5);
    await expect.poll(() => approvals.items().count()).toBe(seeded.length);
    // The read said what it did while it ran (if the screen showed it at all, the chain being
    // small): the blocks searched of all, never past the end; once the list is shown, no bar.
    for (const { name, value } of (await progressSeen()).filter((p) => /approval/.test(p.name))) {
      if (value === null) continue;
      expect(name).toBe('Searching the chain for this account’s approval events');
      expect(value).toMatch(/^blocks [\d,]+ of [\d,]+$/);
      const [done = 0, total = 0] = (value.match(/[\d,]+/g) ?? []).map((n) => Number(n.replace(/,/g, '')));
      expect(done).toBeLessThanOrEqual(total);
    }
    expect(await approvals.progress().count()).toBe(0);

    const [header, ...rows] = await exported(page);
    const column = (name: string) => (header ?? []).indexOf(name);
    const line = (row: string[]) =>
      [row[column('kind')], row[column('contract')], row[column('token_id')], row[column('spender')]]
        .join(' | ')
        .toLowerCase();
    expect(rows.map(line).sort()).toEqual(seeded.map(grantLine).sort());
    // Sorted by value at risk: priced rows first, in decreasing order.
    const values = rows.map((row) => row[column('value_at_risk_usd')] ?? '');
    const priced = values.filter((v) => v !== '').map(Number);
    expect(priced.length).toBeGreaterThan(0);
    expect(values.slice(0, priced.length).every((v) => v !== '')).toBe(true);
    expect(priced).toEqual([...priced].sort((a, b) => b - a));
    // Each value at risk is the amount at risk at the seeded feed's latest price, to the wei-dollar.
    for (const row of rows.filter((r) => r[column('value_at_risk_usd')] !== '')) {
      const token = row[column('contract')] as Address;
      const { answer, decimals } = await seededPrice(env, token);
      const atRisk = parseUnits(row[column('at_risk')] ?? '', decimals);
      const expected = (atRisk * answer * 10n ** 10n) / 10n ** BigInt(decimals);
      expect(row[column('value_at_risk_usd')]).toBe(formatUnits(expected, 18));
    }
    // The list shows the same approvals in the same order, and the first its value at risk in dollars.
    const names = await approvals.names();
    expect(names.map((name) => name.split(':')[0])).toEqual(rows.map((row) => row[column('token')]));
    expect(await approvals.items().first().textContent()).toMatch(/At risk now.*\(\$[\d,]+\.\d\d\)/);
    // An unlimited allowance says so, and an operator is flagged.
    expect(rows.some((row) => row[column('flags')]?.includes('unlimited'))).toBe(true);
    expect(rows.some((row) => row[column('flags')]?.includes('may take every NFT'))).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  it('revokes the approval most at risk, then three together, each leaving the list and the chain', async () => {
    const { page, consoleErrors } = await demoWalletPage(env, { landOn: 'approvals' });
    const approvals = new Approvals(page);
    await approvals.open();
    const before = await onChain(env);
    await expect.poll(() => approvals.items().count()).toBe(before.length);
    const [first, ...others] = await approvals.names();

    await approvals
      .item(first as string)
      .getByRole('button', { name: `Revoke ${first}` })
      .click();
    await approvals.review.waitFor();
    expect(await approvals.revocations()).toEqual([first]);
    await expect.poll(() => approvals.review.textContent(), { timeout: 20_000 }).toMatch(/What revoking does/);
    await approvals.confirmRevoke(1);
    await expect.poll(() => approvals.names(), { timeout: 20_000 }).toEqual(others);
    expect((await onChain(env)).length).toBe(before.length - 1);
    await approvals.review.getByRole('button', { name: 'Close' }).click();

    const three = others.slice(0, 3);
    for (const name of three) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page.getByRole('button', { name: 'Revoke 3 selected' }).click();
    expect(await approvals.revocations()).toEqual(three);
    await approvals.confirmRevoke(3);
    await expect.poll(() => approvals.names(), { timeout: 30_000 }).toEqual(others.slice(3));
    expect((await onChain(env)).length).toBe(before.length - 4);
    expect(consoleErrors).toEqual([]);
  });

  it('counts open unlimited approvals on Home, marks approval transactions in Activity, and leads to Approvals', async () => {
    const { page, consoleErrors } = await demoWalletPage(env);
    const unlimited = countWide(await onChain(env));
    expect(unlimited).toBeGreaterThan(0);
    const shell = new AppShell(page);
    await shell.goTo('Activity');
    const history = page.getByRole('main');
    await expect.poll(() => history.getByText('Approval granted').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => history.getByText('Approval withdrawn').count()).toBeGreaterThan(0);
    await shell.goTo('Home');
    const count = page.getByRole('link', {
      name: unlimited === 1 ? '1 open unlimited approval' : `${unlimited} open unlimited approvals`,
    });
    await count.waitFor({ timeout: 20_000 });
    await count.click();
    await new Approvals(page).items().first().waitFor();
    expect(consoleErrors).toEqual([]);
  });

  it('shows a watch-only account its approvals without a way to revoke them', async () => {
    const { page, consoleErrors } = await env.newPage();
    const onboarding = new Onboarding(page);
    await new AppShell(page).open(env.server.url);
    await onboarding.method('Watch an address').click();
    await page.getByLabel('Address', { exact: true }).fill(owner);
    await page.getByRole('button', { name: 'Continue' }).click();
    await onboarding.finishWithPassword();
    const approvals = new Approvals(page);
    await approvals.open();
    const chain = await onChain(env);
    await expect.poll(() => approvals.items().count()).toBe(chain.length);
    expect(await page.getByRole('main').textContent()).toContain('so it cannot revoke approvals with it');
    expect(await page.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: /^Select / }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it('fits 360 px and passes axe light and dark, with the review open', async () => {
    const { page } = await demoWalletPage(env, { width: 360, landOn: 'approvals' });
    const approvals = new Approvals(page);
    await approvals.open();
    await approvals.items().first().waitFor();
    const scan = async (what: string) => {
      await expectAccessibleInBothSchemes(page, what);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    };
    await scan('list');
    const [first] = await approvals.names();
    await approvals
      .item(first as string)
      .getByRole('button', { name: `Revoke ${first}` })
      .click();
    await expect.poll(() => approvals.review.textContent(), { timeout: 20_000 }).toMatch(/What revoking does/);
    await scan('review');
  });
});
