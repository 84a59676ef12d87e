// Where history comes from, set in Settings: an Etherscan-compatible explorer per network
// (checked before it is saved, its key sent only to it). NFT image sources:
// src/features/settings/NftImagesScreen.dom.test.tsx.

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeExplorer, startFakeExplorer } from '../src/testing/fakeExplorer.ts';
import { Activity } from './pages/Activity.ts';
import { Settings } from './pages/Settings.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { nodeClient } from './support/rpc.ts';

describe('history sources in Settings', () => {
  let env: Environment;
  let explorer: FakeExplorer;
  beforeAll(async () => {
    env = await startEnvironment();
    explorer = await startFakeExplorer(env.chain.url);
  });
  afterAll(async () => {
    await explorer?.close();
    await env?.close();
  });

  /** Opens Activity and waits for the history to reach the node's head; returns its counts. */
  async function syncedCounts(page: Page) {
    const activity = new Activity(page);
    await activity.open();
    await activity.waitSyncedTo(await nodeClient(env.chain.url).getBlockNumber());
    await expect.poll(() => activity.counts()).toBeDefined();
    return { activity, counts: await activity.counts() };
  }

  it('checks an explorer before saving it, refuses a bad URL and a refused key with the reason, then builds the same history from it', async () => {
    // Ground truth for this chain: the history built from the node's blocks, in another profile.
    const scanned = await demoWalletPage(env);
    const fromBlocks = (await syncedCounts(scanned.page)).counts;
    expect(fromBlocks?.total).toBeGreaterThan(0);

    const { page, consoleErrors } = await demoWalletPage(env, { landOn: 'settings' });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const section = await new Settings(page).open('History explorers');
    const url = section.getByRole('textbox', { name: 'Explorer API URL' });
    const key = section.getByLabel('API key', { exact: true });
    const save = section.getByRole('button', { name: 'Check and save explorer' });

    await url.fill('explorer.example/api');
    await key.fill(explorer.apiKey);
    await save.click();
    await expect
      .poll(() => section.getByText('The explorer API URL must be a web address starting with https://.').count())
      .toBe(1);
    expect(await url.inputValue()).toBe('explorer.example/api');
    expect(explorer.requests).toBe(0);

    await url.fill(explorer.url);
    await key.fill('WRONGKEY000000000');
    await save.click();
    await expect
      .poll(() => section.getByRole('alert').textContent())
      .toMatch(/refused the API key: check it in Settings → History explorers\. Nothing was saved\.$/);
    expect(await key.inputValue()).toBe('WRONGKEY000000000');
    expect(await section.getByRole('button', { name: /^Remove the explorer of / }).count()).toBe(0);

    await key.fill(explorer.apiKey);
    // Saving checks the key with one request; the history then syncs from the explorer, maybe at once.
    const before = explorer.requests;
    await save.click();
    await expect.poll(() => section.getByRole('status').textContent()).toMatch(/^Explorer saved for Local chain\./);
    expect(await key.inputValue()).toBe('');
    await section.getByRole('button', { name: 'Remove the explorer of Local chain' }).waitFor();

    const { activity, counts } = await syncedCounts(page);
    expect(await activity.screen.textContent()).toContain(
      'built from your node’s logs, your explorer and Cairn’s own records',
    );
    expect(explorer.requests).toBeGreaterThan(before + 1);
    expect(counts).toEqual(fromBlocks);
    // The key goes to the explorer and nowhere else.
    const explorerHost = new URL(explorer.url).host;
    const withKey = requests.filter((r) => r.includes(explorer.apiKey));
    expect(withKey.length).toBeGreaterThan(0);
    expect(withKey.every((r) => new URL(r).host === explorerHost)).toBe(true);
    expect(consoleErrors).toEqual([]);

    // Removed, it is asked nothing more.
    await new Settings(page).open('History explorers');
    await section.getByRole('button', { name: 'Remove the explorer of Local chain' }).click();
    expect(await section.getByRole('button', { name: /^Remove the explorer of / }).count()).toBe(0);
    const after = explorer.requests;
    await syncedCounts(page);
    await page.waitForTimeout(1_500);
    expect(explorer.requests).toBe(after);
  });
});
