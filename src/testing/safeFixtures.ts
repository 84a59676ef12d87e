// A Safe of the test's own on the local chain (its contracts are the seed's, at their canonical
// addresses): made through SafeProxyFactory 1.4.1, owned by demo accounts, so tests never touch the
// seeded demo Safe. The set-up is encoded here, as Safe's factory takes it.
import { type Address, encodeFunctionData, type Hex, parseEventLogs, zeroAddress } from 'viem';
import { safeFactoryAbi, safeSetupAbi } from '../../devchain/demoSafe.ts';
import { safeAddresses } from '../../devchain/safe.ts';
import type { testNode } from './txFixtures';

let salt = BigInt(Date.now()) * 1000n;

/** A new Safe owned by `owners` needing `threshold` of them, running `singleton` (Safe or SafeL2). */
export async function createTestSafe(
  node: ReturnType<typeof testNode>,
  args: {
    owners: readonly Address[];
    threshold: number;
    singleton?: 'Safe' | 'SafeL2';
    singletonAddress?: Address;
    /** The set-up the proxy runs as it is created ('0x': none); Safe's setup of `owners` by default. */
    initializer?: Hex;
  },
): Promise<Address> {
  const at = safeAddresses();
  const initializer: Hex =
    args.initializer ??
    encodeFunctionData({
      abi: safeSetupAbi,
      functionName: 'setup',
      args: [
        [...args.owners],
        BigInt(args.threshold),
        zeroAddress,
        '0x',
        at.CompatibilityFallbackHandler,
        zeroAddress,
        0n,
        zeroAddress,
      ],
    });
  const [sender] = await node.getAddresses();
  const hash = await node.writeContract({
    account: sender as Address,
    chain: null,
    address: at.SafeProxyFactory,
    abi: safeFactoryAbi,
    functionName: 'createProxyWithNonce',
    args: [args.singletonAddress ?? at[args.singleton ?? 'Safe'], initializer, salt++],
  });
  const receipt = await node.waitForTransactionReceipt({ hash });
  const [created] = parseEventLogs({ abi: safeFactoryAbi, eventName: 'ProxyCreation', logs: receipt.logs });
  if (!created) throw new Error('no Safe was created');
  return created.args.proxy;
}
