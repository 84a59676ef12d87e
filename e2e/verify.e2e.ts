// Walletbeat's test of chain verification, in the wallet: the demo wallet on a local chain that
// lists a lying proxy first and the node itself second. The proxy multiplies every ERC-20
// balanceOf by a million; Home shows the node's claim struck through beside the proven balance,
// an alarm names the source, and Send holds until the person acknowledges it. With the proxy
// honest again, every figure shows proven. With previews checked, a proxy that answers a review's
// transfer call falsely is caught by Cairn's own run of it, and Send holds again.

import { erc20Abi, parseUnits } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoAddress, demoContractAddresses } from '../devchain/seed.ts';
import { AppShell } from './pages/AppShell.ts';
import { Onboarding } from './pages/Onboarding.ts';
import { Send } from './pages/Send.ts';
import { Settings } from './pages/Settings.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { mineTransfer, nodeClient } from './support/rpc.ts';

/** What the alarm says of sending while it is not acknowledged. */
const HELD =
  'Sending is held until you acknowledge this where you send: Send, Swap, a site’s request, Revoke on Approvals, a smart account’s upgrade or undo, a Safe’s confirmation on-chain or execution, or a signed transaction’s broadcast.';

/** The demo tokens' decimals, as the seed deploys them. */
const DECIMALS: Record<string, number> = { DAI: 18, USDC: 6, USDT: 6, MKR: 18 };

/**
 * The exact amount a struck or proven figure shows ("The node said 1000 DAI", then the amount's
 * exact form again for its tooltip): its digits and symbol.
 */
function amountIn(text: string | null, prefix: string): { digits: string; symbol: string } {
  const match = new RegExp(`^${prefix} ([0-9.]+) ([A-Za-z]+)`).exec((text ?? '').replace(/\s+/g, ' ').trim());
  if (!match) throw new Error(`not an amount after "${prefix}": ${text}`);
  return { digits: match[1] as string, symbol: match[2] as string };
}

describe('balances checked against proofs, with a lying node listed first', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment({ proxy: true, nodeListedToo: true });
  });
  afterAll(async () => {
    await env?.close();
  });
  // A test that fails while the proxy lies leaves the next one an honest node.
  afterEach(() => env.proxy?.setFault({ kind: 'none' }));

  it('proves every balance, catches a multiplied balanceOf on Home, holds Send, and clears once honest', async () => {
    const proxy = env.proxy;
    if (!proxy) throw new Error('no proxy');
    const { page, consoleErrors } = await env.newPage();
    await new AppShell(page).open(env.server.url);
    await new Onboarding(page).openDemoWallet();
    const main = page.getByRole('main');
    const allProven = /^(\d+) of \1 figures proven against block \d+, on which its 2 RPC URLs agree\.$/;
    await main.getByText(allProven).waitFor();
    // Each balance carries its mark for assistive technology.
    await expect.poll(() => main.getByText(/^Proven at block \d+$/).count()).toBeGreaterThan(3);

    proxy.setFault({ kind: 'lie', lie: 'balanceOf' });
    await mineTransfer(env.chain.url);
    const alarm = page.getByRole('alert').filter({ hasText: 'This node’s answers do not match the proofs' });
    await alarm.waitFor();
    expect(await alarm.textContent()).toContain(`${proxy.url} said`);
    expect(await alarm.textContent()).toContain(HELD);
    await main.getByText(/figures? (is|are) contradicted by proofs/).waitFor();
    // The first contradicted row: its claim a million times what the proof says, which is what the
    // node itself holds for the three demo accounts.
    const row = main
      .getByRole('row')
      .filter({ has: page.locator('del') })
      .first();
    const claimed = amountIn(await row.locator('del').textContent(), 'The node said');
    const proven = amountIn(await row.locator('ins').textContent(), 'the proof says');
    expect(claimed.symbol).toBe(proven.symbol);
    const decimals = DECIMALS[proven.symbol];
    if (decimals === undefined) throw new Error(`unexpected token ${proven.symbol}`);
    expect(parseUnits(claimed.digits, decimals)).toBe(parseUnits(proven.digits, decimals) * 1_000_000n);
    const node = nodeClient(env.chain.url);
    const token = demoContractAddresses()[proven.symbol as 'DAI' | 'USDC' | 'USDT' | 'MKR'];
    const held = await Promise.all(
      [0, 1, 2].map((i) =>
        node.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [demoAddress(i)] }),
      ),
    );
    expect(parseUnits(proven.digits, decimals)).toBe(held.reduce((sum, b) => sum + b, 0n));
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    const send = new Send(page);
    await new AppShell(page).goTo('Send');
    const hold = main.getByRole('region', { name: 'Sending is held' });
    await hold.waitFor();
    expect(await send.form.count()).toBe(0);
    // The hold gives way to the form once acknowledged: a click, not check() (which waits to see it checked).
    await hold.getByLabel('I understand the node may be lying, and still want to send').click();
    await send.form.waitFor();
    expect(await alarm.textContent()).toContain('You chose to send anyway while this lasts.');

    proxy.setFault({ kind: 'none' });
    // Home checks every block (the header's figures, once a minute).
    await new AppShell(page).goTo('Home');
    await mineTransfer(env.chain.url);
    await alarm.waitFor({ state: 'detached' });
    await main.getByText(allProven).waitFor();
    expect(await main.locator('del').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it('checks a review’s preview in Cairn’s own EVM once asked for in Settings, and holds Send when the node lies about the call', async () => {
    const { page, consoleErrors } = await env.newPage();
    await new AppShell(page).open(env.server.url);
    await new Onboarding(page).openDemoWallet();
    const networks = await new Settings(page).open('Networks');
    const local = networks.getByRole('listitem').filter({ hasText: 'Local chain' });
    await local.getByText(/^Proof checks: /).click();
    const form = local.getByRole('form', { name: 'Proof checks' });
    await form.getByLabel('A block I pinned').check();
    await form.getByLabel('Block number').fill('twelve');
    await form.getByRole('button', { name: 'Save proof checks' }).click();
    await form.getByText('A block number is a whole number, like 21000000.').waitFor();
    await form.getByText('A block hash is 0x and 64 hexadecimal characters.').waitFor();
    expect(await form.getByLabel('Block number').inputValue()).toBe('twelve');
    await form.getByLabel('Every RPC URL of this network names the same block').check();
    await form.getByLabel('Balances, and previews run in Cairn’s own EVM over proven state').check();
    await form.getByRole('button', { name: 'Save proof checks' }).click();
    await form.getByText('Saved.').waitFor();
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    const send = new Send(page);
    await send.open();
    await send.fill({ recipient: demoAddress(5), asset: 'DAI', amount: '1' });
    await send.continue();
    await send.review
      .getByText(
        /^Verified preview: Cairn’s own EVM, over state proven at block \d+, finds what the node finds: the call succeeds\.$/,
      )
      .waitFor({ timeout: 30_000 });

    // The node now says a token transfer would not go through; Cairn's own run says it would. The
    // alarm names the call's lie and Send holds until the person acknowledges it.
    const proxy = env.proxy;
    if (!proxy) throw new Error('no proxy');
    proxy.setFault({ kind: 'lie', lie: 'transferFails' });
    await send.review.getByRole('button', { name: 'Edit' }).click();
    await send.fill({ recipient: demoAddress(5), amount: '2' });
    await send.continue();
    const alarm = page.getByRole('alert').filter({ hasText: 'This node’s answers do not match the proofs' });
    await alarm.waitFor({ timeout: 30_000 });
    expect(await alarm.textContent()).toContain(`${proxy.url} answers the reviewed transaction’s call`);
    expect(await alarm.textContent()).toContain(HELD);
    await page.getByLabel('I understand the node may be lying, and still want to send').waitFor();
    expect(consoleErrors).toEqual([]);
  });
});
