// Seeds a fresh local chain: the canonical Multicall3 code, demo tokens with real-world quirks,
// an NFT collection, Permit2 (permit2.ts), and a history of transfers and approvals (approvalSeed.ts)
// spread over past days. Every contract comes from one deployer account in a fixed order, so
// addresses are the same on every run. After the present block come the contracts that exercise
// the transaction preview, from their own deployer (scenarios.ts), then Uniswap's contracts and
// pools (uniswap.ts), then MetaMask's Delegation Framework at its published addresses
// (delegation.ts), then Safe's contracts at their canonical addresses (safe.ts) and a 2-of-3 Safe
// of demo accounts 1, 2 and 3 (demoSafe.ts).
import {
  type Abi,
  type Address,
  getContractAddress,
  type Hex,
  namehash,
  parseEther,
  parseUnits,
  stringToHex,
} from 'viem';
import { MULTICALL3_ADDRESS } from '../src/core/chain/localChain.ts';
import { approvalSteps, type SeededApproval, seededApprovals } from './approvalSeed.ts';
import { type CompiledContracts, compileContracts } from './compile.ts';
import { type DelegationContract, delegationAddresses, placeDelegationFramework } from './delegation.ts';
import { DEMO_SAFE, DEMO_SAFE_HOLDS, demoSafeAddress, seedDemoSafe } from './demoSafe.ts';
import { demoNftUri } from './nftArt.ts';
import { placePermit2 } from './permit2.ts';
import { FEED_HISTORY } from './priceRounds.ts';
import { placeSafeContracts, type SafeContract, safeAddresses } from './safe.ts';
import { type ScenarioContract, scenarioContractAddresses, seedScenarios } from './scenarios.ts';
import { minePresentBlock, placeMulticall3, playHistory, recordFeedRounds } from './seedHistory.ts';
import {
  callStep,
  DEPLOYER_INDEX,
  type DemoContract,
  demoAddress,
  demoContractAddresses,
  deploymentOrder,
  type SeedClient,
  type Step,
  seedClient,
} from './seedSupport.ts';
import { seedUniswap, type UniswapContract, uniswapAddresses } from './uniswap.ts';

export {
  DEMO_SAFE,
  DEMO_SAFE_HOLDS,
  DEPLOYER_INDEX,
  type DemoContract,
  demoAddress,
  demoContractAddresses,
  demoSafeAddress,
  safeAddresses,
};

/** Deploys only the trick token, so the deployer's addresses and nonces are those without it. */
export const TRICK_DEPLOYER_INDEX = 18;

/**
 * A token whose symbol reads "USDT" on screen but is "US", a right-to-left override, "TD" and a
 * zero-width joiner: what Cairn must show as codes. No list names it and nobody holds it, so it
 * changes no balance, history or list; tests add it by address.
 */
export const TRICK_TOKEN = { name: 'Tether USD', symbol: 'US\u202eTD\u200d', decimals: 6 } as const;

export function trickTokenAddress(): Address {
  return getContractAddress({ from: demoAddress(TRICK_DEPLOYER_INDEX), nonce: 0n });
}

export type SeedManifest = {
  contracts: Record<DemoContract, Address>;
  /** The contracts that exercise the transaction preview (devchain/scenarios.ts). */
  scenarios: Record<ScenarioContract, Address>;
  multicall3: Address;
  /** Uniswap's contracts (devchain/uniswap.ts). */
  uniswap: Record<UniswapContract, Address>;
  /** MetaMask's Delegation Framework, at its published addresses (devchain/delegation.ts). */
  delegation: Record<DelegationContract, Address>;
  /** Safe's contracts v1.4.1, at their canonical addresses (devchain/safe.ts). */
  safe: Record<SafeContract, Address>;
  /** The 2-of-3 Safe of demo accounts 1, 2 and 3 (devchain/demoSafe.ts). */
  demoSafe: Address;
  /** Hashes of the history transactions, oldest first. */
  history: Hex[];
  /** Block number after seeding. */
  blockNumber: bigint;
  /** Demo account 0's approvals, in force or gone, as the chain has them (approvalSeed.ts). */
  approvals: SeededApproval[];
};

export async function seedChain(rpcUrl: string, now: Date = new Date()): Promise<SeedManifest> {
  const compiled = compileContracts();
  const client = seedClient(rpcUrl);

  await placeMulticall3(client);
  await placePermit2(client);

  const steps = plannedSteps(compiled, now);
  const { hashes: history, start, last: timestamp } = await playHistory(client, steps, now);
  // Bring the chain clock back to the present so new blocks carry real timestamps. One block
  // holds the trick token's deployment and the price feeds' rounds, outside the history: the
  // history's blocks and times, and the number of blocks, are what they were before it.
  const present = Math.max(Math.floor(now.getTime() / 1000), timestamp + 1);
  await minePresentBlock(client, present, async () => [
    ...(await recordPriceRounds(client, compiled, start, present)),
    await deployTrickToken(client, compiled),
  ]);
  if ((await client.getCode({ address: trickTokenAddress() })) === undefined)
    throw new Error(`the trick token was not deployed at ${trickTokenAddress()}`);

  const contracts = demoContractAddresses();
  for (const name of deploymentOrder) {
    const code = await client.getCode({ address: contracts[name] });
    if (!code || code === '0x') throw new Error(`${name} was not deployed at ${contracts[name]}`);
  }
  // The scenario contracts come after the present block, from their own deployer.
  await seedScenarios(client, compiled, contracts);
  await seedUniswap(client, compiled, contracts);
  await placeDelegationFramework(client);
  await placeSafeContracts(client);
  await seedDemoSafe(client, contracts.DAI);
  return {
    contracts,
    scenarios: scenarioContractAddresses(),
    multicall3: MULTICALL3_ADDRESS,
    uniswap: uniswapAddresses(),
    delegation: delegationAddresses(),
    safe: safeAddresses(),
    demoSafe: demoSafeAddress(),
    history,
    blockNumber: await client.getBlockNumber(),
    approvals: seededApprovals(now),
  };
}

async function deployTrickToken(client: SeedClient, compiled: CompiledContracts): Promise<Hex> {
  const token = compiled.DemoToken;
  if (!token) throw new Error('missing compiled contract DemoToken');
  return client.deployContract({
    account: demoAddress(TRICK_DEPLOYER_INDEX),
    abi: token.abi,
    bytecode: token.bytecode,
    args: [TRICK_TOKEN.name, TRICK_TOKEN.symbol, TRICK_TOKEN.decimals],
  });
}

/** Sends each feed's rounds from genesis to the present, in two phases (see priceRounds.ts). */
async function recordPriceRounds(
  client: SeedClient,
  compiled: CompiledContracts,
  start: number,
  present: number,
): Promise<Hex[]> {
  const abi = compiled.MockAggregator?.abi;
  if (!abi) throw new Error('missing compiled contract MockAggregator');
  const addresses = demoContractAddresses();
  const feeds = (Object.keys(FEED_HISTORY) as (keyof typeof FEED_HISTORY)[]).map((feed) => ({
    address: addresses[feed],
    plan: FEED_HISTORY[feed],
  }));
  return recordFeedRounds(client, abi, demoAddress(DEPLOYER_INDEX), feeds, start, present);
}

function plannedSteps(compiled: CompiledContracts, now: Date): Step[] {
  const deployer = demoAddress(DEPLOYER_INDEX);
  const a = (i: number) => demoAddress(i);
  const addresses = demoContractAddresses();
  const contract = (name: string) => {
    const c = compiled[name];
    if (!c) throw new Error(`missing compiled contract ${name}`);
    return c;
  };
  const deploy =
    (name: string, args: readonly unknown[]): Step =>
    (c) =>
      c.deployContract({ account: deployer, abi: contract(name).abi, bytecode: contract(name).bytecode, args });
  const call = callStep;
  const native =
    (from: Address, to: Address, ether: string): Step =>
    (c) =>
      c.sendTransaction({ account: from, to, value: parseEther(ether) });

  const erc20 = contract('DemoToken').abi;
  const usdt = contract('NoReturnToken').abi;
  const mkr = contract('Bytes32MetadataToken').abi;
  const nft = contract('DemoCollection').abi;
  const dai = (from: Address, to: Address, amount: string) =>
    call(from, addresses.DAI, erc20, 'transfer', [to, parseUnits(amount, 18)]);
  const usdc = (from: Address, to: Address, amount: string) =>
    call(from, addresses.USDC, erc20, 'transfer', [to, parseUnits(amount, 6)]);
  const usdtTransfer = (from: Address, to: Address, amount: string) =>
    call(from, addresses.USDT, usdt, 'transfer', [to, parseUnits(amount, 6)]);
  const mint = (token: DemoContract, abi: Abi, to: Address, amount: string, decimals: number) =>
    call(deployer, addresses[token], abi, 'mint', [to, parseUnits(amount, decimals)]);
  const mintNft = (to: Address, id: number) =>
    call(deployer, addresses.NFT, nft, 'mint', [to, BigInt(id), demoNftUri(id)]);
  const moveNft = (from: Address, to: Address, id: number) =>
    call(from, addresses.NFT, nft, 'transferFrom', [from, to, BigInt(id)]);
  const approvals = approvalSteps(now);

  return [
    deploy('DemoToken', ['Demo Dai Stablecoin', 'DAI', 18]),
    deploy('DemoToken', ['Demo USD Coin', 'USDC', 6]),
    deploy('NoReturnToken', ['Demo Tether USD', 'USDT', 6]),
    deploy('Bytes32MetadataToken', [stringToHex('Demo Maker', { size: 32 }), stringToHex('MKR', { size: 32 })]),
    deploy('DemoCollection', ['Cairn Demo Cairns', 'CAIRN']),
    // Price feeds (8 decimals, like Chainlink's USD feeds); their rounds are recorded at the end.
    // MKR deliberately has none.
    deploy('MockAggregator', [8, 'ETH / USD']),
    deploy('MockAggregator', [8, 'DAI / USD']),
    deploy('MockAggregator', [8, 'USDC / USD']),
    deploy('MockAggregator', [8, 'USDT / USD']),
    // A token without decimals(), for the "ask the person" path of adding a custom token.
    deploy('NoDecimalsToken', ['Odd Token', 'ODD']),
    // An airdrop nobody asked for, the way spam tokens arrive.
    deploy('DemoToken', ['Visit claim-rewards.example to claim', 'CLAIM', 18]),
    // ENS names that resolve offline: alice.eth and bob.eth.
    deploy('DemoUniversalResolver', []),
    mint('DAI', erc20, a(0), '5000', 18),
    mint('DAI', erc20, a(1), '1200', 18),
    mint('DAI', erc20, a(5), '25000', 18),
    mint('USDC', erc20, a(0), '2500.5', 6),
    mint('USDC', erc20, a(6), '10000', 6),
    mint('USDT', usdt, a(0), '750', 6),
    mint('USDT', usdt, a(2), '300', 6),
    mint('MKR', mkr, a(0), '3.25', 18),
    call(deployer, addresses.ODD, contract('NoDecimalsToken').abi, 'mint', [a(0), 1_000n]),
    mint('SPAM', erc20, a(0), '1000000', 18),
    call(deployer, addresses.ENS, contract('DemoUniversalResolver').abi, 'setAddr', [namehash('alice.eth'), a(5)]),
    call(deployer, addresses.ENS, contract('DemoUniversalResolver').abi, 'setAddr', [namehash('bob.eth'), a(6)]),
    mintNft(a(0), 1),
    mintNft(a(0), 2),
    mintNft(a(0), 3),
    mintNft(a(1), 4),
    mintNft(a(5), 5),
    native(a(5), a(0), '2.5'),
    native(a(0), a(6), '0.75'),
    ...approvals.early,
    dai(a(0), a(5), '120.5'),
    usdc(a(6), a(0), '99.99'),
    native(a(1), a(0), '0.1'),
    usdtTransfer(a(0), a(7), '50'),
    native(a(0), a(1), '1.2345'),
    dai(a(5), a(0), '42'),
    moveNft(a(0), a(6), 2),
    call(a(0), addresses.MKR, mkr, 'transfer', [a(1), parseUnits('0.25', 18)]),
    native(a(7), a(0), '0.05'),
    usdc(a(0), a(1), '10'),
    moveNft(a(5), a(0), 5),
    ...approvals.middle,
    dai(a(1), a(0), '15.75'),
    native(a(0), a(2), '0.01'),
    usdtTransfer(a(2), a(0), '12.345678'),
    native(a(8), a(1), '3'),
    dai(a(0), a(8), '0.000000000000000001'),
    usdc(a(0), a(6), '1234.56'),
    native(a(0), a(9), '0.42'),
    native(a(6), a(0), '0.3'),
    ...approvals.late,
    moveNft(a(1), a(0), 4),
  ];
}
