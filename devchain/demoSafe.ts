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
  keccak256,
  parseAbi,
  parseEther,
  parseEventLogs,
  parseUnits,
  zeroAddress,
} from 'viem';
import { LOCAL_CHAIN_ID } from '../src/core/chain/localChain.ts';
import { safeAbi } from '../src/core/safe/safeAbi.ts';
import { callSafeTx, execTransactionCall, safeTxHash, safeTxTypedData } from '../src/core/safe/safeTx.ts';
import { encodeSignatures } from '../src/core/safe/signatures.ts';
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

/** Safe's set-up, which a proxy runs as the factory creates it (the rest of Safe's ABI: core/safe/safeAbi.ts). */
export const safeSetupAbi = parseAbi([
  'function setup(address[] owners, uint256 threshold, address to, bytes data, address fallbackHandler, address paymentToken, uint256 payment, address paymentReceiver)',
]);
export const safeFactoryAbi = parseAbi([
  'function createProxyWithNonce(address singleton, bytes initializer, uint256 saltNonce) returns (address)',
  'event ProxyCreation(address indexed proxy, address singleton)',
]);

/** The set-up call the proxy runs as it is created. */
function initializer(): Hex {
  const at = safeAddresses();
  return encodeFunctionData({
    abi: safeSetupAbi,
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
        abi: safeFactoryAbi,
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

  // Signed and sent as Cairn's core makes them (core/safe): the owners' EIP-712 signatures, sorted.
  const { to, value, signerIndices } = DEMO_SAFE.executed;
  const safeTx = callSafeTx({ to: demoAddress(to), value, data: '0x' }, 0n);
  const ref = { chainId: LOCAL_CHAIN_ID, address: safe };
  const signatures = await Promise.all(
    signerIndices.map(demoAccount).map(async (signer) => ({
      signer: signer.address,
      kind: 'eip712' as const,
      data: await signer.signTypedData(safeTxTypedData(ref, safeTx)),
    })),
  );
  const hash = await client.sendTransaction({
    account: sender,
    ...execTransactionCall(safe, safeTx, encodeSignatures(signatures)),
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  const [success] = parseEventLogs({ abi: safeAbi, eventName: 'ExecutionSuccess', logs: receipt.logs });
  if (receipt.status !== 'success' || success?.args.txHash !== safeTxHash(ref, safeTx))
    throw new Error(`the demo Safe's first transaction did not succeed (${hash})`);
}
