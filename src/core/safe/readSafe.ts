import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  getAddress,
  type Hex,
  keccak256,
  slice,
  zeroAddress,
} from 'viem';
import { getCode, getStorageAt } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { type CallOutcome, plainCalls } from '../chain/multicall';
import { toChainError } from '../chain/toChainError';
import { SafeError } from '../errors/safe';
import { codeValue, msg } from '../i18n/message';
import { type KnownSafeCode, knownProxy, knownSingleton } from './knownCode';
import { SAFE_SLOTS, SENTINEL, safeAbi } from './safeAbi';

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

const MODULE_PAGE = 50n;

const read = (safe: Address, functionName: 'getOwners' | 'getThreshold' | 'nonce' | 'VERSION') => ({
  target: safe,
  allowFailure: true,
  callData: encodeFunctionData({ abi: safeAbi, functionName }),
});

/** The call's answer, or undefined where it failed or answered nothing a Safe would. */
const answered = (outcome: CallOutcome | undefined): Hex | undefined =>
  outcome?.ok && outcome.data && outcome.data !== '0x' ? outcome.data : undefined;

function decoded<T>(outcome: CallOutcome | undefined, decode: (data: Hex) => T): T | undefined {
  const data = answered(outcome);
  if (!data) return undefined;
  try {
    return decode(data);
  } catch {
    return undefined;
  }
}

const slotAddress = (word: Hex | undefined): Address | undefined => {
  if (!word || BigInt(word) === 0n) return undefined;
  return getAddress(slice(word, 12, 32));
};

/**
 * Reads the Safe at `address` in two round trips (its state in one JSON-RPC batch, then its
 * singleton's code) and checks it is one: the proxy's code a Safe proxy's, the singleton's code a
 * known Safe version's (1.3.0, 1.4.1, 1.5.0, L2 variants: knownCode.ts). With `allowUnknown` (the
 * person's advanced choice, after its warning), other code is read all the same, `known` left
 * undefined. Throws SAFE_NOT_A_SAFE (no code, or it does not answer as a Safe), SAFE_UNKNOWN_CODE,
 * or a ChainError.
 */
export async function readSafe(
  client: ChainClient,
  chainId: number,
  address: Address,
  options: { allowUnknown?: boolean } = {},
): Promise<SafeState> {
  const notASafe = () =>
    new SafeError('SAFE_NOT_A_SAFE', msg('core.chain:safe.notASafe', { address: codeValue(address) }));
  let proxyCode: Hex | undefined;
  let slots: (Hex | undefined)[];
  let outcomes: CallOutcome[];
  try {
    [proxyCode, slots, outcomes] = await Promise.all([
      getCode(client, { address }),
      Promise.all(
        [SAFE_SLOTS.singleton, SAFE_SLOTS.fallbackHandler, SAFE_SLOTS.guard].map((slot) =>
          getStorageAt(client, { address, slot }),
        ),
      ),
      plainCalls(client, [
        read(address, 'getOwners'),
        read(address, 'getThreshold'),
        read(address, 'nonce'),
        read(address, 'VERSION'),
        {
          target: address,
          allowFailure: true,
          callData: encodeFunctionData({
            abi: safeAbi,
            functionName: 'getModulesPaginated',
            args: [SENTINEL, MODULE_PAGE],
          }),
        },
      ]),
    ]);
  } catch (error) {
    throw toChainError(error);
  }
  if (!proxyCode || proxyCode === '0x') throw notASafe();
  const singleton = slotAddress(slots[0]);
  const owners = decoded(outcomes[0], (data) =>
    decodeFunctionResult({ abi: safeAbi, functionName: 'getOwners', data }),
  );
  const threshold = decoded(outcomes[1], (data) =>
    decodeFunctionResult({ abi: safeAbi, functionName: 'getThreshold', data }),
  );
  const nonce = decoded(outcomes[2], (data) => decodeFunctionResult({ abi: safeAbi, functionName: 'nonce', data }));
  const claimedVersion = decoded(outcomes[3], (data) =>
    decodeFunctionResult({ abi: safeAbi, functionName: 'VERSION', data }),
  );
  if (!singleton || !owners || threshold === undefined || nonce === undefined || claimedVersion === undefined)
    throw notASafe();
  let singletonCode: Hex | undefined;
  try {
    singletonCode = await getCode(client, { address: singleton });
  } catch (error) {
    throw toChainError(error);
  }
  const known =
    knownProxy(keccak256(proxyCode)) && singletonCode && singletonCode !== '0x'
      ? knownSingleton(keccak256(singletonCode))
      : undefined;
  if (!known && !options.allowUnknown)
    throw new SafeError(
      'SAFE_UNKNOWN_CODE',
      msg('core.chain:safe.unknownCode', { address: codeValue(address), singleton: codeValue(singleton) }),
    );
  const modules =
    decoded(outcomes[4], (data) =>
      decodeFunctionResult({ abi: safeAbi, functionName: 'getModulesPaginated', data }),
    )?.[0] ?? [];
  return {
    address: getAddress(address),
    chainId,
    singleton,
    known,
    claimedVersion,
    owners: [...owners],
    threshold: Number(threshold),
    nonce,
    modules: modules.filter((module) => module !== zeroAddress && module !== SENTINEL),
    guard: slotAddress(slots[2]),
    fallbackHandler: slotAddress(slots[1]),
  };
}
