// ERC-4527's messages between Cairn and a QR signing device: the eth-sign-request Cairn shows and
// the eth-signature the device shows back. CBOR maps with numeric keys, the request id a UUID
// (tag 37) that ties the answer to its request.
import { InputError } from '../errors/input';
import { codeValue, type Message, msg } from '../i18n/message';
import { CborTag, type CborValue, decodeCbor, encodeCbor } from '../ur/cbor';
import type { Ur } from '../ur/ur';
import { type KeyPath, keyPathCbor, readKeyPath, TAG_KEYPATH } from './keypath';

export const SIGN_REQUEST_TYPE = 'eth-sign-request';
export const SIGNATURE_TYPE = 'eth-signature';
const TAG_UUID = 37;

/** What sign-data holds: 1 a legacy transaction's RLP, 2 EIP-712 JSON, 3 a personal message, 4 a typed (EIP-2718) transaction. */
export const DATA_TYPE = { legacyTransaction: 1, typedData: 2, personalMessage: 3, typedTransaction: 4 } as const;
export type DataType = (typeof DATA_TYPE)[keyof typeof DATA_TYPE];

export type EthSignRequest = {
  requestId: Uint8Array;
  signData: Uint8Array;
  dataType: DataType;
  chainId?: number;
  path: KeyPath;
  address?: Uint8Array;
  origin?: string;
};

export type EthSignature = { requestId: Uint8Array; signature: Uint8Array; origin?: string };

export function encodeEthSignRequest(request: EthSignRequest): Ur {
  const map = new Map<CborValue, CborValue>([
    [1, new CborTag(TAG_UUID, request.requestId)],
    [2, request.signData],
    [3, request.dataType],
  ]);
  if (request.chainId !== undefined) map.set(4, request.chainId);
  map.set(5, new CborTag(TAG_KEYPATH, keyPathCbor(request.path)));
  if (request.address) map.set(6, request.address);
  if (request.origin !== undefined) map.set(7, request.origin);
  return { type: SIGN_REQUEST_TYPE, cbor: encodeCbor(map) };
}

/** `what` says what the code should have been: a signing request, or a signature. */
type What = 'core.devices:qrRequest.notSignRequest' | 'core.devices:qrRequest.notSignature';
const refuse = (what: What, reason: Message) => new InputError('INPUT_QR', msg(what, { reason }));

function readMap({ type, cbor }: Ur, expected: string, what: What): Map<CborValue, CborValue> {
  if (type !== expected) throw refuse(what, msg('core.devices:qrRequest.isType', { type: codeValue(type) }));
  const value = decodeCbor(cbor);
  if (!(value instanceof Map)) throw refuse(what, msg('core.devices:qrRequest.notMap'));
  return value;
}

function readRequestId(value: CborValue | undefined, what: What): Uint8Array {
  if (
    !(value instanceof CborTag) ||
    value.tag !== TAG_UUID ||
    !(value.value instanceof Uint8Array) ||
    value.value.length !== 16
  )
    throw refuse(what, msg('core.devices:qrRequest.requestId'));
  return value.value;
}

/** Reads an eth-sign-request (what a device does; Cairn's tests play the device). */
export function readEthSignRequest(ur: Ur): EthSignRequest {
  const what = 'core.devices:qrRequest.notSignRequest';
  const map = readMap(ur, SIGN_REQUEST_TYPE, what);
  const signData = map.get(2);
  const dataType = map.get(3);
  const chainId = map.get(4);
  const address = map.get(6);
  const origin = map.get(7);
  if (!(signData instanceof Uint8Array) || signData.length === 0)
    throw refuse(what, msg('core.devices:qrRequest.nothingToSign'));
  if (!Object.values(DATA_TYPE).includes(dataType as DataType))
    throw refuse(what, msg('core.devices:qrRequest.dataType'));
  if (chainId !== undefined && (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId < 1))
    throw refuse(what, msg('core.devices:qrRequest.chainId'));
  if (address !== undefined && (!(address instanceof Uint8Array) || address.length !== 20))
    throw refuse(what, msg('core.devices:qrRequest.address'));
  const path = map.get(5);
  if (path === undefined) throw refuse(what, msg('core.devices:qrRequest.noPath'));
  const request: EthSignRequest = {
    requestId: readRequestId(map.get(1), what),
    signData,
    dataType: dataType as DataType,
    path: readKeyPath(path),
  };
  if (typeof chainId === 'number') request.chainId = chainId;
  if (address instanceof Uint8Array) request.address = address;
  if (typeof origin === 'string') request.origin = origin;
  return request;
}

export function encodeEthSignature(signature: EthSignature): Ur {
  const map = new Map<CborValue, CborValue>([
    [1, new CborTag(TAG_UUID, signature.requestId)],
    [2, signature.signature],
  ]);
  if (signature.origin !== undefined) map.set(3, signature.origin);
  return { type: SIGNATURE_TYPE, cbor: encodeCbor(map) };
}

/** Reads the eth-signature a device shows. Throws INPUT_QR naming the problem. */
export function readEthSignature(ur: Ur): EthSignature {
  const what = 'core.devices:qrRequest.notSignature';
  const map = readMap(ur, SIGNATURE_TYPE, what);
  const signature = map.get(2);
  if (!(signature instanceof Uint8Array) || signature.length < 65 || signature.length > 72)
    throw refuse(what, msg('core.devices:qrRequest.signature'));
  const answer: EthSignature = { requestId: readRequestId(map.get(1), what), signature };
  const origin = map.get(3);
  if (typeof origin === 'string') answer.origin = origin;
  return answer;
}
