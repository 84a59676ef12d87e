// Faults on the way to the node while sending: a node that switches chain before Confirm, rate
// limiting while preparing, a malformed nonce, a dropped connection and a slow node at broadcast.
// Each leaves nothing signed, or exactly one transaction for one intent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAddress } from '../devchain/seed.ts';
import { Send } from './pages/Send.ts';
import { sentNonces } from './support/chainHistory.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, proxyOf, startEnvironment } from './support/environment.ts';
import { nodeClient } from './support/rpc.ts';

describe('faults on the way to the node', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment({ proxy: true });
  });
  const proxy = () => proxyOf(env);
  afterAll(async () => {
    await env?.close();
  });

  /** The send form filled from the demo account, with the block it was filled at. */
  async function prepared(amount: string) {
    const opened = await demoWalletPage(env, { landOn: 'send' });
    const send = new Send(opened.page);
    await send.open();
    await send.fill({ recipient: demoAddress(13), amount });
    const filledAt = await nodeClient(env.chain.url).getBlockNumber({ cacheTime: 0 });
    return { ...opened, send, filledAt };
  }

  it('a node that switches to another chain before Confirm: signing refused with both chain ids, nothing stored', async () => {
    const { send, page } = await prepared('0.01');
    const from = demoAddress(0);
    const node = nodeClient(env.chain.url);
    const nonce = await node.getTransactionCount({ address: from, blockTag: 'pending' });
    await send.continue();
    await send.review.waitFor();
    proxy().setFault({ kind: 'chainId', chainId: 1 });
    await send.review.getByRole('button', { name: 'Confirm and send' }).click();
    // Confirm's own check refuses it in the review; on a busy machine the shell's head poll may see
    // the switch first and put its wrong-chain panel in place of the screen. Either way both chain
    // ids are named and nothing is sent. (Only these alerts: the preview, still reading when the
    // node switched, may fail and show one of its own.)
    const refusal = page
      .getByRole('alert')
      .filter({ hasText: /reports chain id 1, but (this network|Local chain) is chain id 31337/ })
      .first();
    await refusal.waitFor({ timeout: 20_000 }).catch(async (e: unknown) => {
      const alerts = await page.getByRole('alert').allTextContents();
      throw new Error(`no wrong-chain alert; alerts on the page: ${alerts.join(' | ') || 'none'}`, { cause: e });
    });
    const inReview = send.review.getByRole('alert').filter({ hasText: 'reports chain id 1' });
    if ((await inReview.count()) > 0) expect(await inReview.first().textContent()).toContain('Nothing was sent');
    proxy().setFault({ kind: 'none' });
    expect(await node.getTransactionCount({ address: from, blockTag: 'pending' })).toBe(nonce);
    expect(await page.getByRole('region', { name: 'Sent from this account' }).count()).toBe(0);
  });

  it('rate limiting (429) while preparing: a clear message and nothing signed', async () => {
    const { send, page } = await prepared('0.01');
    // The estimate: prepared afresh every time (the fee market may be the form's, read before).
    proxy().setFault({ kind: 'status', status: 429, methods: ['eth_estimateGas'] });
    await send.continue();
    await expect
      .poll(() => send.form.getByRole('alert').allTextContents())
      .toContainEqual(expect.stringContaining('The node is limiting requests'));
    expect(await send.review.count()).toBe(0);
    proxy().setFault({ kind: 'none' });
    expect(await page.getByRole('region', { name: 'Sent from this account' }).count()).toBe(0);
  });

  it('a malformed answer when picking the nonce: nothing signed or stored', async () => {
    const { send, page } = await prepared('0.01');
    await send.continue();
    await send.review.waitFor();
    proxy().setFault({ kind: 'corrupt', methods: ['eth_getTransactionCount'] });
    await send.review.getByRole('button', { name: 'Confirm and send' }).click();
    await expect.poll(() => send.review.getByRole('alert').textContent()).toMatch(/could not read.*Nothing was sent/);
    proxy().setFault({ kind: 'none' });
    expect(await page.getByRole('region', { name: 'Sent from this account' }).count()).toBe(0);
  });

  it('a dropped connection at broadcast: one transaction for one intent, never two nonces', async () => {
    const { send, filledAt } = await prepared('0.04');
    await send.continue();
    proxy().setFault({ kind: 'drop', methods: ['eth_sendRawTransaction'] });
    const card = await send.confirm();
    await expect.poll(() => card.textContent()).toContain('The node did not accept it yet');
    proxy().setFault({ kind: 'none' });
    const node = nodeClient(env.chain.url);
    await node.mine({ blocks: 1 });
    await expect.poll(() => send.statusOf(card), { timeout: 20_000 }).toContain('Confirmed');
    await node.mine({ blocks: 2 });
    expect(await sentNonces(env.chain.url, demoAddress(0), filledAt)).toHaveLength(1);
  });

  it('a slow node at broadcast: the flow waits, then tracks the one transaction', async () => {
    const { send, filledAt } = await prepared('0.05');
    await send.continue();
    proxy().setFault({ kind: 'delay', ms: 2_000, methods: ['eth_sendRawTransaction'] });
    const card = await send.confirm();
    proxy().setFault({ kind: 'none' });
    await expect.poll(() => send.statusOf(card), { timeout: 20_000 }).toContain('Confirmed');
    expect(await sentNonces(env.chain.url, demoAddress(0), filledAt)).toHaveLength(1);
  });
});
