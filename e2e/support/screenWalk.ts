// Walking Cairn's screens: each screen's address, and waiting until a screen has read what it shows.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { demoSafeAddress } from '../../devchain/demoSafe.ts';
import { demoAddress } from '../../devchain/seed.ts';
import { pathTo, type ScreenId, screens } from '../../src/app/paths.ts';
import type { Environment } from './environment.ts';

/** Every screen of the unlocked wallet with its address; those that show one thing, for a seeded transaction or a demo address. */
export function everyScreen(env: Environment): Array<{ id: ScreenId; url: string }> {
  const params: Partial<Record<ScreenId, Record<string, string>>> = {
    transaction: { hash: env.manifest?.history.at(-1) ?? '' },
    address: { address: demoAddress(3) },
    smartAccount: { address: demoAddress(0) },
    safe: { address: demoSafeAddress() },
  };
  return screens.map((entry) => ({ id: entry.id, url: `${env.server.url}#${pathTo(entry.id, params[entry.id])}` }));
}

/**
 * Waits until the page's words differ from `before` (the screen asked for has replaced the last
 * one) and then hold for half a second (it has read what it shows, from the node too); gives
 * those words.
 */
export async function settled(page: Page, before = ''): Promise<string> {
  const words = async () => (await page.locator('body').textContent()) ?? '';
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expect.poll(async () => (await words()) !== before, { timeout: 30_000 }).toBe(true);
  let last = '';
  await expect
    .poll(
      async () => {
        const now = await words();
        const same = now === last;
        last = now;
        return same;
      },
      { interval: 500, timeout: 30_000 },
    )
    .toBe(true);
  return last;
}
