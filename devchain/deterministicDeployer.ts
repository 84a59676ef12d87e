// The deterministic deployment proxy at 0x4e59b448…956C (Arachnid/deterministic-deployment-proxy):
// a 69-byte contract that takes a 32-byte salt followed by init code, creates that contract with
// CREATE2 and answers its address. MetaMask deployed its Delegation Framework through it
// (scripts/generate/delegation/), as many others deploy theirs.
//
// It is at the same address on every chain because it is created by one pre-signed transaction
// that anyone may broadcast: signed without a chain id (before EIP-155), by a sender recovered from
// a chosen signature (r = s = 0x2222…, so no one holds its key), whose nonce 0 creates the proxy.
// The local chain replays that transaction (Hardhat accepts one without a chain id) rather than
// writing the proxy's runtime with hardhat_setCode: the proxy is then created from the
// transaction's own init code, as on live chains, and no copy of its runtime is kept here. Safe's
// Singleton Factory, the same runtime at another address, is signed per chain id and has no
// transaction for 31337, so safe.ts writes that one with hardhat_setCode.
import { type Address, type Hex, parseTransaction, slice, type TransactionSerializedLegacy } from 'viem';
import { DETERMINISTIC_DEPLOYER } from '../src/core/chain/deterministicDeployer.ts';
import type { SeedClient, Step } from './seedSupport.ts';

// Its address has one home, beside the rest of what Cairn knows of the proxy; the test here
// derives it from the transaction.
export { DETERMINISTIC_DEPLOYER };

/** The pre-signed transaction: legacy, nonce 0, gas price 100 gwei, gas 100,000, no recipient, no chain id. */
export const DETERMINISTIC_DEPLOYER_TRANSACTION =
  '0xf8a58085174876e800830186a08080b853604580600e600039806000f350fe7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf31ba02222222222222222222222222222222222222222222222222222222222222222a02222222222222222222222222222222222222222222222222222222222222222' as TransactionSerializedLegacy;

/** The transaction's sender, as recovered from its signature (deterministicDeployer.test.ts holds it). */
export const DETERMINISTIC_DEPLOYER_SENDER: Address = '0x3fAB184622Dc19b6109349B94811493BF2a45362';

/** The ether its sender must hold to pay for it: gas × gas price. */
export function deterministicDeployerCost(): bigint {
  const { gas, gasPrice } = parseTransaction(DETERMINISTIC_DEPLOYER_TRANSACTION);
  return (gas ?? 0n) * (gasPrice ?? 0n);
}

/** The proxy's runtime: what the transaction's init code returns, the 69 bytes after its own 14. */
export function deterministicDeployerRuntime(): Hex {
  return slice(parseTransaction(DETERMINISTIC_DEPLOYER_TRANSACTION).data ?? '0x', 14);
}

/**
 * What creates the proxy in the block the caller mines next: nothing if it is there already, else
 * the pre-signed transaction (its sender is funded now). Calls to the proxy sent after it in that
 * block are estimated against the node's pending state, which holds the proxy.
 */
export async function deterministicDeployerSteps(client: SeedClient): Promise<Step[]> {
  if ((await client.getCode({ address: DETERMINISTIC_DEPLOYER })) !== undefined) return [];
  await client.setBalance({ address: DETERMINISTIC_DEPLOYER_SENDER, value: deterministicDeployerCost() });
  return [(c) => c.sendRawTransaction({ serializedTransaction: DETERMINISTIC_DEPLOYER_TRANSACTION })];
}
