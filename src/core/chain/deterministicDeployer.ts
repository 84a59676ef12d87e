import { type Address, concat, getContractAddress, type Hex } from 'viem';

// The deterministic deployment proxy (Arachnid/deterministic-deployment-proxy): a 69-byte contract
// at the same address on every EVM chain that has it, created by one pre-signed transaction that
// anyone may broadcast (devchain/deterministicDeployer.ts replays it on the local chains). Sent a
// 32-byte salt followed by init code, it creates that contract with CREATE2, so where the contract
// lands depends on the salt and the code alone, never on who sent it or on which chain.

export const DETERMINISTIC_DEPLOYER: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C';

/** keccak256 of the proxy's runtime (devchain/deterministicDeployer.test.ts derives it from the transaction). */
export const DETERMINISTIC_DEPLOYER_CODE_HASH: Hex =
  '0x2fa86add0aed31f33a762c9d88e807c475bd51d0f52bd0955754b2608f7e4989';

/** What the proxy is sent to create `initCode` with `salt`. */
export function deterministicDeployment(salt: Hex, initCode: Hex): Hex {
  return concat([salt, initCode]);
}

/** Where the proxy creates `initCode` with `salt`, on every chain. */
export function deterministicAddress(salt: Hex, initCode: Hex): Address {
  return getContractAddress({ opcode: 'CREATE2', from: DETERMINISTIC_DEPLOYER, salt, bytecode: initCode });
}
