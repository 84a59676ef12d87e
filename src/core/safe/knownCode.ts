import type { Address, Hex } from 'viem';
import type { ChainClient } from '../chain/client';
import { readCodeHashes } from '../chain/codeHashes';
import { sameAddress } from '../keys/sameAddress';
import { SAFE_CONTRACTS, SAFE_SINGLETONS, type SafeContractName, type SafeVersion } from './safeDeployments.generated';

/** What a Safe's code is, when Cairn knows it: a published Safe version, L2 variant or not. */
export type KnownSafeCode = { version: SafeVersion; l2: boolean };

/**
 * keccak256 of the runtime code of Safe's proxies, which every Safe account is: GnosisSafeProxy
 * 1.3.0 and SafeProxy 1.4.1 (both 171 bytes) and SafeProxy 1.5.0 (123 bytes), from the
 * deployedBytecode of @gnosis.pm/safe-contracts 1.3.0, @safe-global/safe-contracts 1.4.1 and
 * @safe-global/safe-smart-account 1.5.0 (LGPL-3.0; the hashes alone are kept here). A proxy made by
 * an older factory (1.1.1, 1.2.0) has other code and is not known.
 */
const PROXY_CODE_HASHES: ReadonlySet<Hex> = new Set([
  '0xb89c1b3bdf2cf8827818646bce9a8f6e372885f8c55e5c07acbd307cb133b000',
  '0xd7d408ebcd99b2b70be43e20253d6d92a8ea8fab29bd3be7f55b10032331fb4c',
  '0x4e381985ca68b3e5d27b4425fa581c19cf33146d3f887a3cfca96f55528ea46f',
]);

export function knownProxy(codeHash: Hex): boolean {
  return PROXY_CODE_HASHES.has(codeHash.toLowerCase() as Hex);
}

/** The Safe version a singleton's code hash is, if it is one Safe published. */
export function knownSingleton(codeHash: Hex): KnownSafeCode | undefined {
  const found = SAFE_SINGLETONS[codeHash.toLowerCase() as Hex];
  return found && { version: found.version, l2: found.l2 };
}

/** The genuine deployments of one of Safe's contracts for `version` (every deployment type). */
export function safeContractAddresses(version: SafeVersion, name: SafeContractName): Address[] {
  return Object.values(SAFE_CONTRACTS[version][name]).map((deployment) => deployment.address);
}

/** Whether `address` is a genuine `name` of `version` (by address: check its code with safeContractCodeHash). */
export function isSafeContract(version: SafeVersion, name: SafeContractName, address: Address): boolean {
  return safeContractAddresses(version, name).some((known) => sameAddress(known, address));
}

/** The code hash expected at `address` for `name` of `version`. */
export function safeContractCodeHash(version: SafeVersion, name: SafeContractName, address: Address): Hex | undefined {
  return Object.values(SAFE_CONTRACTS[version][name]).find((d) => sameAddress(d.address, address))?.codeHash;
}

/**
 * Of the deployments Safe published of `name` for `version`, the one whose code is on this chain as
 * published (one batch of eth_getCode), if any. Throws a ChainError.
 */
export async function genuineSafeContractOn(
  client: ChainClient,
  version: SafeVersion,
  name: SafeContractName,
): Promise<Address | undefined> {
  const candidates = safeContractAddresses(version, name);
  const hashes = await readCodeHashes(client, candidates);
  return candidates.find((address, i) => {
    const found = hashes[i];
    return found !== undefined && found === safeContractCodeHash(version, name, address);
  });
}

/** Whether `address` is a deployment Safe published of `name` for `version` with its code there as published. Throws a ChainError. */
export async function isGenuineSafeContractAt(
  client: ChainClient,
  version: SafeVersion,
  name: SafeContractName,
  address: Address,
): Promise<boolean> {
  const expected = safeContractCodeHash(version, name, address);
  if (!expected) return false;
  const [found] = await readCodeHashes(client, [address]);
  return found === expected;
}
