import { encodeFunctionData, erc20Abi, parseAbi, parseEther, parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAddress, demoContractAddresses } from '../devchain/seed.ts';
import { Activity } from './pages/Activity.ts';
import { AppShell } from './pages/AppShell.ts';
import { Unlock } from './pages/Onboarding.ts';
import { Send } from './pages/Send.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { nodeClient } from './support/rpc.ts';

const tokens = demoContractAddresses();

describe('sending', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  async function openSend() {
    const opened = await demoWalletPage(env, { landOn: 'send' });
    const send = new Send(opened.page);
    await send.open();
    return { ...opened, send };
  }

  it('sends ETH to an ENS name and tracks it to confirmed', async () => {
    const { send, consoleErrors } = await openSend();
    const node = nodeClient(env.chain.url);
    const bob = demoAddress(6);
    const before = await node.getBalance({ address: bob });
    await send.fill({ recipient: 'bob.eth', amount: '0.75' });
    await send.continue();
    expect(await send.review.textContent()).toContain(bob);
    const card = await send.confirm();
    await expect.poll(() => send.statusOf(card), { timeout: 15_000 }).toContain('Confirmed');
    expect(await node.getBalance({ address: bob })).toBe(before + parseEther('0.75'));
    expect(consoleErrors).toEqual([]);
  });

  it('sends each seeded token: 18 and 6 decimals, a token without a bool return, a bytes32-symbol token', async () => {
    const { send, page } = await openSend();
    const node = nodeClient(env.chain.url);
    const recipient = demoAddress(7);
    for (const [symbol, address, amount, decimals] of [
      ['DAI', tokens.DAI, '1.25', 18],
      ['USDC', tokens.USDC, '2.5', 6],
      ['USDT', tokens.USDT, '3.000001', 6],
      ['MKR', tokens.MKR, '0.01', 18],
    ] as const) {
      const before = await node.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [recipient] });
      await send.fill({ recipient, asset: symbol, amount });
      await send.continue();
      expect(await send.review.textContent()).toContain('transfer(to: ');
      const card = await send.confirm();
      await expect.poll(() => send.statusOf(card), { timeout: 15_000 }).toContain('Confirmed');
      expect(await node.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [recipient] })).toBe(
        before + parseUnits(amount, decimals),
      );
      await page.getByRole('button', { name: 'Send another' }).click();
    }
  });

  it('sends two transfers in one transaction, upgrading the account in the same transaction', async () => {
    const { send, page } = await openSend();
    const node = nodeClient(env.chain.url);
    const [first, second] = [demoAddress(8), demoAddress(9)];
    const before = await Promise.all([first, second].map((address) => node.getBalance({ address })));
    await send.fill({ from: 'Demo account 2', recipient: first, amount: '0.5' });
    await send.addToBatch();
    await send.fill({ recipient: second, amount: '0.25' });
    await send.addToBatch();
    await send.reviewBatch();
    // Not yet a smart account: the upgrade is asked for before anything is signed.
    const confirm = send.review.getByRole('button', { name: 'Confirm and send' });
    expect(await confirm.isDisabled()).toBe(true);
    await send.review.getByRole('checkbox', { name: 'Upgrade this account to a smart account' }).check();
    await expect
      .poll(() => send.review.textContent(), { timeout: 15_000 })
      .toMatch(/in one transaction: (less|more) than the/);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    const card = await send.confirm();
    await expect.poll(() => send.statusOf(card), { timeout: 15_000 }).toContain('Confirmed');
    expect(await card.textContent()).toContain('2 calls in one transaction');
    const after = await Promise.all([first, second].map((address) => node.getBalance({ address })));
    expect(after).toEqual([(before[0] ?? 0n) + parseEther('0.5'), (before[1] ?? 0n) + parseEther('0.25')]);
    // One transaction, of type 4, from the account to itself.
    const block = await node.getBlock({ includeTransactions: true });
    expect(block.transactions).toHaveLength(1);
    const [sent] = block.transactions;
    expect({ type: sent?.type, from: sent?.from, to: sent?.to }).toEqual({
      type: 'eip7702',
      from: demoAddress(1).toLowerCase(),
      to: demoAddress(1).toLowerCase(),
    });
    await page.getByRole('button', { name: 'Send another' }).click();
  });

  it('“Max” sends the whole balance and leaves exactly zero after the fee', async () => {
    const { send } = await openSend();
    const node = nodeClient(env.chain.url);
    await send.fill({ from: 'Demo account 3', recipient: demoAddress(2 + 10) });
    await send.form.getByRole('button', { name: 'Max' }).click();
    await send.continue();
    const card = await send.confirm();
    await expect.poll(() => send.statusOf(card), { timeout: 15_000 }).toContain('Confirmed');
    expect(await node.getBalance({ address: demoAddress(2) })).toBe(0n);
  });

  it('sends tokens from an account holding no ETH, another account paying the gas', async () => {
    const { send } = await openSend();
    const node = nodeClient(env.chain.url);
    const [empty, payer, recipient] = [demoAddress(2), demoAddress(0), demoAddress(10)];
    await node.writeContract({
      account: payer,
      chain: null,
      address: tokens.USDC,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [empty, parseUnits('10', 6)],
    });
    await node.setBalance({ address: empty, value: 0n });
    // Send takes its balances from the portfolio, read once per block: a chain changes only by blocks.
    await node.mine({ blocks: 1 });
    const payerBefore = await node.getBalance({ address: payer });
    const before = await node.readContract({
      address: tokens.USDC,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [recipient],
    });
    await send.fill({ from: 'Demo account 3', recipient, asset: 'USDC', amount: '1.5' });
    await send.addToBatch();
    await send.fill({ recipient: demoAddress(11), asset: 'USDC', amount: '0.5' });
    await send.addToBatch();
    await send.reviewBatch();
    await send.review.getByRole('checkbox', { name: 'Upgrade this account to a smart account' }).check();
    await expect
      .poll(() => send.review.textContent(), { timeout: 15_000 })
      .toContain('Network fee, paid by Demo account 1');
    // What the empty account signs for the payer: exactly these calls, once, for a while.
    expect(await send.review.textContent()).toMatch(
      /A delegation that lets Demo account 1 \(0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266.*\) run exactly these 2 calls, with these values and data, once, for ten minutes/,
    );
    const card = await send.confirm();
    await expect.poll(() => send.statusOf(card), { timeout: 15_000 }).toContain('Confirmed');
    expect(
      await node.readContract({ address: tokens.USDC, abi: erc20Abi, functionName: 'balanceOf', args: [recipient] }),
    ).toBe(before + parseUnits('1.5', 6));
    expect(await node.getBalance({ address: empty })).toBe(0n);
    expect(await node.getBalance({ address: payer })).toBeLessThan(payerBefore);
  });

  it('blocks a look-alike of a known recipient until the person confirms they checked it', async () => {
    const { page, send } = await openSend();
    const alice = demoAddress(5);
    await page.goto(`${env.server.url}#/address-book`);
    await page.getByLabel('Name', { exact: true }).fill('Alice');
    await page.getByLabel('Address', { exact: true }).fill(alice);
    await page.getByRole('button', { name: /^Add contact/ }).click();
    await page.getByRole('listitem').filter({ hasText: 'Alice' }).first().waitFor();
    await send.open();
    const lookalike = `${alice.slice(0, 6)}${'0'.repeat(32)}${alice.slice(-4)}`.toLowerCase();
    await send.fill({ recipient: lookalike, amount: '0.1' });
    await send.continue();
    const alert = send.form.getByRole('alert').filter({ hasText: 'looks like one you know' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Alice');
    await send.continue();
    await page.waitForTimeout(500);
    expect(await send.review.count()).toBe(0);
    await alert.getByLabel(/I have checked the recipient address/).check();
    await send.continue();
    await send.review.waitFor();
  });

  it('blocks look-alikes of a history counterparty and of a hidden account, and an address met only in spam', async () => {
    const node = nodeClient(env.chain.url);
    const me = demoAddress(0);
    // A poisoner's zero-value transfer to Demo account 1: hidden as possible poisoning in its history.
    // (No other test here sends to demo address 18: its sends would be blocked by this.)
    const poisoner = demoAddress(18);
    const hash = await node.writeContract({
      account: poisoner,
      address: tokens.DAI,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [me, 0n],
      chain: node.chain,
    });
    await node.waitForTransactionReceipt({ hash });

    const { page } = await demoWalletPage(env, { landOn: 'send' });
    const send = new Send(page);
    // A fourth account (m/44'/60'/0'/0/3), hidden: it appears nowhere in Demo account 1's history.
    await new AppShell(page).accountMenuLink('Manage accounts');
    await page.getByRole('button', { name: 'Add next account' }).click();
    const added = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Account 1', exact: true }) });
    await added.getByRole('button', { name: 'Hide' }).click();
    await expect.poll(() => added.textContent()).toContain('Hidden');
    // Demo account 1's history, synced: demo address 5 is a counterparty there (no contact or record names it).
    const activity = new Activity(page);
    await activity.open();
    await activity.waitSyncedTo(await node.getBlockNumber());
    await send.open();

    const lookalike = (address: string) => `${address.slice(0, 6)}${'0'.repeat(32)}${address.slice(-4)}`.toLowerCase();
    const blocked = async (recipient: string, sentence: string) => {
      await send.fill({ recipient, amount: '0.01' });
      await send.continue();
      const alert = send.form.getByRole('alert').filter({ hasText: sentence });
      await alert.waitFor();
      await send.continue();
      await page.waitForTimeout(500);
      expect(await send.review.count()).toBe(0);
      return alert;
    };

    const hidden = await blocked(lookalike(demoAddress(3)), 'looks like one you know');
    expect(await hidden.textContent()).toContain(`It resembles your hidden account Account 1: ${demoAddress(3)}`);

    const spam = await blocked(poisoner, 'only in transfers Cairn hid as possible spam or address poisoning');
    expect(await spam.textContent()).not.toContain('looks like one you know');

    const counterparty = await blocked(lookalike(demoAddress(5)), 'looks like one you know');
    expect(await counterparty.textContent()).toContain(`It resembles an address in your history: ${demoAddress(5)}`);
    await counterparty.getByLabel(/I have checked the recipient address/).check();
    await send.continue();
    await send.review.waitFor();
    await send.review.getByRole('button', { name: 'Edit' }).click();

    await blocked(lookalike(demoAddress(3)), 'your hidden account Account 1');
    await send.form
      .getByRole('alert')
      .getByLabel(/I have checked the recipient address/)
      .check();
    await send.continue();
    await send.review.waitFor();
  });

  it('refuses every bad input next to its field, keeping what was typed, and sends nothing', async () => {
    const { page, send } = await openSend();
    const node = nodeClient(env.chain.url);
    const nonce = await node.getTransactionCount({ address: demoAddress(0) });
    const expectError = async (label: string | RegExp, text: RegExp) => {
      await send.continue();
      await expect.poll(() => send.fieldError(label)).toMatch(text);
      expect(await send.review.count()).toBe(0);
    };
    const recipient = send.field('Recipient');
    const amount = send.form.getByLabel(/^Amount in /);

    await send.fill({ recipient: '0x1234', amount: '1' });
    await expectError('Recipient', /40 hex digits/);
    expect(await recipient.inputValue()).toBe('0x1234');
    await recipient.fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD');
    await expectError('Recipient', /checksum/);
    await recipient.fill('nobody.eth');
    await expectError('Recipient', /nobody\.eth does not resolve/);
    await recipient.fill(demoAddress(8));

    for (const [text, message] of [
      ['', /Enter an amount/],
      ['-1', /cannot be negative/],
      ['abc', /must be a number/],
      ['1e18', /exponent notation/],
      ['0.0000000000000000001', /18 decimals; this amount has 19/],
      ['100000000', /Not enough ETH/],
    ] as const) {
      await amount.fill(text);
      await expectError(/^Amount in /, message);
      expect(await amount.inputValue()).toBe(text);
    }
    await send.choose('Asset', 'USDC');
    await amount.fill('0');
    await expectError(/^Amount in /, /above zero/);
    await amount.fill('1.1234567');
    await expectError(/^Amount in /, /6 decimals; this amount has 7/);
    await send.choose('Asset', 'ETH');
    await amount.fill('0.1');

    await page.getByText('Advanced: gas, fees, nonce, data').click();
    await send.field('Gas limit').fill('20000');
    await expectError('Gas limit', /at least 21,000 gas/);
    await send.field('Gas limit').fill('999999999999');
    await expectError('Gas limit', /above the block gas limit/);
    await send.field('Gas limit').fill('');
    await send.field('Nonce').fill('0');
    await expectError('Nonce', /already used/);
    await send.field('Nonce').fill('');
    await send.field('Data (hex)').fill('0xzz');
    await expectError('Data (hex)', /Data is hex/);
    await send.field('Data (hex)').fill('');

    expect(await node.getTransactionCount({ address: demoAddress(0) })).toBe(nonce);
    expect(await page.getByRole('region', { name: 'Sent from this account' }).count()).toBe(0);
  });
  it('takes the amount in US dollars where a price exists and sends the matching ETH', async () => {
    const { send } = await openSend();
    const node = nodeClient(env.chain.url);
    const recipient = demoAddress(14);
    const before = await node.getBalance({ address: recipient });
    await send.fill({ recipient });
    await send.form.getByRole('button', { name: 'Enter US dollars' }).click();
    // The seeded feed prices ETH at $3,250.12: $325.012 is 0.1 ETH.
    await send.form.getByLabel('Amount in US dollars').fill('325.012');
    await send.continue();
    expect(await send.review.textContent()).toContain('0.1 ETH');
    const card = await send.confirm();
    await expect.poll(() => send.statusOf(card), { timeout: 15_000 }).toContain('Confirmed');
    expect(await node.getBalance({ address: recipient })).toBe(before + parseEther('0.1'));
  });

  it('warns about the zero address, the token’s own contract and oneself, and notes a first payment', async () => {
    const { send } = await openSend();
    const blocking = send.form.getByRole('alert').filter({ hasText: 'I have checked the recipient address' });

    await send.fill({ recipient: '0x0000000000000000000000000000000000000000', amount: '0.01' });
    await send.continue();
    await expect.poll(() => blocking.textContent()).toContain('zero address');
    expect(await send.review.count()).toBe(0);

    await send.fill({ recipient: tokens.DAI, asset: 'DAI', amount: '1' });
    await send.continue();
    await expect.poll(() => blocking.textContent()).toContain('token’s own contract');
    expect(await send.review.count()).toBe(0);

    await send.fill({ recipient: demoAddress(0), asset: 'ETH', amount: '0.01' });
    await send.continue();
    await send.review.waitFor();
    expect(await send.review.textContent()).toContain('same account');
    await send.review.getByRole('button', { name: 'Edit' }).click();

    await send.fill({ recipient: demoAddress(15), amount: '0.01' });
    await send.continue();
    await send.review.waitFor();
    expect(await send.review.textContent()).toContain('You have not sent to this address');
  });

  it('asks for the password when the wallet locked on the review, then returns to the same review', async () => {
    const { send, page } = await openSend();
    await send.fill({ recipient: demoAddress(16), amount: '0.02' });
    await send.continue();
    await send.review.waitFor();
    await new AppShell(page).lock();
    await new Unlock(page).unlock();
    await send.review.waitFor();
    expect(await send.review.textContent()).toContain('0.02 ETH');
    const card = await send.confirm();
    await expect.poll(() => send.statusOf(card), { timeout: 15_000 }).toContain('Confirmed');
  });
  it('shows a revert found while estimating, with its reason, and does not continue', async () => {
    const { send, page } = await openSend();
    // Calling DAI's mint() from a non-minter reverts with "DemoToken: only minter".
    const data = encodeFunctionData({
      abi: parseAbi(['function mint(address to, uint256 value)']),
      functionName: 'mint',
      args: [demoAddress(0), 1n],
    });
    await send.fill({ recipient: tokens.DAI, amount: '0' });
    await page.getByText('Advanced: gas, fees, nonce, data').click();
    await send.field('Data (hex)').fill(data);
    await send.continue();
    await expect
      .poll(() => send.form.getByRole('alert').allTextContents())
      .toContainEqual(expect.stringContaining('The network would reject this transaction: DemoToken: only minter'));
    expect(await send.review.count()).toBe(0);
  });
  it('shows call data it cannot decode in full on the review, and sends exactly it', async () => {
    const { send, page } = await openSend();
    const node = nodeClient(env.chain.url);
    await send.fill({ recipient: demoAddress(17), amount: '0.001' });
    await page.getByText('Advanced: gas, fees, nonce, data').click();
    await send.field('Data (hex)').fill('0xC0FFEE00');
    await send.continue();
    await send.review.waitFor();
    expect(await send.review.textContent()).toContain('0xc0ffee00 (4 bytes sent to');
    const card = await send.confirm();
    await expect.poll(() => send.statusOf(card), { timeout: 15_000 }).toContain('Confirmed');
    const hash = (await card.locator('p', { hasText: /^0x[0-9a-f]{64}/ }).textContent())?.slice(0, 66) ?? '';
    expect((await node.getTransaction({ hash: hash as `0x${string}` })).input).toBe('0xc0ffee00');
  });
});
