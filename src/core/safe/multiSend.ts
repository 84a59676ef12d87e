import {
  type Address,
  concatHex,
  encodeFunctionData,
  encodePacked,
  getAddress,
  type Hex,
  hexToBigInt,
  hexToNumber,
  size,
  slice,
} from 'viem';
import { SafeError } from '../errors/safe';
import { msg } from '../i18n/message';
import type { CallRequest } from '../tx/transfer';
import { multiSendAbi } from './safeAbi';

/**
 * Several calls as one Safe transaction: a delegatecall to MultiSendCallOnly's multiSend, whose
 * argument packs each call as operation (uint8, always 0: MultiSendCallOnly refuses delegatecalls)
 * ‖ to (20 bytes) ‖ value (32) ‖ data length (32) ‖ data.
 */
export function multiSendData(calls: readonly CallRequest[]): Hex {
  const packed = concatHex(
    calls.map((call) =>
      encodePacked(
        ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
        [0, call.to, call.value, BigInt(size(call.data)), call.data],
      ),
    ),
  );
  return encodeFunctionData({ abi: multiSendAbi, functionName: 'multiSend', args: [packed] });
}

/**
 * The calls a multiSend argument packs, for the review. Throws SAFE_IMPORT_MALFORMED when it does
 * not divide into whole calls, and SAFE_DELEGATECALL_REFUSED for a packed delegatecall.
 */
export function multiSendCalls(packed: Hex): CallRequest[] {
  const calls: CallRequest[] = [];
  let at = 0;
  const total = size(packed);
  while (at < total) {
    if (total - at < 85) throw new SafeError('SAFE_IMPORT_MALFORMED', msg('core.chain:safe.multiSendTruncated'));
    const operation = hexToNumber(slice(packed, at, at + 1));
    if (operation !== 0) throw new SafeError('SAFE_DELEGATECALL_REFUSED', msg('core.chain:safe.multiSendDelegate'));
    const to: Address = getAddress(slice(packed, at + 1, at + 21));
    const value = hexToBigInt(slice(packed, at + 21, at + 53));
    const length = Number(hexToBigInt(slice(packed, at + 53, at + 85)));
    if (at + 85 + length > total)
      throw new SafeError('SAFE_IMPORT_MALFORMED', msg('core.chain:safe.multiSendTruncated'));
    const data: Hex = length === 0 ? '0x' : slice(packed, at + 85, at + 85 + length);
    calls.push({ to, value, data });
    at += 85 + length;
  }
  return calls;
}
