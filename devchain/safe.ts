// Safe's contracts v1.4.1 on the local chain, at their canonical addresses, deployed the way Safe
// deployed them on live chains: CREATE2 through the Safe Singleton Factory with a zero salt, from
// the creation code of @safe-global/safe-contracts 1.4.1 (LGPL-3.0). The addresses and code
// hashes they must have come from @safe-global/safe-deployments 1.37.63 (MIT). Both are dev
// dependencies, read only to build this chain; nothing of them ships in the wallet.
//
// Since each address follows from the factory, the salt and the init code, a contract that lands
// at its canonical address was built from the very bytes Safe deployed; and MultiSend and
// SimulateTxAccessor, which keep their own address as an immutable, get the canonical runtime.
// The seeded 2-of-3 Safe is in demoSafe.ts.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  getCompatibilityFallbackHandlerDeployments,
  getCreateCallDeployments,
  getMultiSendCallOnlyDeployments,
  getMultiSendDeployments,
  getProxyFactoryDeployments,
  getSafeL2SingletonDeployments,
  getSafeSingletonDeployments,
  getSignMessageLibDeployments,
  getSimulateTxAccessorDeployments,
  type SingletonDeploymentV2,
} from '@safe-global/safe-deployments';
import { type Address, concat, getAddress, getContractAddress, type Hex, isHex, parseEther, zeroHash } from 'viem';
import { mineBlock } from './scenarios.ts';
import { demoAccount, type SeedClient } from './seedSupport.ts';

export const SAFE_VERSION = '1.4.1';

/**
 * The Safe Singleton Factory's address on every chain it is on, and its runtime code: a minimal
 * CREATE2 proxy (the same code as Arachnid's deterministic-deployment-proxy) that deploys its call
 * data past the first 32 bytes, with those bytes as the salt, and answers the new address. The code
 * is the runtime that the factory's pre-signed deployment transactions create
 * (@safe-global/safe-singleton-factory, MIT); it is placed here with hardhat_setCode.
 */
export const SAFE_SINGLETON_FACTORY: Address = '0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7';
export const SAFE_SINGLETON_FACTORY_CODE: Hex =
  '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3';

/** Safe deployed 1.4.1 through the factory with a zero salt. */
const DEPLOY_SALT = zeroHash;

/** Sends the factory calls; it holds no contract. Past the node's twenty: it signs here. */
export const SAFE_DEPLOYER_INDEX = 29;

/** The contracts placed, in the order of their deployment transactions. */
export const safeContractOrder = [
  'Safe',
  'SafeL2',
  'SafeProxyFactory',
  'MultiSend',
  'MultiSendCallOnly',
  'CompatibilityFallbackHandler',
  'SignMessageLib',
  'CreateCall',
  'SimulateTxAccessor',
] as const;
export type SafeContract = (typeof safeContractOrder)[number];

const modules = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules');

/** Each contract's artifact in @safe-global/safe-contracts, under build/artifacts/contracts/. */
const ARTIFACTS: Record<SafeContract | 'SafeProxy', string> = {
  Safe: 'Safe.sol/Safe.json',
  SafeL2: 'SafeL2.sol/SafeL2.json',
  SafeProxyFactory: 'proxies/SafeProxyFactory.sol/SafeProxyFactory.json',
  SafeProxy: 'proxies/SafeProxy.sol/SafeProxy.json',
  MultiSend: 'libraries/MultiSend.sol/MultiSend.json',
  MultiSendCallOnly: 'libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json',
  CompatibilityFallbackHandler: 'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json',
  SignMessageLib: 'libraries/SignMessageLib.sol/SignMessageLib.json',
  CreateCall: 'libraries/CreateCall.sol/CreateCall.json',
  SimulateTxAccessor: 'accessors/SimulateTxAccessor.sol/SimulateTxAccessor.json',
};

/** safe-deployments' accessor for each contract. */
const DEPLOYMENTS: Record<SafeContract, (filter: { version: string }) => SingletonDeploymentV2 | undefined> = {
  Safe: getSafeSingletonDeployments,
  SafeL2: getSafeL2SingletonDeployments,
  SafeProxyFactory: getProxyFactoryDeployments,
  MultiSend: getMultiSendDeployments,
  MultiSendCallOnly: getMultiSendCallOnlyDeployments,
  CompatibilityFallbackHandler: getCompatibilityFallbackHandlerDeployments,
  SignMessageLib: getSignMessageLibDeployments,
  CreateCall: getCreateCallDeployments,
  SimulateTxAccessor: getSimulateTxAccessorDeployments,
};

/** A contract's creation code, from its artifact. */
export function safeCreationCode(name: SafeContract | 'SafeProxy'): Hex {
  const file = join(modules, '@safe-global/safe-contracts/build/artifacts/contracts', ARTIFACTS[name]);
  const { bytecode } = JSON.parse(readFileSync(file, 'utf8')) as { bytecode?: unknown };
  if (typeof bytecode !== 'string' || !isHex(bytecode) || bytecode.length <= 2)
    throw new Error(`no creation code in ${file}`);
  return bytecode;
}

/** A contract's runtime code as its artifact gives it (tests that answer eth_getCode as the chain would). */
export function safeRuntimeCode(name: SafeContract): Hex {
  const file = join(modules, '@safe-global/safe-contracts/build/artifacts/contracts', ARTIFACTS[name]);
  const { deployedBytecode } = JSON.parse(readFileSync(file, 'utf8')) as { deployedBytecode?: unknown };
  if (typeof deployedBytecode !== 'string' || !isHex(deployedBytecode) || deployedBytecode.length <= 2)
    throw new Error(`no runtime code in ${file}`);
  return deployedBytecode;
}

/** A contract's canonical deployment in safe-deployments: its address and the hash of its runtime code. */
export function canonicalSafeDeployment(name: SafeContract): { address: Address; codeHash: Hex } {
  const canonical = DEPLOYMENTS[name]({ version: SAFE_VERSION })?.deployments.canonical;
  if (!canonical) throw new Error(`safe-deployments has no canonical ${name} ${SAFE_VERSION}`);
  return { address: getAddress(canonical.address), codeHash: canonical.codeHash as Hex };
}

/** Where the seed places each contract: its canonical address. */
export function safeAddresses(): Record<SafeContract, Address> {
  return Object.fromEntries(safeContractOrder.map((name) => [name, canonicalSafeDeployment(name).address])) as Record<
    SafeContract,
    Address
  >;
}

/** Places the factory, then deploys every contract through it in one block. */
export async function placeSafeContracts(client: SeedClient): Promise<void> {
  const deployer = demoAccount(SAFE_DEPLOYER_INDEX);
  const at = safeAddresses();
  await client.setCode({ address: SAFE_SINGLETON_FACTORY, bytecode: SAFE_SINGLETON_FACTORY_CODE });
  await client.setBalance({ address: deployer.address, value: parseEther('10') });
  const calls = safeContractOrder.map((name) => {
    const initCode = safeCreationCode(name);
    const created = getContractAddress({
      opcode: 'CREATE2',
      from: SAFE_SINGLETON_FACTORY,
      salt: DEPLOY_SALT,
      bytecode: initCode,
    });
    if (created !== at[name]) throw new Error(`${name}'s creation code gives ${created}, not ${at[name]}`);
    return (c: SeedClient) =>
      c.sendTransaction({ account: deployer, to: SAFE_SINGLETON_FACTORY, data: concat([DEPLOY_SALT, initCode]) });
  });
  // About 13 M gas in all.
  await mineBlock(client, calls);
  for (const name of safeContractOrder) {
    const code = await client.getCode({ address: at[name] });
    if (!code || code === '0x') throw new Error(`${name} was not deployed at ${at[name]}`);
  }
}
