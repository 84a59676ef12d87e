import type { Abi, AbiFunction, Address, Hex } from 'viem';
import { call } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { findRevertData } from '../chain/revertData';
import { toChainError } from '../chain/toChainError';
import { RevertedError } from '../errors/chain';
import { decodedLine } from './decode/decodedItem';
import { decodeRevert } from './decode/errors';
import { decodeResult } from './decode/results';
import type { DecodedValue } from './decode/values';

export type FunctionRead = { address: Address; fn: AbiFunction; data: Hex; from: Address | undefined; abi: Abi };

/**
 * Runs a read function with eth_call (from `from`, if given, since some contracts answer per
 * caller) and decodes what it returns.
 *
 * Errors: ChainError from toChainError (a revert carries its reason, and a custom error of `abi`
 * is named with its arguments); INPUT_ABI when the answer does not fit the outputs.
 */
export async function readFunction(client: ChainClient, read: FunctionRead, rpcUrl?: string): Promise<DecodedValue[]> {
  let answer: Hex;
  try {
    const result = await call(client, {
      to: read.address,
      data: read.data,
      ...(read.from ? { account: read.from } : {}),
    });
    answer = result.data ?? '0x';
  } catch (error) {
    throw withCustomError(toChainError(error, rpcUrl), read.abi);
  }
  return decodeResult(read.fn, answer);
}

/** A revert whose data is a custom error of `abi`: the error named, with its arguments. */
export function withCustomError<E extends Error>(error: E, abi: Abi): E | RevertedError {
  if (!(error instanceof RevertedError)) return error;
  const data = findRevertData(error);
  const decoded = data ? decodeRevert(data, [abi]) : undefined;
  if (decoded?.kind !== 'custom') return error;
  return new RevertedError({
    // The error's name and arguments as its ABI and data give them (`Name(arg: value)`), in no language.
    reason: decodedLine(decoded),
    rpcUrl: error.rpcUrl,
    details: error.details ?? '',
    cause: error,
  });
}
