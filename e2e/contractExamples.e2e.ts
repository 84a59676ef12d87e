// Contracts on the local chain: the seeded example contracts load in one click with their bundled
// ABIs, and read through the node as any other contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_SELLER_INDEX, SCENARIO_SEED, scenarioContractAddresses } from '../devchain/scenarios.ts';
import { demoAddress, demoContractAddresses } from '../devchain/seed.ts';
import { contractsPage } from './support/contractsPage.ts';
import { type Environment, startEnvironment } from './support/environment.ts';

const { SWAP, MARKET, CLAIM } = scenarioContractAddresses();
const { DAI, USDC } = demoContractAddresses();

describe('example contracts on the local chain', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('loads the demo swap in one click and reads a quote; the marketplace shows its seeded listing', async () => {
    const { page, contracts, consoleErrors } = await contractsPage(env);
    const examples = page.getByRole('region', { name: 'Example contracts on Local chain', exact: true });
    const drainer = examples.getByRole('listitem').filter({ hasText: CLAIM });
    expect(await drainer.textContent()).toContain('A deliberate drainer, here to test warnings');

    await examples.getByRole('button', { name: 'Load Demo swap', exact: true }).click();
    await contracts.waitLoaded(SWAP);
    expect(await contracts.functions.textContent()).toContain('bundled ABI of the example “Demo swap”');
    expect(await contracts.address.inputValue()).toBe(SWAP);
    const quote = await contracts.read('quote(address,uint256,address)', {
      'tokenIn (address)': USDC,
      'amountIn (uint256)': '2500000',
      'tokenOut (address)': DAI,
    });
    expect(quote).toEqual([{ name: '', type: 'uint256', value: '2500000000000000000' }]);

    await examples.getByRole('button', { name: 'Load Demo NFT marketplace', exact: true }).click();
    await contracts.waitLoaded(MARKET);
    const [first] = SCENARIO_SEED.listings;
    const listing = await contracts.read('listings(uint256)', { 'arg0 (uint256)': String(first.id) });
    expect(listing).toEqual([
      { name: 'seller', type: 'address', value: demoAddress(MARKET_SELLER_INDEX) },
      { name: 'tokenId', type: 'uint256', value: String(first.tokenId) },
      { name: 'price', type: 'uint256', value: String(first.price) },
      { name: 'active', type: 'bool', value: 'true' },
    ]);
    expect(consoleErrors).toEqual([]);
  });
});
