// Contracts that give the transaction preview something to show: a swap, an NFT marketplace, a
// drainer, a fee-on-transfer token, a contract whose errors carry arguments and one that behaves
// otherwise when it believes it runs in a preview. They come from
// their own deployer in blocks after the present block, so the history's blocks and times, the
// main deployer's nonces and the addresses of demoContractAddresses() are what they were without
// them. Liquidity and the seller's NFTs are written into state (the demo tokens and the
// collection can only be minted by the main deployer, whose nonces must not move).
import {
  type Address,
  encodeAbiParameters,
  getContractAddress,
  type Hex,
  keccak256,
  pad,
  parseAbiParameters,
  parseEther,
  parseUnits,
  stringToHex,
  toHex,
} from 'viem';
import type { CompiledContracts } from './compile.ts';
import { demoNftUri } from './nftArt.ts';
import { callStep, demoAccount, demoAddress, type SeedClient } from './seedSupport.ts';

/** Deploys the scenario contracts (nonces 0–5) and mints the fee token; no other test uses it. */
export const SCENARIO_DEPLOYER_INDEX = 20;
/** Holds the marketplace's open listings. */
export const MARKET_SELLER_INDEX = 21;
/** Receives the marketplace's 2.5% fee and the fee token's 2%. */
export const TREASURY_INDEX = 22;
/** Where the drainer sends what it takes. */
export const DRAINER_OWNER_INDEX = 23;
/** Owns the preview evader: switches its trap on and off. */
export const EVADER_OWNER_INDEX = 24;

const scenarioOrder = ['FEE', 'SWAP', 'MARKET', 'CLAIM', 'FAULTY', 'EVADER'] as const;
export type ScenarioContract = (typeof scenarioOrder)[number];

/** Addresses of the scenario contracts, from their deployer and its nonces. */
export function scenarioContractAddresses(): Record<ScenarioContract, Address> {
  const from = demoAddress(SCENARIO_DEPLOYER_INDEX);
  return Object.fromEntries(
    scenarioOrder.map((name, nonce) => [name, getContractAddress({ from, nonce: BigInt(nonce) })]),
  ) as Record<ScenarioContract, Address>;
}

export const FEE_TOKEN = { name: 'Demo Fee-on-Transfer Token', symbol: 'FEE', decimals: 18 } as const;
/** The cut of every FEE transfer, in basis points (FeeToken.FEE_BPS): the recipient gets the rest. */
export const FEE_TOKEN_BPS = 200n;

/** What the seed puts in place, for tests to start from. */
export const SCENARIO_SEED = {
  swapLiquidity: { DAI: parseUnits('100000', 18), USDC: parseUnits('100000', 6), ETH: parseEther('100') },
  feeBalances: [
    { index: 0, amount: parseUnits('1000', 18) },
    { index: 1, amount: parseUnits('250', 18) },
  ],
  /** Open listings by id: DemoCollection tokens of the seller. */
  listings: [
    { id: 1n, tokenId: 6n, price: parseEther('0.05') },
    { id: 2n, tokenId: 7n, price: parseEther('0.2') },
  ],
} as const;

type DemoTokens = { DAI: Address; USDC: Address; NFT: Address };

/** Storage slot of `mapping[key]` for a mapping declared at `slot` (Solidity's layout). */
export const mappingSlot = (key: bigint | Address, slot: bigint): Hex =>
  keccak256(encodeAbiParameters(parseAbiParameters('uint256, uint256'), [BigInt(key), slot]));
const word = (value: bigint | Address): Hex => pad(toHex(BigInt(value)), { size: 32 });

// DemoToken: totalSupply slot 2, balanceOf slot 3. DemoCollection: ownerOfToken slot 2, balances
// slot 3, uris slot 6.
const TOKEN_SUPPLY_SLOT = 2n;
const TOKEN_BALANCE_SLOT = 3n;
const NFT_OWNER_SLOT = 2n;
const NFT_BALANCE_SLOT = 3n;
const NFT_URI_SLOT = 6n;

export async function seedScenarios(client: SeedClient, compiled: CompiledContracts, demo: DemoTokens): Promise<void> {
  const contract = (name: string) => {
    const c = compiled[name];
    if (!c) throw new Error(`missing compiled contract ${name}`);
    return c;
  };
  // Accounts past the node's twenty sign here, not in the node.
  const deployer = demoAccount(SCENARIO_DEPLOYER_INDEX);
  const seller = demoAccount(MARKET_SELLER_INDEX);
  const treasury = demoAddress(TREASURY_INDEX);
  const at = scenarioContractAddresses();
  await client.setBalance({ address: deployer.address, value: parseEther('10') });
  await client.setBalance({ address: seller.address, value: parseEther('1') });
  await client.setBalance({ address: demoAddress(EVADER_OWNER_INDEX), value: parseEther('1') });

  // The swap's token liquidity, and the seller's NFTs, written into state.
  const liquidity = SCENARIO_SEED.swapLiquidity;
  await addTokens(client, demo.DAI, at.SWAP, liquidity.DAI);
  await addTokens(client, demo.USDC, at.SWAP, liquidity.USDC);
  for (const { tokenId } of SCENARIO_SEED.listings) await giveNft(client, demo.NFT, seller.address, tokenId);

  const deploy = (name: string, args: readonly unknown[]) => (c: SeedClient) =>
    c.deployContract({ account: deployer, abi: contract(name).abi, bytecode: contract(name).bytecode, args });
  const call = callStep;

  await mineBlock(client, [
    deploy('FeeToken', [FEE_TOKEN.name, FEE_TOKEN.symbol, treasury]),
    deploy('DemoSwap', [[demo.DAI, demo.USDC]]),
    deploy('DemoMarketplace', [demo.NFT, treasury]),
    deploy('DemoClaim', [demo.NFT, demo.DAI, demoAddress(DRAINER_OWNER_INDEX)]),
    deploy('CustomErrors', []),
    // Its trap on: a deposit mined is kept, one previewed without fee fields comes back.
    deploy('PreviewEvader', [demoAddress(EVADER_OWNER_INDEX), true]),
  ]);
  await client.setBalance({ address: at.SWAP, value: liquidity.ETH });
  const nft = contract('DemoCollection').abi;
  const market = contract('DemoMarketplace').abi;
  // Then, in the next block, the fee token's holders and the marketplace's listings.
  await mineBlock(client, [
    ...SCENARIO_SEED.feeBalances.map(({ index, amount }) =>
      call(deployer, at.FEE, contract('FeeToken').abi, 'mint', [demoAddress(index), amount]),
    ),
    call(seller, demo.NFT, nft, 'setApprovalForAll', [at.MARKET, true]),
    ...SCENARIO_SEED.listings.map(({ tokenId, price }) => call(seller, at.MARKET, market, 'list', [tokenId, price])),
  ]);
  for (const name of scenarioOrder) {
    const code = await client.getCode({ address: at[name] });
    if (!code || code === '0x') throw new Error(`${name} was not deployed at ${at[name]}`);
  }
}

/** Sends the transactions (in order: each list comes from one sender) and mines them in one block. */
export async function mineBlock(client: SeedClient, steps: ((c: SeedClient) => Promise<Hex>)[]): Promise<void> {
  await client.setAutomine(false);
  const sent: Hex[] = [];
  try {
    for (const step of steps) sent.push(await step(client));
    await client.mine({ blocks: 1 });
  } finally {
    await client.setAutomine(true);
  }
  for (const hash of sent) {
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`seed transaction ${hash} reverted`);
  }
}

export async function addTokens(client: SeedClient, token: Address, to: Address, amount: bigint): Promise<void> {
  const read = async (slot: Hex) => BigInt((await client.getStorageAt({ address: token, slot })) ?? '0x0');
  const balanceSlot = mappingSlot(to, TOKEN_BALANCE_SLOT);
  const supplySlot = word(TOKEN_SUPPLY_SLOT);
  const [balance, supply] = [await read(balanceSlot), await read(supplySlot)];
  await client.setStorageAt({ address: token, index: balanceSlot, value: word(balance + amount) });
  await client.setStorageAt({ address: token, index: supplySlot, value: word(supply + amount) });
}

async function giveNft(client: SeedClient, nft: Address, to: Address, tokenId: bigint): Promise<void> {
  const balanceSlot = mappingSlot(to, NFT_BALANCE_SLOT);
  const balance = BigInt((await client.getStorageAt({ address: nft, slot: balanceSlot })) ?? '0x0');
  await client.setStorageAt({ address: nft, index: mappingSlot(tokenId, NFT_OWNER_SLOT), value: word(to) });
  await client.setStorageAt({ address: nft, index: balanceSlot, value: word(balance + 1n) });
  await writeLongString(client, nft, mappingSlot(tokenId, NFT_URI_SLOT), demoNftUri(Number(tokenId)));
}

/** A string of 32 bytes or more in storage: length × 2 + 1 at the slot, the bytes from keccak(slot). */
async function writeLongString(client: SeedClient, address: Address, slot: Hex, text: string): Promise<void> {
  const bytes = stringToHex(text);
  const length = (bytes.length - 2) / 2;
  if (length < 32) throw new Error('writeLongString is for strings of 32 bytes or more');
  await client.setStorageAt({ address, index: slot, value: word(BigInt(length * 2 + 1)) });
  const start = BigInt(keccak256(slot));
  for (let i = 0; i * 32 < length; i++) {
    const chunk = `0x${bytes.slice(2 + i * 64, 2 + (i + 1) * 64).padEnd(64, '0')}` as Hex;
    await client.setStorageAt({ address, index: word(start + BigInt(i)), value: chunk });
  }
}
