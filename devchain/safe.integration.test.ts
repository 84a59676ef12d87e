import { erc20Abi, getAddress, keccak256, pad, parseAbi, zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { safeAbi } from '../src/core/safe/safeAbi.ts';
import { SAFE_CONTRACTS, SAFE_SINGLETONS } from '../src/core/safe/safeDeployments.generated.ts';
import { localChainUrl } from '../src/testing/localChainUrl.ts';
import { DEMO_SAFE, DEMO_SAFE_HOLDS, demoSafeAddress } from './demoSafe.ts';
import {
  canonicalSafeDeployment,
  SAFE_DEPLOYER_INDEX,
  SAFE_SINGLETON_FACTORY,
  SAFE_SINGLETON_FACTORY_CODE,
  safeAddresses,
  safeContractOrder,
} from './safe.ts';
import { demoAddress, demoContractAddresses, seedClient } from './seedSupport.ts';

const client = seedClient(localChainUrl());
const at = safeAddresses();
const safe = demoSafeAddress();
const codeHash = async (address: `0x${string}`) => {
  const code = await client.getCode({ address });
  return code && keccak256(code);
};

const safeReads = parseAbi([
  'function VERSION() view returns (string)',
  'function getTransactionHash(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, uint256 nonce) view returns (bytes32)',
]);
/** Where a Safe keeps its fallback handler: keccak256("fallback_manager.handler.address"). */
const FALLBACK_HANDLER_SLOT = '0x6c9a6c4a39284e37ed1cf53d337577d14212a4870fb976a4366c693b939918d5';

describe("the local chain's Safe contracts", () => {
  it('sit at the canonical 1.4.1 addresses, with the code hashes safe-deployments lists', async () => {
    expect(await client.getCode({ address: SAFE_SINGLETON_FACTORY })).toBe(SAFE_SINGLETON_FACTORY_CODE);
    for (const name of safeContractOrder) {
      const { address, codeHash: listed } = canonicalSafeDeployment(name);
      expect(at[name]).toBe(address);
      expect(await codeHash(address), name).toBe(listed);
    }
  });

  it('have the singleton and contract code hashes of the generated module', async () => {
    for (const [name, l2] of [
      ['Safe', false],
      ['SafeL2', true],
    ] as const) {
      const hash = (await codeHash(at[name])) as `0x${string}`;
      expect(SAFE_SINGLETONS[hash], name).toEqual({ version: '1.4.1', l2, addresses: { canonical: at[name] } });
    }
    const contracts = SAFE_CONTRACTS['1.4.1'];
    for (const name of [
      'MultiSendCallOnly',
      'SignMessageLib',
      'CompatibilityFallbackHandler',
      'SafeProxyFactory',
    ] as const) {
      const canonical = contracts[name].canonical;
      expect(canonical?.address, name).toBe(at[name]);
      expect(await codeHash(at[name]), name).toBe(canonical?.codeHash);
    }
  });
});

describe('the seeded Safe', () => {
  const read = <F extends 'getOwners' | 'getThreshold' | 'nonce'>(functionName: F) =>
    client.readContract({ address: safe, abi: safeAbi, functionName });

  it('is a 2-of-3 Safe 1.4.1 of demo accounts 1, 2 and 3, past its first transaction', async () => {
    expect(DEMO_SAFE.singleton).toBe('Safe');
    const singleton = await client.getStorageAt({ address: safe, slot: pad('0x0') });
    expect(singleton).toBe(pad(at.Safe.toLowerCase() as `0x${string}`));
    expect(await client.readContract({ address: safe, abi: safeReads, functionName: 'VERSION' })).toBe('1.4.1');
    // In the order they were given to setup, as Safe's owner list keeps them.
    expect(await read('getOwners')).toEqual([demoAddress(0), demoAddress(1), demoAddress(2)]);
    expect(await read('getThreshold')).toBe(2n);
    expect(await read('nonce')).toBe(1n);
    const handler = await client.getStorageAt({ address: safe, slot: FALLBACK_HANDLER_SLOT });
    expect(getAddress(`0x${handler?.slice(-40)}`)).toBe(at.CompatibilityFallbackHandler);
  });

  it('holds 5 ETH and 2,000 DAI', async () => {
    expect(DEMO_SAFE_HOLDS.eth).toBe(5_000_000_000_000_000_000n);
    expect(DEMO_SAFE_HOLDS.dai).toBe(2_000_000_000_000_000_000_000n);
    expect(await client.getBalance({ address: safe })).toBe(DEMO_SAFE_HOLDS.eth);
    const dai = demoContractAddresses().DAI;
    expect(await client.readContract({ address: dai, abi: erc20Abi, functionName: 'balanceOf', args: [safe] })).toBe(
      DEMO_SAFE_HOLDS.dai,
    );
  });

  it('has executed 0.1 ETH to demo account 4, sent by the Safe deployer, not by an owner', async () => {
    const logs = await client.getContractEvents({
      address: safe,
      abi: safeAbi,
      eventName: 'ExecutionSuccess',
      fromBlock: 0n,
    });
    expect(logs).toHaveLength(1);
    const [success] = logs;
    // The hash Safe itself computes for that transaction at nonce 0.
    const expected = await client.readContract({
      address: safe,
      abi: safeReads,
      functionName: 'getTransactionHash',
      args: [demoAddress(3), DEMO_SAFE.executed.value, '0x', 0, 0n, 0n, 0n, zeroAddress, zeroAddress, 0n],
    });
    expect(success?.args.txHash).toBe(expected);
    const tx = await client.getTransaction({ hash: success?.transactionHash as `0x${string}` });
    expect(tx.from).toBe(demoAddress(SAFE_DEPLOYER_INDEX).toLowerCase());
    expect(tx.to).toBe(safe.toLowerCase());
  });
});
