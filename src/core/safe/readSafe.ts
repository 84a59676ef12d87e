import {
  type Address,
  concatHex,
  decodeAbiParameters,
  encodeAbiParameters,
  getAddress,
  type Hex,
  parseAbiParameters,
  zeroAddress,
} from 'viem';
import { call } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { toChainError } from '../chain/toChainError';
import { SafeError } from '../errors/safe';
import { codeValue, msg } from '../i18n/message';
import { EMPTY_CODE_HASH } from '../verify/accountProof';
import { type KnownSafeCode, knownProxy, knownSingleton } from './knownCode';
import { SAFE_READER_CREATION } from './reader/safeReaderCode.generated';
import { SENTINEL } from './safeAbi';

/** What Cairn knows of a Safe, read through the person's node at one moment. */
export type SafeState = {
  address: Address;
  chainId: number;
  /** The singleton the proxy runs, and what its code is (a known Safe version, or unknown: `known` undefined). */
  singleton: Address;
  known: KnownSafeCode | undefined;
  /** What the contract says of itself (VERSION()): shown, never trusted over `known`. */
  claimedVersion: string;
  owners: Address[];
  threshold: number;
  nonce: bigint;
  modules: Address[];
  guard: Address | undefined;
  fallbackHandler: Address | undefined;
};

/** What SafeReader.sol's constructor answers. */
const FOUND = parseAbiParameters(
  '(bool ok, bytes32 proxyCodeHash, address singleton, bytes32 singletonCodeHash, address[] owners, uint256 threshold, uint256 nonce, string version, address[] modules, address fallbackHandler, address guard)',
);

const notASafe = (address: Address) =>
  new SafeError('SAFE_NOT_A_SAFE', msg('core.chain:safe.notASafe', { address: codeValue(address) }));
const orNone = (address: Address): Address | undefined => (address === zeroAddress ? undefined : address);

/**
 * Reads the Safe at `address` in one eth_call (Cairn's SafeReader, run as creation code: it reads
 * the Safe's owners, threshold, nonce, version, modules, singleton, fallback handler and guard, and
 * the code hashes of the proxy and the singleton) and checks it is one: the proxy's code a Safe
 * proxy's, the singleton's code a known Safe version's (1.3.0, 1.4.1, 1.5.0, L2 variants:
 * knownCode.ts). With `allowUnknown` (the person's advanced choice, after its warning), other code
 * is read all the same, `known` left undefined. Throws SAFE_NOT_A_SAFE (no code, or it does not
 * answer as a Safe), SAFE_UNKNOWN_CODE, or a ChainError.
 */
export async function readSafe(
  client: ChainClient,
  chainId: number,
  address: Address,
  options: { allowUnknown?: boolean } = {},
): Promise<SafeState> {
  let answer: Hex | undefined;
  try {
    const data = concatHex([SAFE_READER_CREATION, encodeAbiParameters([{ type: 'address' }], [address])]);
    ({ data: answer } = await call(client, { data }));
  } catch (error) {
    const chainError = toChainError(error);
    // The reader reverts when an answer cannot be decoded: the contract is no Safe.
    if (chainError.code === 'CHAIN_REVERTED') throw notASafe(address);
    throw chainError;
  }
  const [found] = answer ? decodeAbiParameters(FOUND, answer) : [undefined];
  if (!found?.ok || found.singleton === zeroAddress) throw notASafe(address);
  const singletonHasCode = found.singletonCodeHash !== EMPTY_CODE_HASH && BigInt(found.singletonCodeHash) !== 0n;
  const known =
    knownProxy(found.proxyCodeHash) && singletonHasCode ? knownSingleton(found.singletonCodeHash) : undefined;
  if (!known && !options.allowUnknown)
    throw new SafeError(
      'SAFE_UNKNOWN_CODE',
      msg('core.chain:safe.unknownCode', { address: codeValue(address), singleton: codeValue(found.singleton) }),
    );
  return {
    address: getAddress(address),
    chainId,
    singleton: found.singleton,
    known,
    claimedVersion: found.version,
    owners: [...found.owners],
    threshold: Number(found.threshold),
    nonce: found.nonce,
    modules: found.modules.filter((module) => module !== zeroAddress && module !== SENTINEL),
    guard: orNone(found.guard),
    fallbackHandler: orNone(found.fallbackHandler),
  };
}
