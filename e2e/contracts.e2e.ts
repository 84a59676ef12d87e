// Contracts: open a contract with a standard, pasted, saved or explorer-verified ABI, read it
// through the node, and hand a write to Send (review, confirm, tracked). Bad input and the
// calldata decoder: src/features/contracts/ContractsScreen.dom.test.tsx.
import { encodeFunctionData, erc20Abi, parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAddress, demoContractAddresses } from '../devchain/seed.ts';
import { MULTICALL3_ADDRESS } from '../src/core/chain/localChain.ts';
import { type FakeExplorer, startFakeExplorer } from '../src/testing/fakeExplorer.ts';
import { AppShell } from './pages/AppShell.ts';
import { Contracts } from './pages/Contracts.ts';
import { Onboarding, Unlock } from './pages/Onboarding.ts';
import { Send } from './pages/Send.ts';
import { Settings } from './pages/Settings.ts';
import { expectAccessibleInBothSchemes } from './support/axe.ts';
import { contractsPage } from './support/contractsPage.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { nodeClient } from './support/rpc.ts';
import { slowStorageWrites } from './support/slowStorage.ts';

const { DAI, USDC } = demoContractAddresses();
/** Demo account 1, the account the demo wallet opens on. */
const me = demoAddress(0);
const ERC20 = { source: 'known', standard: 'ERC-20 token' } as const;

describe('contracts', () => {
  let env: Environment;
  let explorer: FakeExplorer;
  beforeAll(async () => {
    env = await startEnvironment();
    explorer = await startFakeExplorer(env.chain.url, undefined, { verified: { [DAI]: erc20Abi } });
  });
  afterAll(async () => {
    await explorer?.close();
    await env?.close();
  });

  const openContracts = (options: { width?: number } = {}) => contractsPage(env, options);

  function daiBalance(address: `0x${string}`) {
    return nodeClient(env.chain.url).readContract({
      address: DAI,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    });
  }

  it('reads balanceOf, decimals and symbol of the seeded DAI with the ERC-20 ABI, as the node answers', async () => {
    const { page, contracts, consoleErrors } = await openContracts();
    await contracts.load(DAI, ERC20);
    await contracts.waitLoaded(DAI);
    expect(await contracts.functions.textContent()).toContain('with the ERC-20 token standard ABI');

    // By keyboard: loading takes focus to the functions; Tab to the first one, open it, read it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Functions');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Save this contract');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const nameForm = contracts.functions.getByRole('form', { name: 'Read name()', exact: true });
    await nameForm.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => nameForm.getByRole('definition').textContent()).toBe('Demo Dai Stablecoin');

    const balance = await contracts.read('balanceOf(address)', { 'owner (address)': me });
    expect(balance).toEqual([{ name: '', type: 'uint256', value: String(await daiBalance(me)) }]);
    expect(await contracts.read('decimals()')).toEqual([{ name: '', type: 'uint8', value: '18' }]);
    expect(await contracts.read('symbol()')).toEqual([{ name: '', type: 'string', value: 'DAI' }]);
    expect(consoleErrors).toEqual([]);
  });

  it('writes transfer(to, amount) through Send: prefilled, decoded on the review, confirmed, balances moved exactly', async () => {
    const { page, contracts, consoleErrors } = await openContracts();
    const to = demoAddress(9);
    const amount = 1_234_500_000_000_000_001n;
    const [fromBefore, toBefore] = [await daiBalance(me), await daiBalance(to)];

    await contracts.load(DAI, ERC20);
    await contracts.waitLoaded(DAI);
    const form = await contracts.openFunction('Write', 'transfer(address,uint256)');
    await contracts.field(form, 'to (address)').fill(to);
    await contracts.field(form, 'value (uint256)').fill(amount.toString());
    await form.getByRole('button', { name: 'Continue to review' }).click();

    const send = new Send(page);
    await send.form.waitFor();
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] });
    expect(await send.field('Recipient').inputValue()).toBe(DAI);
    expect(await send.form.getByLabel(/^Amount in /).inputValue()).toBe('0');
    expect(await send.field('Data (hex)').inputValue()).toBe(data);
    expect(await send.field('Data (hex)').isVisible()).toBe(true);

    await send.continue();
    await send.review.waitFor({ timeout: 15_000 });
    const review = (await send.review.textContent()) ?? '';
    expect(review).toContain(`transfer(to: ${to}, value: ${amount})`);
    expect(review).toContain(`on the contract ${DAI}`);
    const card = await send.confirm();
    await expect.poll(() => send.statusOf(card), { timeout: 15_000 }).toContain('Confirmed');
    expect(await daiBalance(me)).toBe(fromBefore - amount);
    expect(await daiBalance(to)).toBe(toBefore + amount);
    expect(consoleErrors).toEqual([]);
  });

  it('queues two writes and sends them in one transaction from Send', async () => {
    const { page, contracts } = await openContracts();
    const [spender, to] = [demoAddress(11), demoAddress(12)];
    const toBefore = await daiBalance(to);
    await contracts.load(DAI, ERC20);
    await contracts.waitLoaded(DAI);
    const approve = await contracts.openFunction('Write', 'approve(address,uint256)');
    await contracts.field(approve, 'spender (address)').fill(spender);
    await contracts.field(approve, 'value (uint256)').fill('777');
    await approve.getByRole('button', { name: 'Add to batch' }).click();
    await approve.getByRole('status').filter({ hasText: '1 write waits' }).waitFor();
    const transfer = await contracts.openFunction('Write', 'transfer(address,uint256)');
    await contracts.field(transfer, 'to (address)').fill(to);
    await contracts.field(transfer, 'value (uint256)').fill('5');
    await transfer.getByRole('button', { name: 'Add to batch' }).click();
    await transfer.getByRole('link', { name: 'Send' }).click();

    const send = new Send(page);
    await expect.poll(() => send.batchItems().count()).toBe(2);
    expect(await send.batchItems().first().textContent()).toContain('approve(address,uint256)');
    await send.reviewBatch();
    await send.review.getByRole('checkbox', { name: 'Upgrade this account to a smart account' }).check();
    const card = await send.confirm();
    await expect.poll(() => send.statusOf(card), { timeout: 15_000 }).toContain('Confirmed');
    const node = nodeClient(env.chain.url);
    expect(
      await node.readContract({ address: DAI, abi: erc20Abi, functionName: 'allowance', args: [me, spender] }),
    ).toBe(777n);
    expect(await daiBalance(to)).toBe(toBefore + 5n);
  });

  it('sends a payable call with a list of tuples (Multicall3 aggregate3Value): value and nested arguments arrive exactly', async () => {
    const { page, contracts } = await openContracts();
    const node = nodeClient(env.chain.url);
    const to = demoAddress(12);
    const before = await node.getBalance({ address: to });
    const abi = [
      'function aggregate3Value((address target, bool allowFailure, uint256 value, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)',
    ];
    await contracts.load(MULTICALL3_ADDRESS, { source: 'paste', text: abi[0] as string });
    await contracts.waitLoaded(MULTICALL3_ADDRESS);
    const form = await contracts.openFunction('Write', 'aggregate3Value((address,bool,uint256,bytes)[])');
    // The tuple written positionally, its wei amount beyond 2^53 unquoted: kept exact.
    const wei = 10_000_000_000_000_001n;
    await form.getByLabel(/^calls \(/).fill(`[["${to}", false, ${wei}, "0x"]]`);
    await contracts.field(form, 'Value in ETH').fill('0.010000000000000001');
    await form.getByRole('button', { name: 'Continue to review' }).click();

    const send = new Send(page);
    await send.form.waitFor();
    const data = encodeFunctionData({
      abi: parseAbi(abi),
      functionName: 'aggregate3Value',
      args: [[{ target: to, allowFailure: false, value: wei, callData: '0x' }]],
    });
    expect(await send.field('Data (hex)').inputValue()).toBe(data);
    await send.continue();
    await send.review.waitFor({ timeout: 15_000 });
    expect(await send.review.textContent()).toContain('aggregate3Value(calls: ');
    const card = await send.confirm();
    await expect.poll(() => send.statusOf(card), { timeout: 15_000 }).toContain('Confirmed');
    expect(await node.getBalance({ address: to })).toBe(before + wei);
  });

  it('reads with a pasted human-readable ABI, saves the contract, and opens it from the saved list after a reload', async () => {
    const { page, contracts, consoleErrors } = await openContracts();
    const owner = demoAddress(1);
    await contracts.load(DAI.toLowerCase(), {
      source: 'paste',
      text: 'function balanceOf(address owner) view returns (uint256)',
    });
    await contracts.waitLoaded(DAI);
    expect(await contracts.functions.textContent()).toContain('with the pasted ABI');
    expect(await contracts.read('balanceOf(address)', { 'owner (address)': owner })).toEqual([
      { name: '', type: 'uint256', value: String(await daiBalance(owner)) },
    ]);
    expect(await contracts.saved.textContent()).toContain('None yet.');
    await contracts.saveContract();
    await contracts.savedItem(DAI).waitFor();

    await page.reload();
    await new Unlock(page).unlock();
    await contracts.open();
    expect(await contracts.functions.count()).toBe(0);
    const item = contracts.savedItem(DAI);
    expect(await item.textContent()).toContain('1 read function, 0 write functions');
    await contracts.openSaved(DAI);
    expect(await contracts.functions.textContent()).toContain('with the ABI saved for this address');
    expect(await contracts.functions.textContent()).toContain('Saved for Local chain.');
    expect(await contracts.functions.getByRole('region', { name: 'Write (0)' }).count()).toBe(1);
    expect(await contracts.read('balanceOf(address)', { 'owner (address)': owner })).toEqual([
      { name: '', type: 'uint256', value: String(await daiBalance(owner)) },
    ]);

    // The same ABI is offered as "Saved for this address" when the address is typed again.
    await contracts.fillContract(DAI, { source: 'saved' });
    expect(await contracts.abiChoices.textContent()).toContain('Saved for this address (1 function saved)');
    await contracts.fillContract(USDC, { source: 'saved' });
    await contracts.contractForm.getByRole('button', { name: 'Load contract' }).click();
    await expect.poll(() => contracts.sourceError()).toMatch(/^No ABI is saved for this address on Local chain\./);

    await contracts.saved.getByRole('button', { name: `Remove ${DAI}`, exact: true }).click();
    await expect.poll(() => contracts.saved.textContent()).toContain('None yet.');
    expect(consoleErrors).toEqual([]);
  });

  it('a saved contract said removed stays removed through a reload straight after, however slow storage is', async () => {
    const { page, contracts, consoleErrors } = await openContracts();
    await slowStorageWrites(page, ['settings'], 1_500);
    await page.reload();
    await new Unlock(page).unlock();
    await contracts.open();
    await contracts.load(DAI, { source: 'paste', text: 'function balanceOf(address owner) view returns (uint256)' });
    await contracts.waitLoaded(DAI);
    await contracts.saveContract();
    await contracts.savedItem(DAI).waitFor();

    await contracts.saved.getByRole('button', { name: `Remove ${DAI}`, exact: true }).click();
    await contracts.saved.getByRole('status').filter({ hasText: 'from the saved contracts.' }).waitFor();
    await page.reload();
    await new Unlock(page).unlock();
    await contracts.open();
    expect(await contracts.saved.textContent()).toContain('None yet.');
    expect(consoleErrors).toEqual([]);
  });

  it('fetches a verified ABI from the explorer the person set, and says when a contract is not verified', async () => {
    const { page, contracts, consoleErrors } = await openContracts();
    const requests: { url: string; referer: string | undefined }[] = [];
    page.on('request', (request) => requests.push({ url: request.url(), referer: request.headers().referer }));
    expect(await contracts.abiChoices.getByRole('radio', { name: /^Fetch verified ABI/ }).count()).toBe(0);

    const settings = await new Settings(page).open('History explorers');
    await settings.getByRole('textbox', { name: 'Explorer API URL' }).fill(explorer.url);
    await settings.getByLabel('API key', { exact: true }).fill(explorer.apiKey);
    await settings.getByRole('button', { name: 'Check and save explorer' }).click();
    await expect.poll(() => settings.getByRole('status').textContent()).toMatch(/^Explorer saved for Local chain\./);

    await contracts.open();
    await contracts.load(USDC, { source: 'explorer' });
    await expect
      .poll(() => contracts.sourceError())
      .toMatch(new RegExp(`has no verified source code for ${USDC} on this network`));
    expect(await contracts.functions.count()).toBe(0);

    await contracts.load(DAI, { source: 'explorer' });
    await contracts.waitLoaded(DAI);
    expect(await contracts.functions.textContent()).toContain(
      `with the verified ABI from ${new URL(explorer.url).host}`,
    );
    // The key went only to the explorer, with no referrer; getabi asked about DAI on this chain.
    const explorerHost = new URL(explorer.url).host;
    const withKey = requests.filter((r) => r.url.includes(explorer.apiKey));
    expect(withKey.every((r) => new URL(r.url).host === explorerHost && !r.referer)).toBe(true);
    const getabi = withKey.map((r) => new URL(r.url).searchParams).filter((p) => p.get('action') === 'getabi');
    expect(getabi.map((p) => [p.get('module'), p.get('chainid'), p.get('address')])).toEqual([
      ['contract', '31337', USDC],
      ['contract', '31337', DAI],
    ]);
    expect(await contracts.read('totalSupply()')).toEqual([
      {
        name: '',
        type: 'uint256',
        value: String(
          await nodeClient(env.chain.url).readContract({ address: DAI, abi: erc20Abi, functionName: 'totalSupply' }),
        ),
      },
    ]);
    expect(consoleErrors).toEqual([]);
  });

  it('works at 360 px: a loaded contract with results, errors and decoded calldata passes axe light and dark and nothing overflows', async () => {
    const { page, contracts } = await openContracts({ width: 360 });
    await contracts.load(USDC, { source: 'saved' });
    await expect.poll(() => contracts.sourceError()).toMatch(/^No ABI is saved/);
    await contracts.load(DAI, ERC20);
    await contracts.waitLoaded(DAI);
    await contracts.read('balanceOf(address)', { 'owner (address)': me });
    await contracts.read('allowance(address,address)', {
      'owner (address)': me,
      'spender (address)': demoAddress(9),
    });
    const transfer = await contracts.openFunction('Write', 'transfer(address,uint256)');
    await contracts.field(transfer, 'value (uint256)').fill('1.5');
    await transfer.getByRole('button', { name: 'Continue to review' }).click();
    await expect
      .poll(() => contracts.fieldError(contracts.field(transfer, 'value (uint256)')))
      .toContain('decimal point');
    await contracts.decode(
      encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [demoAddress(9), 2n ** 256n - 1n] }),
    );
    await expectAccessibleInBothSchemes(page, 'a loaded contract');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('offers no write to a watch-only account and says why, while reads still work', async () => {
    const { page, consoleErrors } = await env.newPage();
    const onboarding = new Onboarding(page);
    await new AppShell(page).open(env.server.url);
    await onboarding.method('Watch an address').click();
    await page.getByLabel('Address', { exact: true }).fill(demoAddress(1));
    await page.getByLabel('Name (optional)').fill('Watched');
    await page.getByRole('button', { name: 'Continue' }).click();
    await onboarding.finishWithPassword();
    const contracts = new Contracts(page);
    await contracts.open();
    await contracts.load(DAI, ERC20);
    await contracts.waitLoaded(DAI);
    const transfer = await contracts.openFunction('Write', 'transfer(address,uint256)');
    expect(await transfer.textContent()).toContain('Watched is watch-only: Cairn cannot sign with it');
    expect(await transfer.getByRole('button').count()).toBe(0);
    expect(await contracts.read('balanceOf(address)', { 'owner (address)': demoAddress(1) })).toEqual([
      { name: '', type: 'uint256', value: String(await daiBalance(demoAddress(1))) },
    ]);
    expect(consoleErrors).toEqual([]);
  });
});
