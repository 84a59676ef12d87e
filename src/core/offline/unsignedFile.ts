import type { AccessList, Address, Hex } from 'viem';
import { isCairnError } from '../errors/base';
import { InputError } from '../errors/input';
import { codeValue, type Message, messageCode, msg, untrustedValue } from '../i18n/message';
import { parseAddress } from '../keys/address';
import { readAccessList } from './accessList';
import {
  OFFLINE_TX_TYPES,
  type OfflineFees,
  type OfflineTx,
  type OfflineTxType,
  offlineTx,
  whenComplete,
} from './offlineTx';
import { chainIdProblem, checkUnsignedTx, gasLimitProblem, nonceProblem, wordProblem } from './txRules';

/**
 * The portable "unsigned fields" file: a watch-only, online Cairn prepares a transaction (nonce
 * and fees from its node) and an offline Cairn imports it to sign. Compact JSON, small enough
 * for a QR code for ordinary transactions:
 *
 *   {"cairnUnsignedTx":1,"type":"eip1559","chainId":"1","nonce":"7","from":"0x…","to":"0x…",
 *    "value":"1000000000000000","gasLimit":"21000","maxFeePerGas":"30000000000",
 *    "maxPriorityFeePerGas":"1000000000","data":"0x"}
 *
 * Numbers are decimal strings in base units (wei), so no JSON number ever loses precision;
 * `to` is null for a contract creation; `from` (the account expected to sign) and `accessList`
 * are optional. Reading is strict: an unknown version, a wrong type or an unknown field is
 * refused with a sentence.
 */

export const UNSIGNED_FILE_VERSION = 1;
/** Large enough for the biggest contract creation (48 KiB of code as hex) with room to spare. */
export const MAX_UNSIGNED_FILE_CHARS = 200_000;

export type UnsignedFileMeta = { from?: Address };
export type UnsignedFile = { tx: OfflineTx; from: Address | undefined };

const FEE_FIELDS: Record<OfflineTxType, readonly string[]> = {
  legacy: ['gasPrice'],
  eip2930: ['gasPrice'],
  eip1559: ['maxFeePerGas', 'maxPriorityFeePerGas'],
};
const COMMON_FIELDS = ['cairnUnsignedTx', 'type', 'chainId', 'nonce', 'from', 'to', 'value', 'gasLimit', 'data'];
const REQUIRED = ['chainId', 'nonce', 'to', 'value', 'gasLimit', 'data'];
const DECIMAL = /^(0|[1-9][0-9]*)$/;
const HEX_BYTES = /^0x([0-9a-fA-F]{2})*$/;

/** The file for a transaction built by `buildUnsignedTx`, with the expected signer when known. */
export function serializeUnsignedFile(tx: OfflineTx, meta: UnsignedFileMeta = {}): string {
  const file: Record<string, unknown> = {
    cairnUnsignedTx: UNSIGNED_FILE_VERSION,
    type: tx.type,
    chainId: String(tx.chainId),
    nonce: String(tx.nonce),
    ...(meta.from ? { from: meta.from } : {}),
    to: tx.to,
    value: tx.value.toString(),
    gasLimit: tx.gas.toString(),
    ...(tx.type === 'eip1559'
      ? { maxFeePerGas: tx.maxFeePerGas.toString(), maxPriorityFeePerGas: tx.maxPriorityFeePerGas.toString() }
      : { gasPrice: tx.gasPrice.toString() }),
    data: tx.data,
    ...(tx.type !== 'legacy' && tx.accessList.length > 0 ? { accessList: tx.accessList } : {}),
  };
  return JSON.stringify(file);
}

/** A problem of the file. */
type Problem = Message;

/**
 * Refuses the file: its first three problems in the sentence, with how many more there are; every
 * problem in `details`, so none is lost (as technical text, by message id and values: details
 * read the same in every language).
 */
function refuse(problems: Problem[]): never {
  const [first, ...rest] = problems;
  const shown = rest.slice(0, 2);
  const extra = problems.length - 3;
  const tail: Problem[] = extra > 0 ? [...shown, msg('core.signing:file.moreProblems', { count: extra })] : shown;
  const text = tail.reduceRight<Problem | undefined>(
    (after, problem) => (after === undefined ? problem : msg('core.signing:file.problemThen', { problem, after })),
    undefined,
  );
  const sentence =
    first === undefined
      ? msg('core.signing:file.missingField')
      : text === undefined
        ? first
        : msg('core.signing:file.problemThen', { problem: first, after: text });
  throw new InputError('INPUT_UNSIGNED_TX', sentence, { details: problems.map(messageCode).join('; ') });
}

function versionProblem(version: unknown): Message | undefined {
  if (version === UNSIGNED_FILE_VERSION) return undefined;
  if (version === undefined) return msg('core.signing:file.noVersion');
  if (typeof version === 'number' && Number.isInteger(version) && version > UNSIGNED_FILE_VERSION) {
    return msg('core.signing:file.newerVersion', { version, supported: UNSIGNED_FILE_VERSION });
  }
  return msg('core.signing:file.badVersion', { supported: UNSIGNED_FILE_VERSION });
}

function address(value: unknown, field: string, problems: Problem[]): Address | undefined {
  if (typeof value !== 'string') {
    problems.push(msg('core.signing:file.addressNotString', { field: codeValue(field) }));
    return undefined;
  }
  try {
    return parseAddress(value);
  } catch (error) {
    const problem = isCairnError(error) ? error.text : msg('core.signing:file.invalidAddress');
    problems.push(msg('core.signing:file.badAddress', { field: codeValue(field), problem }));
    return undefined;
  }
}

/** Reads a decimal-string field and applies its range rule. */
function decimal(
  file: Record<string, unknown>,
  field: string,
  problems: Problem[],
  range: (value: bigint) => Message | undefined,
): bigint | undefined {
  const value = file[field];
  if (value === undefined) return undefined;
  if (typeof value === 'number') {
    problems.push(msg('core.signing:file.jsonNumber', { field: codeValue(field) }));
    return undefined;
  }
  if (typeof value !== 'string' || !DECIMAL.test(value)) {
    problems.push(msg('core.signing:file.notDecimal', { field: codeValue(field) }));
    return undefined;
  }
  const problem = range(BigInt(value));
  if (problem !== undefined) problems.push(problem);
  return problem === undefined ? BigInt(value) : undefined;
}

function shapeProblems(file: Record<string, unknown>, type: OfflineTxType): Problem[] {
  const allowed = new Set([...COMMON_FIELDS, ...FEE_FIELDS[type], ...(type === 'legacy' ? [] : ['accessList'])]);
  const problems: Problem[] = [];
  for (const key of Object.keys(file)) {
    if (allowed.has(key)) continue;
    const otherType = OFFLINE_TX_TYPES.find(
      (t) => FEE_FIELDS[t].includes(key) || (key === 'accessList' && t !== 'legacy'),
    );
    problems.push(
      otherType
        ? msg('core.signing:file.wrongTypeField', { field: codeValue(key), type: codeValue(type) })
        : msg('core.signing:file.unknownField', { field: untrustedValue(key, 'whole') }),
    );
  }
  for (const key of [...REQUIRED, ...FEE_FIELDS[type]]) {
    if (!(key in file)) problems.push(msg('core.signing:file.fieldMissing', { field: codeValue(key) }));
  }
  return problems;
}

/**
 * Reads an unsigned-transaction file (or the text of its QR code) and checks the transaction by
 * the same rules as a typed draft.
 *
 * Throws INPUT_FILE_TOO_LARGE, or INPUT_UNSIGNED_TX with every problem found (the first three
 * in the message, all of them in `details`).
 */
export function parseUnsignedFile(text: string): UnsignedFile {
  if (text.length > MAX_UNSIGNED_FILE_CHARS) {
    throw new InputError('INPUT_FILE_TOO_LARGE', msg('core.signing:file.tooLarge'));
  }
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    refuse([msg('core.signing:file.notJson')]);
  }
  if (typeof file !== 'object' || file === null || Array.isArray(file)) {
    refuse([msg('core.signing:file.notObject')]);
  }
  const fields = file as Record<string, unknown>;
  const version = versionProblem(fields.cairnUnsignedTx);
  if (version) refuse([version]);
  const type = fields.type;
  if (typeof type !== 'string' || !OFFLINE_TX_TYPES.includes(type as OfflineTxType)) {
    refuse([msg('core.signing:file.badType', { types: codeValue(OFFLINE_TX_TYPES.map((t) => `"${t}"`).join(', ')) })]);
  }
  const txType = type as OfflineTxType;
  const problems = shapeProblems(fields, txType);

  const chainId = decimal(fields, 'chainId', problems, chainIdProblem);
  const nonce = decimal(fields, 'nonce', problems, nonceProblem);
  const value = decimal(fields, 'value', problems, (v) => wordProblem(v, 'value'));
  const gas = decimal(fields, 'gasLimit', problems, gasLimitProblem);
  const gasPrice = decimal(fields, 'gasPrice', problems, (v) => wordProblem(v, 'gasPrice'));
  const maxFeePerGas = decimal(fields, 'maxFeePerGas', problems, (v) => wordProblem(v, 'maxFee'));
  const maxPriorityFeePerGas = decimal(fields, 'maxPriorityFeePerGas', problems, (v) => wordProblem(v, 'priorityFee'));
  const from = fields.from === undefined ? undefined : address(fields.from, 'from', problems);
  const to = fields.to === null ? null : fields.to === undefined ? undefined : address(fields.to, 'to', problems);

  let data: Hex | undefined;
  if (typeof fields.data === 'string' && HEX_BYTES.test(fields.data)) data = fields.data.toLowerCase() as Hex;
  else if (fields.data !== undefined) problems.push(msg('core.signing:file.badData'));

  let accessList: AccessList = [];
  if (fields.accessList !== undefined && txType !== 'legacy') {
    const read = readAccessList(fields.accessList);
    if (read.ok) accessList = read.accessList;
    else problems.push(read.problem);
  }
  if (problems.length > 0) refuse(problems);
  const common = whenComplete({ chainId, nonce, to, value, gas, data });
  if (common === undefined) refuse([msg('core.signing:file.missingField')]);

  let fees: OfflineFees;
  if (txType === 'eip1559') {
    if (maxFeePerGas === undefined || maxPriorityFeePerGas === undefined) refuse([msg('core.signing:file.missingFee')]);
    fees = { type: txType, maxFeePerGas, maxPriorityFeePerGas };
  } else {
    if (gasPrice === undefined) refuse([msg('core.signing:file.missingGasPrice')]);
    fees = { type: txType, gasPrice };
  }
  const tx = offlineTx({ ...common, chainId: Number(common.chainId), nonce: Number(common.nonce) }, fees, accessList);
  const rules = Object.values(checkUnsignedTx(tx));
  if (rules.length > 0) refuse(rules);
  return { tx, from };
}
