import { type Abi, type AbiFunction, type Address, decodeErrorResult, type Hex } from 'viem';
import { call } from 'viem/actions';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import { findRevertData } from '@/core/chain/revertData';
import { toChainError } from '@/core/chain/toChainError';
import { type AbiValueText, decodeResult, formatAbiValue } from '@/core/contracts/abiFormat';
import type { ContractFunction } from '@/core/contracts/functions';
import { RevertedError } from '@/core/errors/chain';
import { errorText } from '@/lib/errorMessages';

/**
 * Runs a read function with eth_call through the person's node (from the selected account, if
 * any, since some contracts answer per caller) and decodes what it returns.
 *
 * Errors: ChainError from toChainError (a revert carries its reason, and a custom error of this
 * ABI is named with its arguments); INPUT_ABI when the answer does not fit the outputs.
 */
export async function readFunction(args: {
  network: Network;
  address: Address;
  fn: AbiFunction;
  data: Hex;
  from: Address | undefined;
  abi: Abi;
}): Promise<AbiValueText[]> {
  const { network, address, fn, data, from, abi } = args;
  let answer: Hex;
  try {
    const result = await call(chainClient(network), { to: address, data, ...(from ? { account: from } : {}) });
    answer = result.data ?? '0x';
  } catch (error) {
    throw withCustomError(toChainError(error), abi);
  }
  return decodeResult(fn, answer);
}

/** A revert whose data is a custom error of `abi`: the error named, with its arguments. */
export function withCustomError<E extends Error>(error: E, abi: Abi): E | RevertedError {
  if (!(error instanceof RevertedError)) return error;
  const data = findRevertData(error);
  if (!data || data.startsWith('0x08c379a0') || data.startsWith('0x4e487b71')) return error;
  if (!abi.some((item) => item.type === 'error')) return error;
  try {
    const decoded = decodeErrorResult({ abi, data });
    const inputs = decoded.abiItem.type === 'error' ? decoded.abiItem.inputs : [];
    const values = decoded.args ?? [];
    const text = inputs.map((param, i) => `${param.name || `arg${i}`}: ${formatAbiValue(param, values[i])}`).join(', ');
    return new RevertedError({
      reason: `${decoded.errorName}(${text})`,
      rpcUrl: error.rpcUrl,
      details: error.details ?? '',
      cause: error,
    });
  } catch {
    return error;
  }
}

/** What to say when a read fails: the node's or decoder's sentence, and a hint when a bare revert suggests a wrong ABI. */
export function readFailure(error: unknown, fn: ContractFunction): string {
  const sentence = `Could not read ${fn.name}: ${errorText(error)}`;
  if (error instanceof RevertedError && error.reason === undefined) {
    return `${sentence} If the ABI does not match this contract, it may have no function ${fn.id}.`;
  }
  return sentence;
}
