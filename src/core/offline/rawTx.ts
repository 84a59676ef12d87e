import { bytesToHex, concatHex, type Hex, hexToBytes, keccak256, numberToHex, toRlp } from 'viem';
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

const TYPED: Record<number, { type: RawTxType; name: string; fields: number }> = {
  1: { type: 'eip2930', name: 'type-1 (EIP-2930)', fields: 11 },
  2: { type: 'eip1559', name: 'type-2 (EIP-1559)', fields: 12 },
  4: { type: 'eip7702', name: 'type-4 (EIP-7702)', fields: 13 },
};

function readHex(text: string): Uint8Array {
  const compact = text.replace(/\s+/g, '');
  if (compact === '' || /^0x$/i.test(compact))
    refuse('Paste a signed transaction: hex digits, usually starting with 0x.');
  const hex = compact.replace(/^0x/i, '');
  const bad = hex.search(/[^0-9a-fA-F]/);
  if (bad !== -1) {
    refuse(
      `A signed transaction is written in hex (0–9, a–f); "${hex[bad]}" at position ${bad + 1} is not a hex digit.`,
    );
  }
  if (hex.length % 2 !== 0) {
    refuse(
      `A signed transaction has an even number of hex digits (two per byte); this one has ${hex.length}, so one is missing or extra.`,
    );
  }
  return hexToBytes(`0x${hex}`);
}

function envelope(bytes: Uint8Array): { typeByte: number | undefined; payload: Uint8Array } {
  const first = bytes[0] ?? 0;
  if (first >= 0xc0) return { typeByte: undefined, payload: bytes };
  if (first >= 0x80)
    refuse('This is not a transaction: it starts like a single RLP value, not a list of fields or a type byte.');
  if (first === 3) {
    refuse(
      'This is a blob transaction (type 3, EIP-4844). Its blobs travel beside it and are not part of a pasted transaction, so Cairn cannot broadcast it.',
    );
  }
  if (!(first in TYPED)) {
    refuse(
      `Unknown transaction type 0x${first.toString(16).padStart(2, '0')}. Cairn reads legacy, type-1 (EIP-2930), type-2 (EIP-1559) and type-4 (EIP-7702) transactions.`,
    );
  }
  return { typeByte: first, payload: bytes.subarray(1) };
}

function fieldsOf(payload: Uint8Array, offset: number): RlpItem[] {
  const read = readRlp(payload, { markPrefixedBytes: true, offset });
  if (!read.ok) refuse(`This is not a well-formed transaction: ${read.problem}`);
  if (read.item.kind !== 'list')
    refuse('This is not a transaction: after the type byte there must be a list of fields.');
  return read.item.items;
}

function minimalHex(value: bigint): Hex {
  return value === 0n ? '0x' : numberToHex(value);
}

function legacyChain(v: bigint): { chainId: bigint | undefined; yParity: 0 | 1 } {
  if (v === 27n || v === 28n) return { chainId: undefined, yParity: v === 27n ? 0 : 1 };
  if (v === 35n || v === 36n) refuse(`v = ${v} would mean chain id 0, which EIP-155 does not allow.`);
  if (v < 37n)
    refuse(`v = ${v} is not valid: a legacy signature has v = 27 or 28, or chain id × 2 + 35 or 36 (EIP-155).`);
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
    refuse(
      `This transaction is ${bytes.length.toLocaleString('en-US')} bytes; nodes accept at most 131,072 (128 KiB).`,
    );
  }
  const items = fieldsOf(payload, typeByte === undefined ? 0 : 1);
  const typed = typeByte === undefined ? undefined : TYPED[typeByte];
  const expected = typed?.fields ?? 9;
  const name = typed?.name ?? 'legacy';
  if (items.length === expected - 3)
    refuse(`This transaction is not signed: it has the fields to sign but no signature.`);
  if (items.length !== expected) refuse(`A ${name} transaction has ${expected} fields; this one has ${items.length}.`);

  const at = (index: number) => items[typeByte === undefined ? index : index + 1];
  // Legacy: nonce, gasPrice, gas, to, value, data, v, r, s.
  // Typed: chainId first; fees as in the EIP; access list (and authorizations) before y, r, s.
  const isDynamic = typed?.type === 'eip1559' || typed?.type === 'eip7702';
  const chainField = typeByte === undefined ? undefined : uintField(items[0], 'The chain id', 32);
  const nonce = uintField(at(0), 'The nonce', 8);
  const feeA = uintField(at(1), isDynamic ? 'The priority fee' : 'The gas price', 32);
  const offset = isDynamic ? 1 : 0;
  const feeB = isDynamic ? uintField(at(2), 'The max fee', 32) : undefined;
  const gas = uintField(at(2 + offset), 'The gas limit', 8);
  const to = addressField(at(3 + offset), 'The recipient (to)', typed?.type !== 'eip7702');
  const value = uintField(at(4 + offset), 'The value', 32);
  const data = dataField(at(5 + offset), 'The data');
  const accessList = typeByte === undefined ? undefined : accessListField(at(6 + offset));
  const authorizationList =
    typed?.type === 'eip7702' ? readAuthorizations(listField(at(7 + offset), 'The authorization list')) : undefined;

  const signature = items.slice(-3);
  const r = uintField(signature[1], "The signature's r", 32);
  const s = uintField(signature[2], "The signature's s", 32);
  if (r === 0n && s === 0n) refuse('This transaction is not signed: its signature (r and s) is empty.');
  const vOrParity = uintField(
    signature[0],
    typeByte === undefined ? "The signature's v" : "The signature's y parity",
    32,
  );
  let chainId = chainField;
  let yParity: 0 | 1;
  if (typeByte === undefined) {
    ({ chainId, yParity } = legacyChain(vOrParity));
  } else {
    if (vOrParity > 1n) refuse(`The signature's y parity must be 0 or 1; it is ${vOrParity}.`);
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
  if (from === undefined) refuse('The signature does not belong to any key: it is not a valid secp256k1 signature.');

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
