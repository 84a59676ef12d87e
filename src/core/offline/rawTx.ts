import { bytesToHex, concatHex, type Hex, hexToBytes, keccak256, numberToHex, toRlp } from 'viem';
import { codeValue, type Message, msg, untrustedValue } from '../i18n/message';
import { recoverSigner, signatureProblem } from '../signing/signature';
import type { DecodedTx, RawTxType } from './decodedTx';
import {
  accessListField,
  addressField,
  dataField,
  listField,
  type NestedHex,
  refuse,
  toNestedHex,
  uintField,
} from './rawTxFields';
import type { RlpItem } from './rlpReader';
import { readRlp } from './rlpReader';
import { readAuthorizations, setCodeWarning } from './setCode';
import { MAX_TX_BYTES } from './txChecks';
import { txProblems, txWarnings } from './validity';

const TYPED: Record<number, { type: RawTxType; fields: number }> = {
  1: { type: 'eip2930', fields: 11 },
  2: { type: 'eip1559', fields: 12 },
  4: { type: 'eip7702', fields: 13 },
};

const label = {
  chainId: msg('core.signing:raw.label.chainId'),
  nonce: msg('core.signing:raw.label.nonce'),
  priorityFee: msg('core.signing:raw.label.priorityFee'),
  gasPrice: msg('core.signing:raw.label.gasPrice'),
  maxFee: msg('core.signing:raw.label.maxFee'),
  gasLimit: msg('core.signing:raw.label.gasLimit'),
  to: msg('core.signing:raw.label.to'),
  value: msg('core.signing:raw.label.value'),
  data: msg('core.signing:raw.label.data'),
  authorizationList: msg('core.signing:raw.label.authorizationList'),
  r: msg('core.signing:raw.label.r'),
  s: msg('core.signing:raw.label.s'),
  v: msg('core.signing:raw.label.v'),
  yParity: msg('core.signing:raw.label.yParity'),
} satisfies Record<string, Message>;

function readHex(text: string): Uint8Array {
  const compact = text.replace(/\s+/g, '');
  if (compact === '' || /^0x$/i.test(compact)) refuse(msg('core.signing:raw.empty'));
  const hex = compact.replace(/^0x/i, '');
  const bad = hex.search(/[^0-9a-fA-F]/);
  if (bad !== -1) {
    const char = untrustedValue(String.fromCodePoint(hex.codePointAt(bad) ?? 0), 'whole');
    refuse(msg('core.signing:raw.notHex', { char, position: bad + 1 }));
  }
  if (hex.length % 2 !== 0) {
    refuse(msg('core.signing:raw.oddDigits', { digits: hex.length }));
  }
  return hexToBytes(`0x${hex}`);
}

function envelope(bytes: Uint8Array): { typeByte: number | undefined; payload: Uint8Array } {
  const first = bytes[0] ?? 0;
  if (first >= 0xc0) return { typeByte: undefined, payload: bytes };
  if (first >= 0x80) refuse(msg('core.signing:raw.singleValue'));
  if (first === 3) refuse(msg('core.signing:raw.blob'));
  if (!(first in TYPED)) {
    refuse(msg('core.signing:raw.unknownType', { type: codeValue(`0x${first.toString(16).padStart(2, '0')}`) }));
  }
  return { typeByte: first, payload: bytes.subarray(1) };
}

function fieldsOf(payload: Uint8Array, offset: number): RlpItem[] {
  const read = readRlp(payload, { markPrefixedBytes: true, offset });
  if (!read.ok) refuse(msg('core.signing:raw.malformed', { problem: read.problem }));
  if (read.item.kind !== 'list') refuse(msg('core.signing:raw.noFieldList'));
  return read.item.items;
}

function minimalHex(value: bigint): Hex {
  return value === 0n ? '0x' : numberToHex(value);
}

function legacyChain(v: bigint): { chainId: bigint | undefined; yParity: 0 | 1 } {
  if (v === 27n || v === 28n) return { chainId: undefined, yParity: v === 27n ? 0 : 1 };
  if (v === 35n || v === 36n) refuse(msg('core.signing:raw.vChainZero', { v }));
  if (v < 37n) refuse(msg('core.signing:raw.badV', { v }));
  return { chainId: (v - 35n) / 2n, yParity: (v - 35n) % 2n === 0n ? 0 : 1 };
}

/**
 * Decodes a signed transaction pasted or scanned from any source, strictly: whatever a node
 * would refuse to decode (non-hex, non-canonical RLP, wrong field sizes, an invalid or high-s
 * signature, an unsigned transaction, blob or unknown types) is refused with a sentence. What
 * decodes but cannot be mined (gas below intrinsic…) is listed in `problems`; nothing is sent.
 *
 * Throws INPUT_RAW_TX.
 */
export function decodeRawTransaction(text: string): DecodedTx {
  const bytes = readHex(text);
  const { typeByte, payload } = envelope(bytes);
  if (bytes.length > MAX_TX_BYTES) {
    refuse(msg('core.signing:raw.tooLarge', { bytes: bytes.length, max: MAX_TX_BYTES }));
  }
  const items = fieldsOf(payload, typeByte === undefined ? 0 : 1);
  const typed = typeByte === undefined ? undefined : TYPED[typeByte];
  const expected = typed?.fields ?? 9;
  if (items.length === expected - 3) refuse(msg('core.signing:raw.unsigned'));
  if (items.length !== expected) {
    const type = typed?.type ?? 'legacy';
    refuse(msg('core.signing:raw.fieldCount', { type, expected, fields: items.length }));
  }

  const at = (index: number) => items[typeByte === undefined ? index : index + 1];
  // Legacy: nonce, gasPrice, gas, to, value, data, v, r, s.
  // Typed: chainId first; fees as in the EIP; access list (and authorizations) before y, r, s.
  const isDynamic = typed?.type === 'eip1559' || typed?.type === 'eip7702';
  const chainField = typeByte === undefined ? undefined : uintField(items[0], label.chainId, 32);
  const nonce = uintField(at(0), label.nonce, 8);
  const feeA = uintField(at(1), isDynamic ? label.priorityFee : label.gasPrice, 32);
  const offset = isDynamic ? 1 : 0;
  const feeB = isDynamic ? uintField(at(2), label.maxFee, 32) : undefined;
  const gas = uintField(at(2 + offset), label.gasLimit, 8);
  const to = addressField(at(3 + offset), label.to, typed?.type !== 'eip7702');
  const value = uintField(at(4 + offset), label.value, 32);
  const data = dataField(at(5 + offset), label.data);
  const accessList = typeByte === undefined ? undefined : accessListField(at(6 + offset));
  const authorizationList =
    typed?.type === 'eip7702' ? readAuthorizations(listField(at(7 + offset), label.authorizationList)) : undefined;

  const signature = items.slice(-3);
  const r = uintField(signature[1], label.r, 32);
  const s = uintField(signature[2], label.s, 32);
  if (r === 0n && s === 0n) refuse(msg('core.signing:raw.emptySignature'));
  const vOrParity = uintField(signature[0], typeByte === undefined ? label.v : label.yParity, 32);
  let chainId = chainField;
  let yParity: 0 | 1;
  if (typeByte === undefined) {
    ({ chainId, yParity } = legacyChain(vOrParity));
  } else {
    if (vOrParity > 1n) refuse(msg('core.signing:raw.badYParity', { value: codeValue(String(vOrParity)) }));
    yParity = vOrParity === 0n ? 0 : 1;
  }
  const problem = signatureProblem(r, s);
  if (problem) refuse(problem);

  const unsigned: NestedHex[] = items.slice(0, -3).map(toNestedHex);
  const signingHash =
    typeByte === undefined
      ? keccak256(toRlp(chainId === undefined ? unsigned : [...unsigned, minimalHex(chainId), '0x', '0x']))
      : keccak256(concatHex([numberToHex(typeByte, { size: 1 }), toRlp(unsigned)]));
  const from = recoverSigner(signingHash, r, s, yParity);
  if (from === undefined) refuse(msg('core.signing:raw.noSigner'));

  const decoded: DecodedTx = {
    raw: bytesToHex(bytes),
    hash: keccak256(bytes),
    type: typed?.type ?? 'legacy',
    chainId,
    nonce,
    to,
    value,
    gas,
    gasPrice: isDynamic ? undefined : feeA,
    maxFeePerGas: feeB,
    maxPriorityFeePerGas: isDynamic ? feeA : undefined,
    data,
    accessList,
    authorizationList,
    v: typeByte === undefined ? vOrParity : undefined,
    yParity,
    r: numberToHex(r, { size: 32 }),
    s: numberToHex(s, { size: 32 }),
    signingHash,
    from,
    intrinsicGas: 0n,
    problems: [],
    warnings: [],
  };
  const { intrinsic, problems } = txProblems(decoded);
  decoded.intrinsicGas = intrinsic;
  decoded.problems = problems;
  decoded.warnings = [...txWarnings(decoded), ...(authorizationList ? setCodeWarning(authorizationList) : [])];
  return decoded;
}
