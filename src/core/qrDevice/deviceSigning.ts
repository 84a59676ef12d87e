// What Cairn asks a QR device to sign, built from a DeviceSignRequest, and the check of what comes back:
// the signature must recover to the account's address for exactly what was asked, or it is refused.
import { type Address, bytesToHex, type Hex, hexToBytes, serializeTransaction, stringToBytes, toHex } from 'viem';
import { InputError } from '../errors/input';
import { type Message, msg } from '../i18n/message';
import { checkedSignature } from '../signing/checkedSignature';
import { assertChainId, type DeviceSignRequest } from '../signing/keySigner';
import { messageBytes } from '../signing/message';
import { DATA_TYPE, type EthSignature, type EthSignRequest } from './ethRequests';
import { type KeyPath, parsePathText } from './keypath';

export type DeviceAccount = { address: Address; path: string; masterFingerprint: number };

/** Typed data as the JSON devices parse (numbers Cairn holds as bigint written as decimal strings). */
function typedDataJson(typedData: unknown): string {
  return JSON.stringify(typedData, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));
}

/** The eth-sign-request for `request`, signed by `account`'s key on the device. */
export function deviceSignRequest(
  request: DeviceSignRequest,
  account: DeviceAccount,
  requestId: Uint8Array,
): EthSignRequest {
  const path: KeyPath = { components: parsePathText(account.path), sourceFingerprint: account.masterFingerprint };
  const base = { requestId, path, address: hexToBytes(account.address), origin: 'Cairn' };
  if (request.kind === 'transaction') {
    assertChainId(request.transaction);
    const signData = hexToBytes(serializeTransaction(request.transaction));
    const legacy = signData[0] !== undefined && signData[0] >= 0xc0;
    return {
      ...base,
      signData,
      dataType: legacy ? DATA_TYPE.legacyTransaction : DATA_TYPE.typedTransaction,
      chainId: request.transaction.chainId as number,
    };
  }
  if (request.kind === 'message') {
    const signData = messageBytes(request.message);
    return { ...base, signData, dataType: DATA_TYPE.personalMessage };
  }
  const chainId = request.typedData.domain?.chainId;
  const signRequest: EthSignRequest = {
    ...base,
    signData: stringToBytes(typedDataJson(request.typedData)),
    dataType: DATA_TYPE.typedData,
  };
  if (chainId !== undefined) signRequest.chainId = Number(chainId);
  return signRequest;
}

const refuse = (sentence: Message) => new InputError('INPUT_SIGNATURE', sentence);

/**
 * r, s and the recovery bit (0 or 1) of a device's r‖s‖v, whatever form v takes (0/1, 27/28,
 * EIP-155). (A high s is made low where every device signature is checked: checkedSignature.)
 */
function splitSignature(bytes: Uint8Array, chainId: number | undefined): { r: Hex; s: Hex; yParity: 0 | 1 } {
  const r = bytesToHex(bytes.subarray(0, 32));
  const s = bytesToHex(bytes.subarray(32, 64));
  const v = Number(BigInt(bytesToHex(bytes.subarray(64))));
  const parity = v >= 35 && chainId !== undefined ? v - 35 - 2 * chainId : v >= 27 ? v - 27 : v;
  if (parity !== 0 && parity !== 1) throw refuse(msg('core.devices:qrSignature.recovery'));
  return { r, s, yParity: parity as 0 | 1 };
}

/**
 * What the device's answer signs, checked: the same request id, and a signature that recovers to
 * `account` for exactly `request`. Returns what signWithKey would (the signed transaction, or the
 * 65-byte signature). Throws INPUT_SIGNATURE naming what is wrong.
 */
export async function acceptDeviceSignature(
  request: DeviceSignRequest,
  account: DeviceAccount,
  asked: EthSignRequest,
  answer: EthSignature,
): Promise<Hex> {
  if (toHex(answer.requestId) !== toHex(asked.requestId)) throw refuse(msg('core.devices:qrSignature.otherRequest'));
  const chainId = request.kind === 'transaction' ? (request.transaction.chainId as number) : undefined;
  return checkedSignature(request, account.address, splitSignature(answer.signature, chainId));
}
