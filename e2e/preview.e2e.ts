// "What this transaction does" on the reviews: a transfer between the person's accounts, an
// unlimited approval to an address without code, an operator for all NFTs, and a call that would
// revert (held back until acknowledged), each simulated on the local node before signing.
import { erc20Abi, getAddress, maxUint256 } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoAddress, demoContractAddresses } from '../devchain/seed.ts';
import { Send } from './pages/Send.ts';
import { contractsPage } from './support/contractsPage.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { nodeClient } from './support/rpc.ts';

const { DAI, NFT } = demoContractAddresses();
const me = demoAddress(0);
/** An address nobody holds a key to in the demo and that has no code. */
const stranger = getAddress('0x5ec0000000000000000000000000000000000123');

describe('the preview on every review', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment({ proxy: true });
  });
  afterEach(() => {
    env?.proxy?.setFault({ kind: 'none' });
  });
  afterAll(async () => {
    await env?.close();
  });

  const panelOf = (send: Send) => send.review.getByRole('region', { name: 'What this transaction does' });
  const settled = async (send: Send) => {
    const panel = panelOf(send);
    await panel.waitFor({ timeout: 15_000 });
    await expect.poll(() => panel.getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
    return panel;
  };

  it("shows what each of the person's accounts sends and receives, exactly, before a plain send", async () => {
    const { page, consoleErrors } = await demoWalletPage(env, { landOn: 'send' });
    const send = new Send(page);
    await send.open();
    await send.fill({ recipient: demoAddress(1), amount: '0.123456789012345678' });
    await send.continue();
    await send.review.waitFor({ timeout: 15_000 });
    const panel = await settled(send);
    const demo1 = panel.getByRole('heading', { name: /^Demo account 1/ });
    const demo2 = panel.getByRole('heading', { name: /^Demo account 2/ });
    await demo1.waitFor();
    await demo2.waitFor();
    const text = (await panel.textContent()) ?? '';
    expect(text).toContain('Sends 0.123456789012345678 ETH');
    expect(text).toContain('Receives 0.123456789012345678 ETH');
    expect(text).toContain('Simulated on your own node with a step-by-step trace (debug_traceCall)');
    expect(await panel.getByRole('alert').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it('calls out an unlimited allowance to an address with no code, and the amount approved', async () => {
    const { page, contracts } = await contractsPage(env);
    await contracts.load(DAI, { source: 'known', standard: 'ERC-20 token' });
    await contracts.waitLoaded(DAI);
    const form = await contracts.openFunction('Write', 'approve(address,uint256)');
    await contracts.field(form, 'spender (address)').fill(stranger);
    await contracts.field(form, 'value (uint256)').fill(maxUint256.toString());
    await form.getByRole('button', { name: 'Continue to review' }).click();
    const send = new Send(page);
    await send.form.waitFor();
    await send.continue();
    const panel = await settled(send);
    const permissions = (await panel.getByRole('list').filter({ hasText: 'Lets' }).textContent()) ?? '';
    expect(permissions).toContain('spend an unlimited amount of your DAI');
    const warnings = (await panel.getByRole('list', { name: 'Warnings from the preview' }).textContent()) ?? '';
    expect(warnings).toContain('Unlimited allowance to an address with no code');
    // A warning, not a refusal: Confirm stays available.
    expect(await send.review.getByRole('button', { name: 'Confirm and send' }).isEnabled()).toBe(true);
    // The way to the approvals already granted, which outlive this transaction.
    expect(await panel.textContent()).toContain('It stays in force after this transaction, until withdrawn');
    await panel.getByRole('link', { name: 'see and revoke this account’s approvals' }).click();
    await page.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
  });

  it('calls out an operator for all NFTs given to an address the person never dealt with', async () => {
    const { page, contracts } = await contractsPage(env);
    await contracts.load(NFT, { source: 'known', standard: 'ERC-721 NFT' });
    await contracts.waitLoaded(NFT);
    const form = await contracts.openFunction('Write', 'setApprovalForAll(address,bool)');
    await contracts.field(form, 'operator (address)').fill(stranger);
    await contracts.field(form, 'approved (bool)').fill('true');
    await form.getByRole('button', { name: 'Continue to review' }).click();
    const send = new Send(page);
    await send.form.waitFor();
    await send.continue();
    const panel = await settled(send);
    const warnings = (await panel.getByRole('list', { name: 'Warnings from the preview' }).textContent()) ?? '';
    expect(warnings).toContain('Gives an operator all your NFTs');
    expect(warnings).toContain('Unlimited permission to an address you have never dealt with');
    expect(await panel.textContent()).toContain('move all your');
  });

  it('holds back a call that would revert until the person acknowledges it, and says why', async () => {
    const { page, contracts } = await contractsPage(env);
    const before = await nodeClient(env.chain.url).readContract({
      address: DAI,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [me],
    });
    await contracts.load(DAI, { source: 'known', standard: 'ERC-20 token' });
    await contracts.waitLoaded(DAI);
    const form = await contracts.openFunction('Write', 'transfer(address,uint256)');
    await contracts.field(form, 'to (address)').fill(demoAddress(3));
    await contracts.field(form, 'value (uint256)').fill((before + 1n).toString());
    await form.getByRole('button', { name: 'Continue to review' }).click();
    const send = new Send(page);
    await send.form.waitFor();
    await send.continue();
    // The estimate finds the revert: the form says so and how to go on anyway.
    const refusal = send.form.getByRole('alert').filter({ hasText: 'The network would reject this transaction' });
    await refusal.waitFor({ timeout: 15_000 });
    expect(await refusal.textContent()).toContain('set a gas limit under Advanced');
    // Advanced is already open: the call's data is in it.
    await send.field('Gas limit').fill('100000');
    await send.continue();
    const panel = await settled(send);
    const warnings = (await panel.getByRole('list', { name: 'Warnings from the preview' }).textContent()) ?? '';
    expect(warnings).toContain('This transaction would fail');
    expect(warnings).toMatch(/transfer amount exceeds balance/i);
    const confirm = send.review.getByRole('button', { name: 'Confirm and send' });
    expect(await confirm.isDisabled()).toBe(true);
    await panel.getByRole('checkbox', { name: /I understand it would fail/ }).check();
    expect(await confirm.isEnabled()).toBe(true);
  });

  it('says when the node fails the preview, and still lets the person send', async () => {
    const { page } = await demoWalletPage(env);
    // Every way of previewing fails on the node (eth_simulateV1 Hardhat refuses by itself).
    env.proxy?.setFault({
      kind: 'refuse',
      code: -32000,
      message: 'execution aborted (timeout = 5s)',
      methods: ['debug_traceCall', 'eth_call'],
      minParams: 3,
    });
    const send = new Send(page);
    await send.open();
    await send.fill({ recipient: demoAddress(4), amount: '0.5' });
    await send.continue();
    const panel = await settled(send);
    const failure = panel.getByRole('status').filter({ hasText: 'Cairn could not preview this transaction' });
    await failure.waitFor();
    expect(await failure.textContent()).toContain('You can still send it');
    const card = await send.confirm();
    await expect.poll(() => send.statusOf(card), { timeout: 15_000 }).toContain('Confirmed');
  });
});
