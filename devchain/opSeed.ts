// Seeds a fresh local OP Stack chain (devchain/chain.ts startOpChain): the canonical Multicall3 and
// the deterministic deployer, the L1 values the L1Block predeploy prices L1 data fees with, demo
// DAI and USDC (at addresses of their own, as bridged tokens have on a real L2), Chainlink-style
// price feeds, the L2 sequencer uptime feed, and a short history of transfers spread over past
// days. Every contract comes from one deployer, in a fixed order, so addresses are the same on
// every run.
import { type Address, getContractAddress, type Hex, pad, parseAbi, parseUnits, toHex } from 'viem';
import { LOCAL_OP_CHAIN_ID, MULTICALL3_ADDRESS } from '../src/core/chain/localChain.ts';
import { compileContracts } from './compile.ts';
import { DETERMINISTIC_DEPLOYER, deterministicDeployerRuntime } from './deterministicDeployer.ts';
import { FEED_HISTORY } from './priceRounds.ts';
import { placeMulticall3, playHistory, recordFeedRounds } from './seedHistory.ts';
import { callStep, demoAddress, type SeedClient, type Step, seedClient } from './seedSupport.ts';

/** The OP chain's deployer: not the L1 seed's, so its tokens' addresses differ from the L1 chain's. */
export const OP_DEPLOYER_INDEX = 17;

export const opDeploymentOrder = [
  'DAI',
  'USDC',
  'ETH_USD_FEED',
  'DAI_USD_FEED',
  'USDC_USD_FEED',
  'SEQUENCER_FEED',
] as const;
export type OpDemoContract = (typeof opDeploymentOrder)[number];

export function opContractAddresses(): Record<OpDemoContract, Address> {
  const from = demoAddress(OP_DEPLOYER_INDEX);
  return Object.fromEntries(
    opDeploymentOrder.map((name, nonce) => [name, getContractAddress({ from, nonce: BigInt(nonce) })]),
  ) as Record<OpDemoContract, Address>;
}

export const L1_BLOCK_ADDRESS: Address = '0x4200000000000000000000000000000000000015';

/**
 * What L1Block holds on the local chain (set once: no sequencer posts L1 attributes here), in
 * the magnitudes of OP Mainnet's Ecotone scalars, so a transfer's L1 data fee is a few tenths of a
 * cent to a few cents and most of its cost, as on a real OP Stack chain.
 */
export const LOCAL_L1_BLOCK = {
  baseFee: 5_000_000_000n,
  blobBaseFee: 2_000_000_000n,
  baseFeeScalar: 5_227n,
  blobBaseFeeScalar: 1_014_213n,
} as const;

/** How long before the seed's `now` the sequencer came up (past the usual hour of grace). */
export const SEQUENCER_UP_FOR_SECONDS = 2 * 3600;

export type OpSeedManifest = {
  contracts: Record<OpDemoContract, Address>;
  multicall3: Address;
  /** Hashes of the history transactions, oldest first. */
  history: Hex[];
  blockNumber: bigint;
};

const l1BlockAbi = parseAbi([
  'function basefee() view returns (uint256)',
  'function blobBaseFee() view returns (uint256)',
  'function baseFeeScalar() view returns (uint32)',
  'function blobBaseFeeScalar() view returns (uint32)',
]);

export async function seedOpChain(rpcUrl: string, now: Date = new Date()): Promise<OpSeedManifest> {
  const compiled = compileContracts();
  const client = seedClient(rpcUrl, LOCAL_OP_CHAIN_ID);
  await placeMulticall3(client);
  // OP Stack chains hold the deterministic deployer from genesis (a preinstall since Ecotone), as
  // its runtime rather than its pre-signed transaction. No passkey contracts: Cairn places them.
  await client.setCode({ address: DETERMINISTIC_DEPLOYER, bytecode: deterministicDeployerRuntime() });
  await setL1BlockValues(client);

  const feedContract = compiled.MockAggregator;
  const token = compiled.DemoToken;
  if (!feedContract || !token) throw new Error('missing compiled contracts DemoToken and MockAggregator');
  const deployer = demoAddress(OP_DEPLOYER_INDEX);
  const a = (i: number) => demoAddress(i);
  const addresses = opContractAddresses();
  const deploy =
    (abi: typeof token.abi, bytecode: Hex, args: readonly unknown[]): Step =>
    (c) =>
      c.deployContract({ account: deployer, abi, bytecode, args });
  const feed = (description: string, decimals = 8) =>
    deploy(feedContract.abi, feedContract.bytecode, [decimals, description]);
  const dai = (from: Address, to: Address, amount: string) =>
    callStep(from, addresses.DAI, token.abi, from === deployer ? 'mint' : 'transfer', [to, parseUnits(amount, 18)]);
  const usdc = (from: Address, to: Address, amount: string) =>
    callStep(from, addresses.USDC, token.abi, from === deployer ? 'mint' : 'transfer', [to, parseUnits(amount, 6)]);
  const native =
    (from: Address, to: Address, wei: bigint): Step =>
    (c) =>
      c.sendTransaction({ account: from, to, value: wei });

  const steps: Step[] = [
    deploy(token.abi, token.bytecode, ['Demo Dai Stablecoin', 'DAI', 18]),
    deploy(token.abi, token.bytecode, ['Demo USD Coin', 'USDC', 6]),
    feed('ETH / USD'),
    feed('DAI / USD'),
    feed('USDC / USD'),
    // Chainlink's L2 sequencer uptime feeds have no decimals: 0 is up, 1 is down.
    feed('L2 Sequencer Uptime Status Feed', 0),
    dai(deployer, a(0), '800'),
    dai(deployer, a(5), '2500'),
    usdc(deployer, a(0), '1500'),
    usdc(deployer, a(1), '200'),
    usdc(deployer, a(6), '4000'),
    native(a(5), a(0), 1_500_000_000_000_000n),
    usdc(a(0), a(1), '25.5'),
    dai(a(5), a(0), '60'),
    native(a(0), a(6), 200_000_000_000_000n),
    usdc(a(6), a(0), '310'),
  ];
  const { hashes: history, start, last } = await playHistory(client, steps, now);

  // The feeds' rounds follow the history, from the present on (EDR's OP miner puts one
  // transaction in each block, so they cannot share one present block as on the L1 chain).
  const present = Math.max(Math.floor(now.getTime() / 1000), last + 1);
  await client.setNextBlockTimestamp({ timestamp: BigInt(present) });
  const feeds = [
    { address: addresses.ETH_USD_FEED, plan: FEED_HISTORY.ETH_USD_FEED },
    { address: addresses.DAI_USD_FEED, plan: FEED_HISTORY.DAI_USD_FEED },
    { address: addresses.USDC_USD_FEED, plan: FEED_HISTORY.USDC_USD_FEED },
  ];
  const sent = await recordFeedRounds(client, feedContract.abi, deployer, feeds, start, present);
  sent.push(
    await client.writeContract({
      account: deployer,
      address: addresses.SEQUENCER_FEED,
      abi: feedContract.abi,
      functionName: 'addRounds',
      args: [[0n], [BigInt(Math.max(present - SEQUENCER_UP_FOR_SECONDS, start))]],
    }),
  );
  for (const hash of sent) {
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`the OP seed's transaction ${hash} reverted`);
  }

  for (const name of opDeploymentOrder) {
    const code = await client.getCode({ address: addresses[name] });
    if (!code || code === '0x') throw new Error(`${name} was not deployed at ${addresses[name]} on the OP chain`);
  }
  return { contracts: addresses, multicall3: MULTICALL3_ADDRESS, history, blockNumber: await client.getBlockNumber() };
}

/** L1Block's storage: slot 1 basefee, slot 3 packs the two Ecotone scalars, slot 7 the blob base fee. */
async function setL1BlockValues(client: SeedClient): Promise<void> {
  const word = (value: bigint) => pad(toHex(value), { size: 32 });
  const { baseFee, blobBaseFee, baseFeeScalar, blobBaseFeeScalar } = LOCAL_L1_BLOCK;
  // Slot 3, from the low end: sequenceNumber (uint64), blobBaseFeeScalar (uint32), baseFeeScalar (uint32).
  const scalars = (baseFeeScalar << 96n) | (blobBaseFeeScalar << 64n);
  await client.setStorageAt({ address: L1_BLOCK_ADDRESS, index: 1, value: word(baseFee) });
  await client.setStorageAt({ address: L1_BLOCK_ADDRESS, index: 3, value: word(scalars) });
  await client.setStorageAt({ address: L1_BLOCK_ADDRESS, index: 7, value: word(blobBaseFee) });
  const read = (functionName: (typeof l1BlockAbi)[number]['name']) =>
    client.readContract({ address: L1_BLOCK_ADDRESS, abi: l1BlockAbi, functionName });
  const got = [
    await read('basefee'),
    await read('blobBaseFee'),
    BigInt(await read('baseFeeScalar')),
    BigInt(await read('blobBaseFeeScalar')),
  ];
  const want = [baseFee, blobBaseFee, baseFeeScalar, blobBaseFeeScalar];
  if (got.some((value, i) => value !== want[i]))
    throw new Error(`L1Block did not take the seed's values: read ${got.join(', ')}, wanted ${want.join(', ')}`);
}
