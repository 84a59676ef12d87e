import type { AccessList, Address, Hex } from 'viem';
import { isCairnError } from '../errors/base';
import { type Message, msg } from '../i18n/message';
import { parseAddress } from '../keys/address';
import { GWEI_LABELS, MIN_GAS_LIMIT, parseData, parseGasLimit, parseGwei } from '../tx/advancedInputs';
import { type DecimalFormat, DOT_DECIMALS, parseAmount } from '../tx/amount';
import { parseAccessListText } from './accessList';
import {
  type FieldErrors,
  OFFLINE_TX_TYPES,
  type OfflineFees,
  type OfflineTx,
  type OfflineTxField,
  type OfflineTxType,
  offlineTx,
  whenComplete,
} from './offlineTx';
import { priorityFeeProblem, UINT64_MAX } from './txChecks';
import { chainIdProblem, checkUnsignedTx, gasLimitProblem, nonceProblem, type WeiField, wordProblem } from './txRules';

/**
 * The fields of an offline transaction as a person types them: chain id, nonce and gas limit as
 * whole numbers, the value in the coin's units (ETH, exactly, up to 18 decimals), fees in gwei
 * (up to 9 decimals), both in the one format of the person's language (see parseDecimal), data as
 * hex, and an optional access list as JSON (not for legacy).
 * An empty `to` creates a contract whose code is `data`. Fee fields of other types are ignored.
 */
export type UnsignedTxDraft = {
  type: OfflineTxType;
  chainId: string;
  nonce: string;
  to: string;
  value: string;
  gasLimit: string;
  gasPrice?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  data?: string;
  accessList?: string;
};

export type UnsignedTxResult = { ok: true; tx: OfflineTx } | { ok: false; errors: FieldErrors };

/** Collects one sentence per field while the fields are read. */
class Reader {
  readonly errors: FieldErrors = {};

  /** Runs a parser from tx/ or keys/ and keeps its InputError or KeyError sentence for `field`. */
  attempt<T>(field: OfflineTxField, parse: () => T): T | undefined {
    try {
      return parse();
    } catch (error) {
      if (!isCairnError(error)) throw error;
      this.errors[field] = error.text;
      return undefined;
    }
  }

  /** Keeps `value` unless `rule` has a sentence against it. */
  rule<T>(field: OfflineTxField, value: T | undefined, rule: (value: T) => Message | undefined): T | undefined {
    const problem = value === undefined ? undefined : rule(value);
    if (problem === undefined) return value;
    this.errors[field] = problem;
    return undefined;
  }

  fail(field: OfflineTxField, sentence: Message): undefined {
    this.errors[field] = sentence;
    return undefined;
  }
}

const digits = (text: string) => text.trim().replace(/[_ ]/g, '');

// Chain id and nonce take digits only: "1 0" must not silently become chain 10.
function chainIdOf(r: Reader, text: string): number | undefined {
  const typed = text.trim();
  if (typed === '') return r.fail('chainId', msg('core.signing:chainId.empty'));
  if (!/^\d+$/.test(typed)) return r.fail('chainId', msg('core.signing:chainId.notWhole'));
  const value = r.rule('chainId', BigInt(typed), chainIdProblem);
  return value === undefined ? undefined : Number(value);
}

function nonceOf(r: Reader, text: string): number | undefined {
  const typed = text.trim();
  if (typed === '') return r.fail('nonce', msg('core.signing:nonce.empty'));
  if (!/^\d+$/.test(typed)) return r.fail('nonce', msg('core.signing:nonce.notWhole'));
  const value = r.rule('nonce', BigInt(typed), nonceProblem);
  return value === undefined ? undefined : Number(value);
}

function gasLimitOf(r: Reader, text: string): bigint | undefined {
  const typed = digits(text);
  if (typed === '') return r.fail('gasLimit', msg('core.signing:gasLimit.empty', { min: MIN_GAS_LIMIT }));
  if (/^\d+$/.test(typed) && r.rule('gasLimit', BigInt(typed), gasLimitProblem) === undefined) return undefined;
  // parseGasLimit adds the 21,000 minimum and its sentences.
  return r.attempt('gasLimit', () => parseGasLimit(typed, UINT64_MAX));
}

function gweiOf(
  r: Reader,
  field: OfflineTxField,
  text: string | undefined,
  fee: Exclude<WeiField, 'value'>,
  format: DecimalFormat,
): bigint | undefined {
  if ((text ?? '').trim() === '') return r.fail(field, msg('core.signing:fee.empty', { field: fee }));
  return r.rule(
    field,
    r.attempt(field, () => parseGwei(text ?? '', GWEI_LABELS[fee], format)),
    (v) => wordProblem(v, fee),
  );
}

function accessListOf(r: Reader, type: OfflineTxType, text: string | undefined): AccessList | undefined {
  if (type === 'legacy') {
    if ((text ?? '').trim() === '') return [];
    return r.fail('accessList', msg('core.signing:accessList.legacy'));
  }
  const read = parseAccessListText(text ?? '');
  return read.ok ? read.accessList : r.fail('accessList', read.problem);
}

function feesOf(r: Reader, draft: UnsignedTxDraft, format: DecimalFormat): OfflineFees | undefined {
  if (draft.type !== 'eip1559') {
    const gasPrice = gweiOf(r, 'gasPrice', draft.gasPrice, 'gasPrice', format);
    if (gasPrice === undefined) return undefined;
    return draft.type === 'legacy' ? { type: 'legacy', gasPrice } : { type: 'eip2930', gasPrice };
  }
  const maxFeePerGas = gweiOf(r, 'maxFeePerGas', draft.maxFeePerGas, 'maxFee', format);
  const maxPriorityFeePerGas = gweiOf(r, 'maxPriorityFeePerGas', draft.maxPriorityFeePerGas, 'priorityFee', format);
  if (maxFeePerGas === undefined || maxPriorityFeePerGas === undefined) return undefined;
  // Said with the other fields' problems, not only once they are fixed.
  const priorityProblem = priorityFeeProblem({ maxFeePerGas, maxPriorityFeePerGas });
  if (priorityProblem) return r.fail('maxPriorityFeePerGas', priorityProblem);
  return { type: 'eip1559', maxFeePerGas, maxPriorityFeePerGas };
}

/**
 * Checks every field of a draft and builds the transaction to sign. Each problem is a sentence
 * under its field's name, all fields at once; the rules across fields (gas for the data, the
 * priority fee against the max fee, checked early too) run once every field reads. `nativeSymbol` names the coin
 * in amount sentences; `format` is how the value and fees are typed (the language's decimal
 * separator; dots by default). The transaction holds base units, as the unsigned file does.
 */
export function buildUnsignedTx(
  draft: UnsignedTxDraft,
  nativeSymbol = 'ETH',
  format: DecimalFormat = DOT_DECIMALS,
): UnsignedTxResult {
  if (!OFFLINE_TX_TYPES.includes(draft.type)) {
    return { ok: false, errors: { type: msg('core.signing:offline.chooseType') } };
  }
  const r = new Reader();
  const chainId = chainIdOf(r, draft.chainId);
  const nonce = nonceOf(r, draft.nonce);
  const to: Address | null | undefined = draft.to.trim() === '' ? null : r.attempt('to', () => parseAddress(draft.to));
  const value = r.rule(
    'value',
    r.attempt('value', () => parseAmount(draft.value, 18, nativeSymbol, format)),
    (v) => wordProblem(v, 'value'),
  );
  const gas = gasLimitOf(r, draft.gasLimit);
  const data: Hex | undefined = r.attempt('data', () => parseData(draft.data ?? ''));
  const accessList = accessListOf(r, draft.type, draft.accessList);
  const fees = feesOf(r, draft, format);

  const read = whenComplete({ chainId, nonce, to, value, gas, data, accessList, fees });
  if (read === undefined) return { ok: false, errors: r.errors };
  const { accessList: list, fees: fee, ...common } = read;
  const tx = offlineTx(common, fee, list);
  const rules = checkUnsignedTx(tx);
  return Object.keys(rules).length === 0 ? { ok: true, tx } : { ok: false, errors: rules };
}
