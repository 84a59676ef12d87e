// Walletbeat's test of chain verification, in the wallet: the demo wallet on a local chain that
// lists a lying proxy first and the node itself second. The proxy multiplies every ERC-20
// balanceOf by a million; Home shows the node's claim struck through beside the proven balance,
// an alarm names the source, and Send holds until the person acknowledges it. With the proxy
// honest again, every figure shows proven. With previews checked, a proxy that answers a review's
// transfer call falsely is caught by Cairn's own run of it, and Send holds again. Revoke and a
// Safe's execution hold too (the one gate, core/verify/sendingGate.ts), until acknowledged. Under
// a pinned block, a proxy that lies only at its head has the balance proven at the pin shown in its
// place, and is a liar once its own proof of its head, asked again after the next block, disagrees.

import { erc20Abi, formatUnits, getAddress, parseEther, parseUnits } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoSafeAddress } from '../devchain/demoSafe.ts';
import { demoAddress, demoContractAddresses } from '../devchain/seed.ts';
import { demoAccount } from '../devchain/seedSupport.ts';
import { LOCAL_CHAIN_ID } from '../src/core/chain/localChain.ts';
import { safeAbi } from '../src/core/safe/safeAbi.ts';
import { callSafeTx, safeTxTypedData } from '../src/core/safe/safeTx.ts';
import { safeTxFile, safeTxLink } from '../src/core/safe/safeTxFile.ts';
import { Approvals } from './pages/Approvals.ts';
import { AppShell } from './pages/AppShell.ts';
import { Home } from './pages/Home.ts';
import { SafeScreen } from './pages/Safe.ts';
import { Send } from './pages/Send.ts';
import { Settings } from './pages/Settings.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { shownCents } from './support/chainValues.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, proxyOf, startEnvironment } from './support/environment.ts';
import { mineTransfer, nodeClient } from './support/rpc.ts';

const ACKNOWLEDGE = 'I understand the node may be lying, and still want to send';

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
    const proxy = proxyOf(env);
    const { page, consoleErrors } = await demoWalletPage(env);
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
    // Every figure derived from the balances takes the proven ones: the chart ends at the total,
    // and so does its description; the change over 24 hours is a share of the value before it.
    const home = new Home(page);
    const total = shownCents(await home.totalText());
    const chartEnd = async () =>
      /to (\$[\d,.]+),/.exec((await home.chart.getByRole('img').getAttribute('aria-label')) ?? '')?.[1];
    await expect.poll(async () => shownCents((await chartEnd()) ?? ''), { timeout: 30_000 }).toBe(total);
    expect((await home.tablePoints()).at(-1)?.cents).toBe(total);
    await expect.poll(() => home.changeText(), { timeout: 20_000 }).toMatch(/over 24 hours/);
    const changeLine = await home.changeText();
    const change = shownCents(changeLine);
    const percent = Number(/\([−+]?([\d.]+)%\)/.exec(changeLine)?.[1]);
    expect(Math.abs(percent - (100 * Math.abs(Number(change))) / Number(total - change))).toBeLessThan(0.01);

    const send = new Send(page);
    await new AppShell(page).goTo('Send');
    const hold = main.getByRole('region', { name: 'Sending is held' });
    await hold.waitFor();
    expect(await send.form.count()).toBe(0);
    // The hold gives way to the form once acknowledged: a click, not check() (which waits to see it checked).
    await hold.getByLabel('I understand the node may be lying, and still want to send').click();
    await send.form.waitFor();
    expect(await alarm.textContent()).toContain('You chose to send anyway while this lasts.');
    // Send offers the balance the proofs give, marked, never the node's claim.
    const daiHeld = await node.readContract({
      address: demoContractAddresses().DAI,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [demoAddress(0)],
    });
    const daiOption = await send.field('Asset').locator('option').filter({ hasText: /^DAI / }).textContent();
    const offered = /^DAI — balance ([\d,.]+) \(proven; the node’s figure is false\)$/.exec(daiOption ?? '')?.[1];
    expect(offered, daiOption ?? '').toBeDefined();
    expect(Math.abs(Number(offered?.replace(/,/g, '')) - Number(formatUnits(daiHeld, 18)))).toBeLessThan(0.01);

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
    const { page, consoleErrors } = await demoWalletPage(env);
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
        /^Verified preview: Cairn’s own EVM, over state proven at block \d+, finds what the node’s preview shows, the same events and the same coin moved: the call succeeds\.$/,
      )
      .waitFor({ timeout: 30_000 });

    // The node now says a token transfer would not go through; Cairn's own run says it would. The
    // alarm names the call's lie and Send holds until the person acknowledges it.
    const proxy = proxyOf(env);
    proxy.setFault({ kind: 'lie', lie: 'transferFails' });
    await send.review.getByRole('button', { name: 'Edit' }).click();
    await send.fill({ recipient: demoAddress(5), amount: '2' });
    await send.continue();
    const alarm = page.getByRole('alert').filter({ hasText: 'This node’s answers do not match the proofs' });
    await alarm.waitFor({ timeout: 30_000 });
    expect(await alarm.textContent()).toContain(`${proxy.url} answers the reviewed transaction’s call`);
    expect(await alarm.textContent()).toContain(HELD);
    await page.getByLabel('I understand the node may be lying, and still want to send').waitFor();

    // The node answers every call and proof truly but empties its trace: its preview shows no
    // change where Cairn's own run finds the transfer. A new lie: the alarm names it and Send holds
    // again; once acknowledged, the review says the preview cannot be trusted, never "Verified".
    await page.getByLabel('I understand the node may be lying, and still want to send').click();
    proxy.setFault({ kind: 'lie', lie: 'emptyTrace' });
    await send.review.getByRole('button', { name: 'Edit' }).click();
    await send.fill({ recipient: demoAddress(5), amount: '3' });
    await send.continue();
    await alarm
      .filter({ hasText: `${proxy.url} previews the reviewed transaction at block` })
      .waitFor({ timeout: 30_000 });
    await page.getByLabel('I understand the node may be lying, and still want to send').click();
    await send.review
      .getByText(
        /^The node’s preview of this call differs from Cairn’s own run over state proven at block \d+: .+’s preview shows 0 events, the proven run emits 1 event\. Its preview cannot be trusted\.$/,
      )
      .waitFor({ timeout: 30_000 });
    expect(await send.review.getByText(/Verified preview/).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  }, 120_000);

  it('holds Revoke and a Safe’s execution while the node lies, sending nothing, then sends both once acknowledged', async () => {
    const proxy = proxyOf(env);
    const { page, consoleErrors } = await demoWalletPage(env);
    const shell = new AppShell(page);
    // The demo Safe, with a transaction two of its owners signed elsewhere: ready to execute.
    const node = nodeClient(env.chain.url);
    const safe = demoSafeAddress();
    const screen = new SafeScreen(page);
    await screen.startAdding(safe);
    await screen.finishAdding('Team Safe');
    const nonce = await node.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' });
    const tx = callSafeTx({ to: getAddress(demoAddress(7)), value: parseEther('1'), data: '0x' }, nonce);
    const typed = safeTxTypedData({ chainId: LOCAL_CHAIN_ID, address: safe }, tx);
    const signatures = await Promise.all(
      [demoAccount(1), demoAccount(2)].map(async (owner) => ({
        signer: owner.address,
        kind: 'eip712' as const,
        data: await owner.signTypedData(typed),
      })),
    );
    await screen.importText(safeTxLink(safeTxFile({ chainId: LOCAL_CHAIN_ID, safe, tx, signatures })));
    const card = screen.transaction(nonce);
    await expect.poll(() => card.textContent()).toContain('2 of 2 confirmed');

    proxy.setFault({ kind: 'lie', lie: 'balanceOf' });
    await shell.goTo('Home');
    await mineTransfer(env.chain.url);
    await page.getByRole('alert').filter({ hasText: HELD }).waitFor();

    const approvals = new Approvals(page);
    await approvals.open();
    await approvals.items().first().waitFor();
    const [first] = await approvals.names();
    const revoke = () =>
      approvals
        .item(first as string)
        .getByRole('button', { name: `Revoke ${first}` })
        .click();
    await revoke();
    await approvals.review.getByRole('region', { name: 'Sending is held' }).waitFor();
    expect(await approvals.review.getByRole('button', { name: /^Confirm/ }).count()).toBe(0);
    await approvals.review.getByRole('button', { name: 'Cancel' }).click();

    await shell.accountMenuLink('Manage accounts');
    const safeCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Team Safe' }) });
    await safeCard.getByRole('link', { name: 'Open the Safe: owners and transactions' }).click();
    await screen.waitFor();
    await card.getByRole('button', { name: 'Execute', exact: true }).click();
    const hold = card.getByRole('region', { name: 'Sending is held' });
    await hold.waitFor();
    expect(await card.getByRole('button', { name: 'Review the execution' }).count()).toBe(0);
    // Nothing went out while held: the Safe's nonce stands (and the approval, below).
    expect(await node.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' })).toBe(nonce);

    await hold.getByLabel(ACKNOWLEDGE).click();
    await card.getByRole('button', { name: 'Review the execution' }).click();
    const review = card.getByRole('region', { name: 'Review' });
    await review.getByRole('button', { name: 'Confirm and send' }).click({ timeout: 15_000 });
    await expect
      .poll(() => card.textContent(), { timeout: 30_000 })
      .toContain('The Safe executed the transaction (ExecutionSuccess).');
    expect(await node.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' })).toBe(nonce + 1n);

    // Acknowledged in one place, for the network: Revoke goes through as well.
    await approvals.open();
    await expect.poll(() => approvals.names()).toContain(first);
    await revoke();
    await approvals.confirmRevoke(1);
    await expect.poll(() => approvals.names(), { timeout: 20_000 }).not.toContain(first);
    expect(consoleErrors).toEqual([]);
  }, 120_000);

  it('under a pinned block, shows the balance proven there beside a head that lies, then raises the alarm and holds Send', async () => {
    const proxy = proxyOf(env);
    const { page, consoleErrors } = await demoWalletPage(env);
    await mineTransfer(env.chain.url);
    const pinned = await nodeClient(env.chain.url).getBlock();
    const networks = await new Settings(page).open('Networks');
    const local = networks.getByRole('listitem').filter({ hasText: 'Local chain' });
    await local.getByText(/^Proof checks: /).click();
    const form = local.getByRole('form', { name: 'Proof checks' });
    await form.getByLabel('A block I pinned').check();
    await form.getByLabel('Block number').fill(String(pinned.number));
    await form.getByLabel('Block hash').fill(pinned.hash);
    await form.getByRole('button', { name: 'Save proof checks' }).click();
    await form.getByText('Saved.').waitFor();

    // The node doubles every ETH balance it gives at its head, and only there.
    proxy.setFault({ kind: 'lie', lie: 'headBalance' });
    await mineTransfer(env.chain.url);
    await new AppShell(page).goTo('Home');
    const main = page.getByRole('main');
    const row = main.getByRole('row').filter({ hasText: /The node says [\d.]+ ETH at block \d+: not proven yet\./ });
    await row.waitFor();
    const title = (await row.locator('[data-amount][title]').first().getAttribute('title')) ?? '';
    const proven = parseUnits(title.replace(/ ETH$/, ''), 18);
    const said = /The node says ([\d.]+) ETH at block/.exec((await row.textContent()) ?? '')?.[1] ?? '';
    const claimed = parseUnits(said, 18);
    const node = nodeClient(env.chain.url);
    const held = await Promise.all(
      [0, 1, 2].map((i) => node.getBalance({ address: demoAddress(i), blockNumber: pinned.number })),
    );
    // The balance proven at the pinned block is the one shown; the node's doubled one only beside it.
    expect(proven).toBe(held.reduce((sum, b) => sum + b, 0n));
    expect(claimed).toBe(proven * 2n);
    expect(await row.textContent()).toContain(`Proven at block ${pinned.number}`);

    // Its own proof of its head says otherwise; asked again after the next block, it is a lie.
    // (The row above may show from the last check carried over: blocks come until one has asked twice.)
    const alarm = page.getByRole('alert').filter({ hasText: 'This node’s answers do not match the proofs' });
    await expect
      .poll(
        async () => {
          if ((await alarm.count()) === 0) await mineTransfer(env.chain.url);
          return alarm.count();
        },
        { timeout: 30_000, interval: 3_000 },
      )
      .toBe(1);
    expect(await alarm.textContent()).toContain(`${proxy.url} said`);
    await new AppShell(page).goTo('Send');
    await main.getByRole('region', { name: 'Sending is held' }).waitFor();
    expect(await new Send(page).form.count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });
});
