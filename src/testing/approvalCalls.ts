import type { Abi, Address } from 'viem';
import { demoAccount, seedClient } from '../../devchain/seedSupport.ts';

/** Calls that grant and withdraw approvals from one demo account, each mined before it returns; a revert throws. */
export function approvalCalls(url: string, ownerIndex: number, abi: Abi) {
  const seed = seedClient(url);
  return async function send(to: Address, functionName: string, args: readonly unknown[]): Promise<void> {
    const hash = await seed.writeContract({
      account: demoAccount(ownerIndex),
      address: to,
      abi,
      functionName,
      args,
    } as never);
    const receipt = await seed.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`${functionName} on ${to} failed`);
  };
}
