// The seeded scenario contracts, called from Contracts (or sent from Send), each reviewed with
// "What this transaction does": a swap with an ETH leg, a marketplace purchase, the drainer's
// approval, a fee-on-transfer token and a custom error, as the local node simulates them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scenarioContractAddresses } from '../devchain/scenarios.ts';
import { demoAddress, demoContractAddresses } from '../devchain/seed.ts';
import { Send } from './pages/Send.ts';
import { expectAccessibleInBothSchemes } from './support/axe.ts';
import { contractsPage } from './support/contractsPage.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';

const { SWAP, MARKET, CLAIM, FAULTY } = scenarioContractAddresses();
const { DAI, NFT } = demoContractAddresses();

describe('the preview of each seeded scenario', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  /** Loads an example, fills a write function and continues to Send's review; returns the settled preview. */
  async function reviewWrite(
    example: string,
    address: string,
    fn: string,
    args: Record<string, string>,
    options: { value?: string; gasLimit?: string; width?: number } = {},
  ) {
    const { page, contracts } = await contractsPage(env, { width: options.width });
    const examples = page.getByRole('region', { name: 'Example contracts on Local chain', exact: true });
    await examples.getByRole('button', { name: `Load ${example}`, exact: true }).click();
    await contracts.waitLoaded(address);
    const form = await contracts.openFunction('Write', fn);
    for (const [label, text] of Object.entries(args)) await contracts.field(form, label).fill(text);
    if (options.value) await contracts.field(form, 'Value in ETH').fill(options.value);
    await form.getByRole('button', { name: 'Continue to review' }).click();
    const send = new Send(page);
    await send.form.waitFor();
    if (options.gasLimit) await send.field('Gas limit').fill(options.gasLimit);
    await send.continue();
    return { page, send, panel: await settledPanel(send) };
  }

  async function settledPanel(send: Send) {
    await send.review.waitFor({ timeout: 15_000 });
    const panel = send.review.getByRole('region', { name: 'What this transaction does' });
    await expect.poll(() => panel.getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
    return panel;
  }

  const warningsOf = async (panel: Awaited<ReturnType<typeof settledPanel>>) => {
    const list = panel.getByRole('list', { name: 'Warnings from the preview' });
    return (await list.count()) === 0 ? '' : ((await list.textContent()) ?? '');
  };

  it('a swap: sends ETH, receives DAI at the pool’s rate, and names both contracts', async () => {
    const { panel } = await reviewWrite(
      'Demo swap',
      SWAP,
      'swapEthForTokens(address,uint256)',
      { 'tokenOut (address)': DAI, 'minOut (uint256)': '0' },
      { value: '0.5' },
    );
    const account = panel.getByRole('heading', { name: /^Demo account 1/ }).locator('xpath=..');
    const lines = (await account.textContent()) ?? '';
    expect(lines).toContain('Sends 0.5 ETH');
    expect(lines).toContain('Receives 1000 DAI');
    const contracts = (await panel.getByRole('list').filter({ hasText: SWAP }).textContent()) ?? '';
    expect(contracts).toContain(DAI);
    expect(await warningsOf(panel)).toBe('');
  });

  it('a marketplace purchase: the ETH goes out and the NFT comes in', async () => {
    const { panel } = await reviewWrite(
      'Demo NFT marketplace',
      MARKET,
      'buy(uint256)',
      { 'listingId (uint256)': '1' },
      { value: '0.05' },
    );
    const account = panel.getByRole('heading', { name: /^Demo account 1/ }).locator('xpath=..');
    const lines = (await account.textContent()) ?? '';
    expect(lines).toContain('Sends 0.05 ETH');
    expect(lines).toMatch(/Receives .*#6/);
    expect(await warningsOf(panel)).toBe('');
  });

  it("the drainer's request: setApprovalForAll to the claim contract is called out before signing", async () => {
    const { panel } = await reviewWrite('Cairn demo NFTs', NFT, 'setApprovalForAll(address,bool)', {
      'operator (address)': CLAIM,
      'approved (bool)': 'true',
    });
    const warnings = await warningsOf(panel);
    expect(warnings).toContain('Gives an operator all your NFTs');
    expect(warnings).toContain(CLAIM);
    expect(warnings).toContain('Unlimited permission to an address you have never dealt with');
  });

  it('an NFT moved with transferFrom to a contract that does not accept ERC-721s is called out', async () => {
    const { panel } = await reviewWrite('Cairn demo NFTs', NFT, 'transferFrom(address,address,uint256)', {
      'from (address)': demoAddress(0),
      'to (address)': FAULTY,
      'tokenId (uint256)': '3',
    });
    const warnings = await warningsOf(panel);
    expect(warnings).toContain('The recipient may not be able to handle this NFT');
    expect(warnings).toContain('#3 could be stuck there');
    const account = panel.getByRole('heading', { name: /^Demo account 1/ }).locator('xpath=..');
    expect(await account.textContent()).toMatch(/Sends .*#3/);
  });

  it('a fee-on-transfer token sent from Send: the recipient would get less than the form says', async () => {
    const { page } = await demoWalletPage(env, { landOn: 'send' });
    const send = new Send(page);
    await send.open();
    await send.fill({ recipient: demoAddress(5), asset: 'FEE', amount: '100' });
    await send.continue();
    const panel = await settledPanel(send);
    const warnings = await warningsOf(panel);
    expect(warnings).toContain('The recipient would get another amount than the form says');
    expect(warnings).toContain('the form sends 100 FEE');
    expect(warnings).toContain('receiving 98 FEE');
  });

  it('a custom error: decoded with the contract’s ABI, and Confirm held until acknowledged', async () => {
    const { send, panel } = await reviewWrite(
      'Custom errors',
      FAULTY,
      'withdraw(uint256)',
      { 'amount (uint256)': '1' },
      { gasLimit: '100000' },
    );
    const warnings = await warningsOf(panel);
    expect(warnings).toContain('This transaction would fail');
    expect(warnings).toContain('InsufficientBalance');
    expect(await send.review.getByRole('button', { name: 'Confirm and send' }).isDisabled()).toBe(true);
  });

  it('the preview with its warnings fits 360 px and passes axe light and dark', async () => {
    const { page, panel } = await reviewWrite(
      'Cairn demo NFTs',
      NFT,
      'setApprovalForAll(address,bool)',
      { 'operator (address)': CLAIM, 'approved (bool)': 'true' },
      { width: 360 },
    );
    expect(await warningsOf(panel)).toContain('Gives an operator all your NFTs');
    await expectAccessibleInBothSchemes(page, 'the preview');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
