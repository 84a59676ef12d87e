// What the seed's parts share: the demo accounts, the demo contracts' addresses and the client that
// writes the chain.
import {
  type Abi,
  type Account,
  type Address,
  createTestClient,
  defineChain,
  getContractAddress,
  type Hex,
  http,
  publicActions,
  walletActions,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { DEMO_MNEMONIC } from '../src/core/chain/localChain.ts';

/** Demo account i of the public Hardhat mnemonic at m/44'/60'/0'/0/i. */
export function demoAddress(index: number): Address {
  return demoAccount(index).address;
}

/** The signing account of demo account i: past the node's twenty, the node holds no key for it. */
export function demoAccount(index: number) {
  return mnemonicToAccount(DEMO_MNEMONIC, { addressIndex: index });
}

/** A client that writes a local chain: the Hardhat chain (31337) unless another chain id is given. */
export function seedClient(rpcUrl: string, chainId: number = hardhat.id) {
  const chain =
    chainId === hardhat.id ? hardhat : defineChain({ ...hardhat, id: chainId, name: `Local chain ${chainId}` });
  return createTestClient({ chain, mode: 'hardhat', transport: http(rpcUrl) })
    .extend(publicActions)
    .extend(walletActions);
}

export type SeedClient = ReturnType<typeof seedClient>;

/** The deployer is kept apart from the accounts a person uses, so their nonces stay small. */
export const DEPLOYER_INDEX = 19;

export const deploymentOrder = [
  'DAI',
  'USDC',
  'USDT',
  'MKR',
  'NFT',
  'ETH_USD_FEED',
  'DAI_USD_FEED',
  'USDC_USD_FEED',
  'USDT_USD_FEED',
  'ODD',
  'SPAM',
  'ENS',
] as const;
export type DemoContract = (typeof deploymentOrder)[number];

/** Addresses the seed deploys to, derived from the deployer and its nonce. */
export function demoContractAddresses(): Record<DemoContract, Address> {
  const from = demoAddress(DEPLOYER_INDEX);
  return Object.fromEntries(
    deploymentOrder.map((name, nonce) => [name, getContractAddress({ from, nonce: BigInt(nonce) })]),
  ) as Record<DemoContract, Address>;
}

/** One transaction of the seed, sent through the node; resolves to its hash. */
export type Step = (client: SeedClient) => Promise<Hex>;

/** A contract call as a seed step, from an account the node holds (its address) or one signed here. */
export const callStep =
  (
    from: Address | Account,
    to: Address,
    abi: Abi,
    functionName: string,
    args: readonly unknown[],
    value?: bigint,
  ): Step =>
  (c) =>
    c.writeContract({ account: from, address: to, abi, functionName, args, ...(value === undefined ? {} : { value }) });
