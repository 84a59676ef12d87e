// The seeded Safe: a 2-of-3 SafeProxy made by the canonical SafeProxyFactory 1.4.1, owned by demo
// accounts 1, 2 and 3, with CompatibilityFallbackHandler as its fallback handler. It receives ETH
// and DAI, then runs one Safe transaction signed by two owners, so that its events hold a
// SafeSetup, SafeReceived and an ExecutionSuccess. Everything is sent by the Safe deployer (safe.ts),
// never by an owner: the owners only sign, so their balances and nonces are what they were.
import {
  type Address,
  concat,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  getContractAddress,
  type Hex,
  hashTypedData,
  keccak256,
  parseAbi,
  parseEther,
  parseEventLogs,
  parseUnits,
  zeroAddress,
} from 'viem';
import { LOCAL_CHAIN_ID } from '../src/core/chain/localChain.ts';
import { SAFE_DEPLOYER_INDEX, type SafeContract, safeAddresses, safeCreationCode } from './safe.ts';
import { addTokens, mineBlock } from './scenarios.ts';
import { demoAccount, demoAddress, type SeedClient } from './seedSupport.ts';

/** The singletons a demo Safe can run: SafeL2 also emits an event for every Safe transaction. */
type Singleton = Extract<SafeContract, 'Safe' | 'SafeL2'>;

export const DEMO_SAFE = {
  /** The singleton its proxy runs (L1's: the local chain is no L2). */
  singleton: 'Safe' as Singleton,
  /** Demo accounts 1, 2 and 3. */
  ownerIndices: [0, 1, 2],
  threshold: 2n,
  /** createProxyWithNonce's salt nonce: with the rest of the set-up, it fixes the address. */
  saltNonce: 38n,
  /** What it receives: ETH from the Safe deployer, DAI sent by the same account. */
  received: { eth: parseEther('5.1'), dai: parseUnits('2000', 18) },
  /** Its one executed Safe transaction (nonce 0): 0.1 ETH to demo account 4, signed by demo accounts 1 and 2. */
  executed: { to: 3, value: parseEther('0.1'), signerIndices: [0, 1] },
} as const;

/** Balances after the seed: what it received, less what its transaction sent. */
export const DEMO_SAFE_HOLDS = {
  eth: DEMO_SAFE.received.eth - DEMO_SAFE.executed.value,
  dai: DEMO_SAFE.received.dai,
} as const;

export const demoSafeAbi = parseAbi([
  'function setup(address[] owners, uint256 threshold, address to, bytes data, address fallbackHandler, address paymentToken, uint256 payment, address paymentReceiver)',
  'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool)',
  'function nonce() view returns (uint256)',
  'function getOwners() view returns (address[])',
  'function getThreshold() view returns (uint256)',
  'event ExecutionSuccess(bytes32 indexed txHash, uint256 payment)',
]);
const factoryAbi = parseAbi([
  'function createProxyWithNonce(address singleton, bytes initializer, uint256 saltNonce) returns (address)',
]);

/** EIP-712 types of a Safe transaction (Safe 1.3.0 and later). */
const SAFE_TX_TYPES = {
  SafeTx: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
    { name: 'operation', type: 'uint8' },
    { name: 'safeTxGas', type: 'uint256' },
    { name: 'baseGas', type: 'uint256' },
    { name: 'gasPrice', type: 'uint256' },
    { name: 'gasToken', type: 'address' },
    { name: 'refundReceiver', type: 'address' },
    { name: 'nonce', type: 'uint256' },
  ],
} as const;

/** The set-up call the proxy runs as it is created. */
function initializer(): Hex {
  const at = safeAddresses();
  return encodeFunctionData({
    abi: demoSafeAbi,
    functionName: 'setup',
    args: [
      DEMO_SAFE.ownerIndices.map(demoAddress),
      DEMO_SAFE.threshold,
      zeroAddress,
      '0x',
      at.CompatibilityFallbackHandler,
      zeroAddress,
      0n,
      zeroAddress,
    ],
  });
}

/** Where createProxyWithNonce puts the demo Safe: CREATE2 from the factory, as SafeProxyFactory 1.4.1 computes it. */
export function demoSafeAddress(): Address {
  const at = safeAddresses();
  const salt = keccak256(
    concat([keccak256(initializer()), encodeAbiParameters([{ type: 'uint256' }], [DEMO_SAFE.saltNonce])]),
  );
  const bytecode = concat([
    safeCreationCode('SafeProxy'),
    encodeAbiParameters([{ type: 'address' }], [at[DEMO_SAFE.singleton]]),
  ]);
  return getContractAddress({ opcode: 'CREATE2', from: at.SafeProxyFactory, salt, bytecode });
}

/** Creates the demo Safe, funds it, and runs its first Safe transaction. Needs placeSafeContracts first. */
export async function seedDemoSafe(client: SeedClient, dai: Address): Promise<void> {
  const sender = demoAccount(SAFE_DEPLOYER_INDEX);
  const at = safeAddresses();
  const safe = demoSafeAddress();
  await addTokens(client, dai, sender.address, DEMO_SAFE.received.dai);
  await mineBlock(client, [
    (c) =>
      c.writeContract({
        account: sender,
        address: at.SafeProxyFactory,
        abi: factoryAbi,
        functionName: 'createProxyWithNonce',
        args: [at[DEMO_SAFE.singleton], initializer(), DEMO_SAFE.saltNonce],
      }),
  ]);
  if ((await client.getCode({ address: safe })) === undefined) throw new Error(`the demo Safe is not at ${safe}`);
  await mineBlock(client, [
    (c) => c.sendTransaction({ account: sender, to: safe, value: DEMO_SAFE.received.eth }),
    (c) =>
      c.writeContract({
        account: sender,
        address: dai,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [safe, DEMO_SAFE.received.dai],
      }),
  ]);

  const { to, value, signerIndices } = DEMO_SAFE.executed;
  const safeTx = {
    to: demoAddress(to),
    value,
    data: '0x',
    operation: 0,
    safeTxGas: 0n,
    baseGas: 0n,
    gasPrice: 0n,
    gasToken: zeroAddress,
    refundReceiver: zeroAddress,
    nonce: 0n,
  } as const;
  const typed = {
    domain: { chainId: LOCAL_CHAIN_ID, verifyingContract: safe },
    types: SAFE_TX_TYPES,
    primaryType: 'SafeTx',
    message: safeTx,
  } as const;
  // Safe wants the owners' signatures in ascending order of their addresses.
  const signers = signerIndices.map(demoAccount).sort((a, b) => (BigInt(a.address) < BigInt(b.address) ? -1 : 1));
  const signatures = concat(await Promise.all(signers.map((signer) => signer.signTypedData(typed))));
  const hash = await client.writeContract({
    account: sender,
    address: safe,
    abi: demoSafeAbi,
    functionName: 'execTransaction',
    args: [
      safeTx.to,
      safeTx.value,
      safeTx.data,
      safeTx.operation,
      safeTx.safeTxGas,
      safeTx.baseGas,
      safeTx.gasPrice,
      safeTx.gasToken,
      safeTx.refundReceiver,
      signatures,
    ],
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  const [success] = parseEventLogs({ abi: demoSafeAbi, eventName: 'ExecutionSuccess', logs: receipt.logs });
  if (receipt.status !== 'success' || success?.args.txHash !== hashTypedData(typed))
    throw new Error(`the demo Safe's first transaction did not succeed (${hash})`);
}
