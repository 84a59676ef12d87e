// An account upgraded to a smart account (EIP-7702, MetaMask's delegator) on the local chain,
// from its card on Accounts, through the screen that explains it and its review, then undone;
// the screen passes axe. The chain's code at the account says what happened each time.
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAddress } from '../devchain/seed.ts';
import { DELEGATION_CONTRACTS } from '../src/core/smartAccount/delegates.ts';
import { AppShell } from './pages/AppShell.ts';
import { SmartAccount } from './pages/SmartAccount.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { nodeClient } from './support/rpc.ts';

describe('smart accounts', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('upgrades an account from its card, after the explanation and review, and undoes it', async () => {
    const { page, consoleErrors } = await demoWalletPage(env);
    const node = nodeClient(env.chain.url);
    const me = getAddress(demoAddress(0));
    await new AppShell(page).accountMenuLink('Manage accounts');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Demo account 1', exact: true }) });
    await card
      .getByRole('link', { name: 'Upgrade to a smart account' })
      .click({ timeout: 10_000 })
      .catch(async (e: unknown) => {
        throw new Error(`card: ${await card.textContent()}`, { cause: e });
      });
    const smart = new SmartAccount(page);
    await smart.waitFor();
    await expect.poll(() => smart.stateLine()).toContain('Plain account');
    const main = page.getByRole('main');
    expect(await main.textContent()).toContain(DELEGATION_CONTRACTS.delegator);
    await page.getByRole('button', { name: 'Continue', exact: true }).waitFor();

    await page.emulateMedia({ reducedMotion: 'reduce' });
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    await smart.continueUpgrade();
    await smart.review.waitFor({ timeout: 15_000 });
    expect(await smart.review.textContent()).toContain('Network fee');
    await smart.confirm();
    await expect.poll(() => smart.sentStatus(), { timeout: 15_000 }).toContain('Confirmed');
    await expect
      .poll(() => smart.stateLine(), { timeout: 15_000 })
      .toBe(`Smart account: MetaMask delegator v1.3.0 (0x63c0…E32B)`);
    expect(await node.getCode({ address: me })).toBe(
      `0xef0100${DELEGATION_CONTRACTS.delegator.slice(2).toLowerCase()}`,
    );

    await smart.reviewUndo();
    await smart.review.waitFor({ timeout: 15_000 });
    expect(await smart.review.textContent()).toContain('will be cleared');
    await smart.confirm();
    await expect
      .poll(() => smart.sentStatus(), { timeout: 15_000 })
      .toContain('Smart account upgrade undone: Confirmed');
    await expect.poll(() => smart.stateLine(), { timeout: 15_000 }).toContain('Plain account');
    expect(await node.getCode({ address: me })).toBeUndefined();
    expect(consoleErrors).toEqual([]);
  });
});
