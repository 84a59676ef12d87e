// The Preview evader from Contracts → Example contracts: a contract that returns a deposit when it
// believes it runs in a preview and keeps it when mined. The review's preview runs with the real
// fee fields, so it shows the loss, and the loss is what mining gives; and when the contract's
// owner switches the trap on while the review is open, the preview simulated again at the new
// block changes, a warning says so and Confirm waits until the person acknowledges it.
import { type Address, encodeFunctionData, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVADER_OWNER_INDEX, scenarioContractAddresses } from '../devchain/scenarios.ts';
import { demoAddress } from '../devchain/seed.ts';
import { demoAccount } from '../devchain/seedSupport.ts';
import { previewEvaderAbi } from '../src/core/contracts/exampleAbis/previewEvaderAbi.generated.ts';
import { Send } from './pages/Send.ts';
import { contractsPage } from './support/contractsPage.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { nodeClient } from './support/rpc.ts';

const { EVADER } = scenarioContractAddresses();
const me = demoAddress(0);

describe('the Preview evader cannot fool the preview', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  /** The evader's owner switches its trap on or off, in a block of its own. */
  async function setArmed(armed: boolean) {
    const client = nodeClient(env.chain.url);
    const hash = await client.sendTransaction({
      account: demoAccount(EVADER_OWNER_INDEX),
      chain: client.chain,
      to: EVADER,
      data: encodeFunctionData({ abi: previewEvaderAbi, functionName: 'setArmed', args: [armed] }),
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
  }

  /**
   * Loads the example, fills deposit() with 1 ETH and continues to Send's review (with `gasLimit`
   * set under Advanced when given), its preview settled.
   */
  async function reviewDeposit(gasLimit?: string) {
    const { page, contracts } = await contractsPage(env);
    const examples = page.getByRole('region', { name: 'Example contracts on Local chain', exact: true });
    const listed = examples.getByRole('listitem').filter({ hasText: EVADER });
    expect(await listed.textContent()).toContain('A deliberate trick, here to test the preview');
    await examples.getByRole('button', { name: 'Load Preview evader', exact: true }).click();
    await contracts.waitLoaded(EVADER);
    const form = await contracts.openFunction('Write', 'deposit()');
    await contracts.field(form, 'Value in ETH').fill('1');
    await form.getByRole('button', { name: 'Continue to review' }).click();
    const send = new Send(page);
    await send.form.waitFor();
    if (gasLimit) await send.field('Gas limit').fill(gasLimit);
    await send.continue();
    await send.review.waitFor({ timeout: 15_000 });
    const panel = send.review.getByRole('region', { name: 'What this transaction does' });
    await expect.poll(() => panel.getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
    const mine = panel.getByRole('heading', { name: /^Demo account 1/ }).locator('xpath=..');
    await mine.waitFor();
    const confirm = send.review.getByRole('button', { name: 'Confirm and send' });
    return { page, send, panel, mine, confirm };
  }

  const balanceOf = (address: Address) => nodeClient(env.chain.url).getBalance({ address });

  it('shows the deposit kept, as mining then gives, and sends nothing before Confirm', async () => {
    const before = await balanceOf(EVADER);
    // With room for the return in its gas limit, a preview without fee fields showed the coin
    // coming straight back ("Sends 1 ETH", "Receives 1 ETH"): the person lost it when mined.
    const { panel, mine, confirm } = await reviewDeposit('100000');
    const lines = (await mine.textContent()) ?? '';
    expect(lines).toContain('Sends 1 ETH');
    expect(lines).not.toContain('Receives');
    expect(await panel.getByRole('list', { name: 'Warnings from the preview' }).count()).toBe(0);
    // Hardhat runs the preview at a base fee of 0: the review says a contract could notice.
    const limits = (await panel.getByRole('list', { name: 'Limits of this preview' }).textContent()) ?? '';
    expect(limits).toContain('does not let Cairn run the preview as the next block');
    expect(await balanceOf(EVADER)).toBe(before);

    await confirm.click();
    await expect.poll(() => balanceOf(EVADER), { timeout: 30_000 }).toBe(before + parseEther('1'));
  });

  it('holds Confirm when a new block changes the preview, until the person acknowledges it', async () => {
    await setArmed(false);
    const before = await balanceOf(EVADER);
    const { mine, confirm, panel } = await reviewDeposit();
    // Disarmed, it returns the coin for real, and the preview says so.
    expect(await mine.textContent()).toContain('Receives 1 ETH');
    expect(await confirm.isEnabled()).toBe(true);

    // The owner arms it while the review is open: the next block's preview keeps the coin.
    await setArmed(true);
    const changed = panel.getByRole('alert').filter({ hasText: 'The preview changed at a new block' });
    await changed.waitFor({ timeout: 20_000 });
    expect(await confirm.isDisabled()).toBe(true);
    await expect.poll(async () => (await mine.textContent()) ?? '').not.toContain('Receives');
    expect(await balanceOf(EVADER)).toBe(before);

    await changed.getByRole('checkbox', { name: 'I have read the preview as it is now.' }).check();
    expect(await confirm.isEnabled()).toBe(true);

    // Sent as the preview now reads, 1 ETH out and nothing back, that is what mining gives.
    expect(await mine.textContent()).toContain('Sends 1 ETH');
    const mineBefore = await balanceOf(me);
    await confirm.click();
    await expect.poll(() => balanceOf(EVADER), { timeout: 30_000 }).toBe(before + parseEther('1'));
    const spent = mineBefore - (await balanceOf(me));
    // The deposit and the network fee, nothing returned.
    expect(spent).toBeGreaterThan(parseEther('1'));
    expect(spent).toBeLessThan(parseEther('1.001'));
  });
});
