import { type Address, erc20Abi, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAddress, demoContractAddresses } from '../devchain/seed.ts';
import { demoAccount } from '../devchain/seedSupport.ts';
import { LOCAL_UNISWAP_DEPLOYMENT as uniswap } from '../src/core/chain/localUniswap.ts';
import { permit2AllowanceAbi } from '../src/core/contracts/decode/standardAbis.ts';
import { DELEGATION_CONTRACTS } from '../src/core/smartAccount/delegates.ts';
import { executeCalldata, MSG_SENDER, ROUTER_ITSELF, v3SwapExactIn, wrapEth } from '../src/core/swap/routerCommands.ts';
import { encodeV3Path } from '../src/core/swap/v3Path.ts';
import { Swap } from './pages/Swap.ts';
import { expectAccessibleInBothSchemes } from './support/axe.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { nodeClient } from './support/rpc.ts';

const tokens = demoContractAddresses();

describe('swapping', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  async function openSwap() {
    const opened = await demoWalletPage(env, { landOn: 'swap' });
    const swap = new Swap(opened.page);
    await swap.open();
    return { ...opened, swap };
  }

  const balanceOf = (token: Address, owner: Address) =>
    nodeClient(env.chain.url).readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });

  it('swaps ETH for USDC: the review simulates exactly the quote, and exactly that arrives', async () => {
    const { swap, consoleErrors } = await openSwap();
    const me = demoAddress(0);
    await swap.fill({ pay: 'ETH', amount: '0.5', receive: 'USDC' });
    expect(await swap.quote.textContent()).toMatch(/Uniswap v[34]: ETH → USDC/);
    await swap.review();
    const simulated = await swap.simulatedEqual(6);
    const before = await balanceOf(tokens.USDC, me);
    const card = await swap.send.confirm();
    await expect.poll(() => swap.send.statusOf(card), { timeout: 15_000 }).toContain('Confirmed');
    expect((await balanceOf(tokens.USDC, me)) - before).toBe(simulated);
    expect(await swap.send.review.count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it('for a plain account, resets a USDT allowance left from before, approves exactly, permits and swaps, leaving nothing approved', async () => {
    const node = nodeClient(env.chain.url);
    // The seeded USDT refuses an approve from one non-zero allowance to another, as mainnet USDT
    // does; Permit2 still holds 1 USDT of an approve whose swap was never sent.
    const me = demoAddress(1);
    for (const [account, functionName, args] of [
      [demoAddress(0), 'transfer', [me, 100_000000n]],
      [me, 'approve', [uniswap.permit2, 1_000000n]],
    ] as const) {
      const hash = await node.writeContract({
        account,
        chain: null,
        address: tokens.USDT,
        abi: erc20Abi,
        functionName,
        args,
      });
      await node.waitForTransactionReceipt({ hash });
    }
    const { swap, page } = await openSwap();
    await swap.fill({ from: 'Demo account 2', pay: 'USDT', amount: '100', receive: 'USDC' });
    await swap.quotedOut(6);
    await swap.review();
    // Swap says why the allowance is set to 0 first, and lists the two transactions in order.
    await swap.reset.waitFor({ timeout: 15_000 });
    expect(await swap.reset.textContent()).toContain('refuse to change an allowance that is not 0 into another');
    expect(await swap.reset.getByRole('listitem').allTextContents()).toEqual([
      'Set Permit2’s allowance of USDT to 0.',
      expect.stringMatching(/^Approve exactly 100 USDT.* for Permit2\.$/),
    ]);
    await swap.reset.getByRole('button', { name: 'Review the reset' }).click();
    const reset = await swap.send.confirm();
    await expect.poll(() => swap.send.statusOf(reset), { timeout: 15_000 }).toContain('Confirmed');
    await swap.backToSwap();
    // Back on Swap with the amounts kept: the exact approve, then a permit for exactly the amount.
    await swap.quotedOut(6);
    await swap.review();
    await swap.send.review.waitFor({ timeout: 15_000 });
    expect(await swap.send.review.textContent()).toContain('approve(');
    const approved = await swap.send.confirm();
    await expect.poll(() => swap.send.statusOf(approved), { timeout: 15_000 }).toContain('Confirmed');
    await swap.backToSwap();
    await swap.quotedOut(6);
    await swap.review();
    const permit = page.getByRole('region', { name: 'Sign a permit for exactly this amount' });
    await permit.waitFor({ timeout: 15_000 });
    await permit.getByRole('button', { name: 'Sign permit' }).click();
    const simulated = await swap.simulatedEqual(6);
    const before = await balanceOf(tokens.USDC, me);
    const card = await swap.send.confirm();
    await expect.poll(() => swap.send.statusOf(card), { timeout: 15_000 }).toContain('Confirmed');
    expect((await balanceOf(tokens.USDC, me)) - before).toBe(simulated);
    expect(
      await node.readContract({
        address: tokens.USDT,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [me, uniswap.permit2],
      }),
    ).toBe(0n);
    const [left] = await node.readContract({
      address: uniswap.permit2,
      abi: permit2AllowanceAbi,
      functionName: 'allowance',
      args: [me, tokens.USDT, uniswap.universalRouter],
    });
    expect(left).toBe(0n);
  });

  it('for a smart account, resets a USDT allowance left from before, then approves and swaps in one transaction', async () => {
    const node = nodeClient(env.chain.url);
    // The seeded USDT refuses an approve from one non-zero allowance to another, as mainnet USDT
    // does; Permit2 still holds 1 USDT of an approve whose swap was never sent.
    const me = demoAddress(2);
    const stale = await node.writeContract({
      account: me,
      chain: null,
      address: tokens.USDT,
      abi: erc20Abi,
      functionName: 'approve',
      args: [uniswap.permit2, 1_000000n],
    });
    await node.waitForTransactionReceipt({ hash: stale });
    // An account already upgraded to Cairn's delegate (its code points there).
    await node.setCode({ address: me, bytecode: `0xef0100${DELEGATION_CONTRACTS.delegator.slice(2)}` });
    const { swap, page } = await openSwap();
    await swap.fill({ from: 'Demo account 3', pay: 'USDT', amount: '100', receive: 'USDC' });
    await swap.quotedOut(6);
    await swap.review();
    const permit = page.getByRole('region', { name: 'Sign a permit for exactly this amount' });
    await permit.waitFor({ timeout: 15_000 });
    expect(await permit.textContent()).toContain('go together in one transaction');
    expect(await permit.textContent()).toContain('so the batch first sets it to 0');
    await permit.getByRole('button', { name: 'Sign permit' }).click();
    // Send's batch, reviewed: the reset, the exact approve, then the swap.
    await swap.send.reviewBatch();
    await expect
      .poll(() => swap.send.review.textContent(), { timeout: 15_000 })
      .toMatch(/approve\(.*approve\(.*execute\(/s);
    const before = await balanceOf(tokens.USDC, me);
    const card = await swap.send.confirm();
    await expect.poll(() => swap.send.statusOf(card), { timeout: 15_000 }).toContain('Confirmed');
    expect(await balanceOf(tokens.USDC, me)).toBeGreaterThan(before);
    // One transaction, from the account to itself, and nothing left approved.
    const block = await node.getBlock({ includeTransactions: true });
    expect(block.transactions.map((tx) => [tx.from, tx.to])).toEqual([[me.toLowerCase(), me.toLowerCase()]]);
    expect(
      await node.readContract({
        address: tokens.USDT,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [me, uniswap.permit2],
      }),
    ).toBe(0n);
  });

  it('holds Confirm, saying why, when another account moves the pools beyond the slippage after the review', async () => {
    const { swap, page } = await openSwap();
    await swap.fill({ pay: 'ETH', amount: '0.2', receive: 'DAI' });
    await swap.quotedOut(18);
    await swap.review();
    await swap.simulatedEqual(18);
    // Another account sells ETH into every ETH/DAI pool.
    const node = nodeClient(env.chain.url);
    const mover = demoAccount(74);
    await node.setBalance({ address: mover.address, value: parseEther('100') });
    const { timestamp } = await node.getBlock();
    for (const fee of [500, 3000]) {
      const amountIn = parseEther('20');
      const data = executeCalldata(
        [
          wrapEth(ROUTER_ITSELF, amountIn),
          v3SwapExactIn({
            recipient: MSG_SENDER,
            amountIn,
            amountOutMin: 0n,
            path: encodeV3Path([uniswap.wrappedNative, tokens.DAI], [fee]),
            payerIsUser: false,
          }),
        ],
        timestamp + 600n,
      );
      const hash = await node.sendTransaction({ account: mover, to: uniswap.universalRouter, data, value: amountIn });
      await node.waitForTransactionReceipt({ hash });
    }
    await page
      .getByRole('alert')
      .filter({ hasText: 'The price moved beyond your slippage' })
      .waitFor({ timeout: 20_000 });
    expect(await swap.send.review.getByRole('button', { name: 'Confirm and send' }).isDisabled()).toBe(true);
  });

  it('says so when no pool joins two tokens, and warns that a fee-on-transfer token delivers less than quoted', async () => {
    const { swap, page } = await openSwap();
    await swap.fill({ pay: 'USDT', amount: '10', receive: 'MKR' });
    await page
      .getByRole('alert')
      .filter({ hasText: 'No Uniswap pool joins USDT and MKR' })
      .waitFor({ timeout: 20_000 });
    expect(await swap.form.getByRole('button', { name: 'Review swap' }).isDisabled()).toBe(true);
    await swap.fill({ pay: 'ETH', amount: '0.1', receive: 'FEE' });
    await swap.quotedOut(18);
    await swap.review();
    await swap.send.review
      .getByRole('alert')
      .filter({ hasText: 'The quote is above what will arrive' })
      .waitFor({ timeout: 20_000 });
  });

  it('passes axe at 360 px with a quote shown, light and dark', async () => {
    const { page } = await demoWalletPage(env, { width: 360, landOn: 'swap' });
    const opened = new Swap(page);
    await opened.open();
    await opened.fill({ pay: 'ETH', amount: '1', receive: 'USDC', slippage: '2' });
    await opened.quotedOut(6);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expectAccessibleInBothSchemes(page, 'swap');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
