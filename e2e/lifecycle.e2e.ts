import { readFile } from 'node:fs/promises';
import { parseEther } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoAddress } from '../devchain/seed.ts';
import { AppShell } from './pages/AppShell.ts';
import { Unlock } from './pages/Onboarding.ts';
import { Send } from './pages/Send.ts';
import { sentNonces } from './support/chainHistory.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, proxyOf, startEnvironment } from './support/environment.ts';
import { nodeClient } from './support/rpc.ts';

describe('the transaction lifecycle', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment({ proxy: true });
  });
  afterAll(async () => {
    await env?.close();
  });
  const proxy = () => proxyOf(env);
  afterEach(async () => {
    // Each test's pages would otherwise go on polling and syncing through the proxy in the tests after it.
    await env.closePages();
    env.proxy?.setFault({ kind: 'none' });
    await nodeClient(env.chain.url).setAutomine(true);
  });

  async function openSend() {
    const opened = await demoWalletPage(env, { landOn: 'send' });
    const send = new Send(opened.page);
    await send.open();
    return { ...opened, send };
  }

  it('speeds up and cancels pending transactions, marking the replaced ones', async () => {
    const { send, page } = await openSend();
    const node = nodeClient(env.chain.url);
    await node.setAutomine(false);
    const recipient = demoAddress(9);
    const before = await node.getBalance({ address: recipient });

    await send.fill({ recipient, amount: '0.5' });
    await send.continue();
    const card = await send.confirm();
    await expect.poll(() => send.statusOf(card)).toContain('Pending');
    await card.getByRole('button', { name: 'Speed up' }).click();
    const speedUp = card.getByRole('group', { name: 'Speed up this transaction?' });
    expect(await speedUp.textContent()).toMatch(
      /New fees: max fee .* gwei.*\(were max fee .* gwei.*\)\. At most .* ETH in fees\./,
    );
    await speedUp.getByRole('button', { name: 'Confirm speed-up' }).click();
    const history = page.getByRole('region', { name: 'Sent from this account' });
    const fast = history.getByRole('listitem').filter({ hasText: '(sped up)' });
    await fast.waitFor();
    await expect
      .poll(async () => `${await fast.textContent()} | ${await card.textContent()}`)
      .toMatch(/^[^|]*Status: Pending[^|]*\|.*a replacement was sent/);
    await node.mine({ blocks: 1 });
    await expect.poll(() => send.statusOf(fast), { timeout: 15_000 }).toContain('Confirmed');
    await expect.poll(() => send.statusOf(card), { timeout: 15_000 }).toContain('Replaced');
    expect(await node.getBalance({ address: recipient })).toBe(before + parseEther('0.5'));

    await page.getByRole('button', { name: 'Send another' }).click();
    await send.fill({ recipient, amount: '0.25' });
    await send.continue();
    const second = await send.confirm();
    await second.getByRole('button', { name: 'Cancel transaction' }).click();
    await second
      .getByRole('group', { name: 'Cancel this transaction?' })
      .getByRole('button', { name: 'Confirm cancellation' })
      .click();
    const cancel = history.getByRole('listitem').filter({ hasText: 'Cancellation of nonce' });
    // The record is listed as soon as it is signed and stored; mine only once the node holds it,
    // or the original could take the nonce first (then the cancellation is rightly "Replaced").
    await expect.poll(() => send.statusOf(cancel), { timeout: 15_000 }).toContain('Pending');
    await node.mine({ blocks: 1 });
    await expect.poll(() => send.statusOf(cancel), { timeout: 15_000 }).toContain('Confirmed');
    await expect.poll(() => send.statusOf(second), { timeout: 15_000 }).toContain('Replaced');
    expect(await node.getBalance({ address: recipient })).toBe(before + parseEther('0.5'));
  });

  it('a pending "Max" send cannot be sped up (no balance for a higher fee) but can be cancelled', async () => {
    const { send } = await openSend();
    const node = nodeClient(env.chain.url);
    await node.setAutomine(false);
    const recipient = demoAddress(12);
    const before = await node.getBalance({ address: recipient });
    await send.fill({ from: 'Demo account 2', recipient });
    await send.form.getByRole('button', { name: 'Max' }).click();
    await send.continue();
    const card = await send.confirm();
    await expect.poll(() => send.statusOf(card)).toContain('Pending');
    await card.getByRole('button', { name: 'Speed up' }).click();
    const speedUp = card.getByRole('group', { name: 'Speed up this transaction?' });
    await expect.poll(() => speedUp.getByRole('alert').textContent()).toContain('Not enough ETH');
    expect(await speedUp.getByRole('button', { name: 'Confirm speed-up' }).isDisabled()).toBe(true);
    await speedUp.getByRole('button', { name: 'Keep waiting' }).click();
    await card.getByRole('button', { name: 'Cancel transaction' }).click();
    await card
      .getByRole('group', { name: 'Cancel this transaction?' })
      .getByRole('button', { name: 'Confirm cancellation' })
      .click();
    await expect.poll(() => card.textContent()).toContain('a replacement was sent');
    await node.mine({ blocks: 1 });
    await expect.poll(() => send.statusOf(card), { timeout: 15_000 }).toContain('Replaced');
    expect(await node.getBalance({ address: recipient })).toBe(before);
  });

  it('keeps tracking a pending transaction across a reload, to confirmation', async () => {
    const { send, page } = await openSend();
    const node = nodeClient(env.chain.url);
    await node.setAutomine(false);
    await send.fill({ recipient: demoAddress(10), amount: '0.01' });
    await send.continue();
    const card = await send.confirm();
    await expect.poll(() => send.statusOf(card)).toContain('Pending');
    await page.reload();
    await new Unlock(page).unlock();
    await send.open();
    const history = page.getByRole('region', { name: 'Sent from this account' });
    const tracked = history.getByRole('listitem').filter({ hasText: '0.01 ETH to' }).first();
    await expect.poll(() => send.statusOf(tracked)).toContain('Pending');
    await node.mine({ blocks: 1 });
    await expect.poll(() => send.statusOf(tracked), { timeout: 15_000 }).toContain('Confirmed');
  });

  it('two tabs sending at once get distinct nonces, and both are mined', async () => {
    const first = await openSend();
    const node = nodeClient(env.chain.url);
    const from = demoAddress(0);
    const start = await node.getBlockNumber({ cacheTime: 0 });
    // A second tab of the same browser profile: the same unlocked vault session (no password),
    // the same storage, the same Web Locks.
    const secondPage = await first.context.newPage();
    const second = new Send(secondPage);
    await new AppShell(secondPage).open(env.server.url);
    await secondPage.getByRole('navigation', { name: 'Main' }).waitFor();
    await second.open();
    for (const send of [first.send, second]) {
      await send.fill({ recipient: demoAddress(11), amount: '0.02' });
      await send.continue();
      await send.review.waitFor();
    }
    await Promise.all(
      [first.send, second].map((send) => send.review.getByRole('button', { name: 'Confirm and send' }).click()),
    );
    for (const page of [first.page, secondPage])
      await page.getByRole('region', { name: 'Sent', exact: true }).waitFor();
    await expect.poll(() => sentNonces(env.chain.url, from, start), { timeout: 15_000 }).toHaveLength(2);
    const nonces = await sentNonces(env.chain.url, from, start);
    expect(new Set(nonces).size).toBe(2);
  });

  it('a transaction that fails on chain shows as failed with its reason, and a notice says so', async () => {
    const { send, page } = await openSend();
    // A gas limit too low for a token transfer: the node accepts it and the transfer runs out of gas.
    await send.fill({ recipient: demoAddress(13), asset: 'DAI', amount: '1' });
    await page.getByText('Advanced: gas, fees, nonce, data').click();
    await send.field('Gas limit').fill('25000');
    await send.continue();
    // The preview sees it fail too, and holds Confirm until the person says they mean it.
    await send.review.getByRole('checkbox', { name: /I understand it would fail/ }).check({ timeout: 15_000 });
    const card = await send.confirm();
    const reason = 'It ran out of gas: all 25,000 gas of its limit was used.';
    await expect.poll(() => send.statusOf(card), { timeout: 15_000 }).toContain(`Failed — ${reason}`);
    const notices = page.getByRole('status', { name: 'Notifications' });
    await expect.poll(() => notices.textContent()).toContain(`failed — ${reason}`);
  });

  it('a confirmation raises a notice naming the block', async () => {
    const { send, page } = await openSend();
    await send.fill({ recipient: demoAddress(13), amount: '0.001' });
    await send.continue();
    const card = await send.confirm();
    await expect.poll(() => send.statusOf(card), { timeout: 15_000 }).toContain('Confirmed');
    const notices = page.getByRole('status', { name: 'Notifications' });
    await expect.poll(() => notices.textContent()).toMatch(/0\.001 ETH to .*: confirmed in block \d+/);
  });

  it('shows a nonce gap left by a hand-picked nonce and fills it, so both transactions are mined', async () => {
    const { send, page } = await openSend();
    const node = nodeClient(env.chain.url);
    await node.setAutomine(false);
    const from = demoAddress(0);
    const next = await node.getTransactionCount({ address: from, blockTag: 'pending' });
    await send.fill({ recipient: demoAddress(14), amount: '0.01' });
    await page.getByText('Advanced: gas, fees, nonce, data').click();
    await send.field('Nonce').fill(String(next + 1));
    await send.continue();
    const card = await send.confirm();
    await expect.poll(() => send.statusOf(card)).toContain('Pending');
    const history = page.getByRole('region', { name: 'Sent from this account' });
    const gap = history.getByRole('alert').filter({ hasText: `Nonce ${next} is missing` });
    await gap.waitFor();
    await gap.getByRole('button', { name: `Fill nonce ${next}` }).click();
    const filler = history.getByRole('listitem').filter({ hasText: `Gap filler for nonce ${next}` });
    // Mine only once the node holds the filler (it is listed as soon as it is signed).
    await expect.poll(() => send.statusOf(filler.first()), { timeout: 15_000 }).toContain('Pending');
    await node.mine({ blocks: 1 });
    await expect.poll(() => send.statusOf(card), { timeout: 15_000 }).toContain('Confirmed');
    expect(await node.getTransactionCount({ address: from })).toBe(next + 2);
    await expect.poll(() => gap.count()).toBe(0);
  });

  it('node down at broadcast: a clear error, the signed transaction kept and sent again once the node is back', async () => {
    const { send } = await openSend();
    const from = demoAddress(0);
    const node = nodeClient(env.chain.url);
    const start = await node.getBlockNumber({ cacheTime: 0 });
    proxy().setFault({ kind: 'status', status: 500, methods: ['eth_sendRawTransaction'] });
    await send.fill({ recipient: demoAddress(12), amount: '0.03' });
    await send.continue();
    const card = await send.confirm();
    await expect
      .poll(() => card.textContent())
      .toContain('The node did not accept it yet: The node failed with HTTP status 500.');
    expect(await send.statusOf(card)).toContain('Signed');
    proxy().setFault({ kind: 'none' });
    await node.mine({ blocks: 1 });
    await expect.poll(() => send.statusOf(card), { timeout: 20_000 }).toContain('Confirmed');
    expect(await sentNonces(env.chain.url, from, start)).toHaveLength(1);
  });
  it('a tab closed while broadcasting: the signed transaction is kept and the next tab sends and tracks it', async () => {
    const first = await openSend();
    const node = nodeClient(env.chain.url);
    const from = demoAddress(0);
    const start = await node.getBlockNumber({ cacheTime: 0 });
    const nonce = await node.getTransactionCount({ address: from, blockTag: 'pending' });
    await first.send.fill({ recipient: demoAddress(15), amount: '0.06' });
    await first.send.continue();
    await first.send.review.waitFor();
    // The broadcast is held at the proxy, and the tab closes before it gets through.
    proxy().setFault({ kind: 'delay', ms: 3_000, methods: ['eth_sendRawTransaction'] });
    const sentBefore = proxy().calls.eth_sendRawTransaction ?? 0;
    await first.send.review.getByRole('button', { name: 'Confirm and send' }).click();
    await first.page.getByRole('button', { name: 'Signing…' }).waitFor();
    // The broadcast reached the proxy (so the signed transaction was stored first): close now.
    await expect.poll(() => proxy().calls.eth_sendRawTransaction ?? 0, { timeout: 15_000 }).toBeGreaterThan(sentBefore);
    await first.page.close();
    proxy().setFault({ kind: 'none' });
    expect(await node.getTransactionCount({ address: from, blockTag: 'pending' })).toBe(nonce);

    const page = await first.context.newPage();
    await new AppShell(page).open(env.server.url);
    await new Unlock(page).unlock();
    const send = new Send(page);
    await send.open();
    const history = page.getByRole('region', { name: 'Sent from this account' });
    const kept = history.getByRole('listitem').filter({ hasText: '0.06 ETH to' });
    await expect.poll(() => send.statusOf(kept), { timeout: 20_000 }).toContain('Confirmed');
    expect(await sentNonces(env.chain.url, from, start)).toEqual([nonce]);
  });

  it('a damaged stored record is set aside with a notice and a way to save it; the others stay tracked', async () => {
    const { send, page } = await openSend();
    await send.fill({ recipient: demoAddress(16), amount: '0.07' });
    await send.continue();
    const card = await send.confirm();
    await expect.poll(() => send.statusOf(card), { timeout: 15_000 }).toContain('Confirmed');
    await page.evaluate(
      (from) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('cairn');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('transactions', 'readwrite');
            tx.objectStore('transactions').put({
              id: 'damaged-1',
              chainId: 31337,
              fromKey: `31337:${from}`,
              value: 'x',
            });
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          };
        }),
      demoAddress(0).toLowerCase(),
    );
    await page.reload();
    await new Unlock(page).unlock();
    await send.open();
    const history = page.getByRole('region', { name: 'Sent from this account' });
    const notice = history.getByRole('alert').filter({ hasText: 'could not be read' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('1 saved transaction record could not be read');
    const kept = history.getByRole('listitem').filter({ hasText: '0.07 ETH to' });
    expect(await send.statusOf(kept)).toContain('Confirmed');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      notice.getByRole('button', { name: 'Save damaged records' }).click(),
    ]);
    const saved = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as { id: string }[];
    expect(saved.map((r) => r.id)).toEqual(['damaged-1']);
  });
});
