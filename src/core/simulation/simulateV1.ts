import { type Address, getAddress, type Hex, hexToBigInt } from 'viem';
import { sameHex } from '../bytes';
import type { RawLog } from '../contracts/decode/logs';
import { TRANSFER_TOPIC } from '../contracts/decode/transferTopics';
import { theirWords } from '../errors/theirWords';
import { msg } from '../i18n/message';
import { sameAddress } from '../keys/sameAddress';
import { wordToAddress } from './changes';
import { blockOverrides, type NextBlock } from './nextBlock';
import type { Execution, NativeTransfer } from './types';

/** What eth_simulateV1 cannot show, said with each of its previews. */
const V1_NOTE = msg('core.chain:simulation.note.v1Creations');

/**
 * With `traceTransfers`, eth_simulateV1 reports every movement of native coin as an ERC-20
 * Transfer log from this pseudo-address (execution-apis src/eth/execute.yaml).
 */
export const NATIVE_TRANSFER_EMITTER: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';

/**
 * Where the calls run: the next block after the latest (its number, time and base fee), and the
 * state overrides: the sender's nonce when the transaction names one (a nonce past the latest
 * block's waits behind the person's pending transactions; the check would refuse it), and the
 * designators that stand for upgrades signed only at Confirm.
 */
export type V1Block = {
  block: NextBlock;
  overrides?: Record<string, { nonce?: Hex; code?: Hex }> | undefined;
};

/** The request for one call in one block, with native transfers traced and the transaction checked as a block would. */
export function simulateV1Params(call: Record<string, unknown>, at: V1Block): unknown[] {
  return simulateV1BlockParams([call], at);
}

/** Calls made one after another in one block, each seeing the state the ones before it left. */
export function simulateV1BlockParams(calls: Record<string, unknown>[], { block, overrides }: V1Block): unknown[] {
  const state = overrides && Object.keys(overrides).length > 0 ? { stateOverrides: overrides } : {};
  return [
    {
      blockStateCalls: [{ blockOverrides: blockOverrides(block, true), ...state, calls }],
      traceTransfers: true,
      validation: true,
    },
    'latest',
  ];
}

type SimLog = { address: Address; topics: Hex[]; data: Hex };
type SimCall = {
  status: Hex;
  gasUsed: Hex;
  returnData?: Hex;
  logs?: SimLog[];
  error?: { code?: number; message?: string; data?: Hex };
};
type SimBlock = { calls?: SimCall[] };

/**
 * Reads the answer of eth_simulateV1 for one call in one block (execution-apis format): status,
 * gas used, logs, native transfers (the logs from NATIVE_TRANSFER_EMITTER, taken out of the logs),
 * and the revert data of a failed call. Throws a TypeError when the answer is not of that shape.
 * The answer does not say which contracts were created inside the call: only a top-level creation
 * is known (the caller adds it, from the sender and nonce).
 */
export function parseSimulateV1(answer: unknown): Execution {
  return parseSimulateV1Calls(answer, 1)[0] as Execution;
}

/** The executions of the first `count` calls of the answer's first block, each read as parseSimulateV1 reads one. */
export function parseSimulateV1Calls(answer: unknown, count: number): Execution[] {
  const calls = Array.isArray(answer) ? (answer[0] as SimBlock | undefined)?.calls : undefined;
  if (!Array.isArray(calls) || calls.length < count)
    throw new TypeError('eth_simulateV1 answered without a call result');
  return calls.slice(0, count).map(parseCall);
}

/** What call `index` of the answer's first block returned (a creation's: its runtime code), if it says. */
export function returnDataOf(answer: unknown, index: number): Hex | undefined {
  const calls = Array.isArray(answer) ? (answer[0] as SimBlock | undefined)?.calls : undefined;
  const returned = Array.isArray(calls) ? calls[index]?.returnData : undefined;
  return typeof returned === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(returned) ? returned : undefined;
}

function parseCall(call: SimCall): Execution {
  if (typeof call?.status !== 'string' || typeof call.gasUsed !== 'string') {
    throw new TypeError('eth_simulateV1 answered without a call result');
  }
  const ok = hexToBigInt(call.status) === 1n;
  const logs: RawLog[] = [];
  const native: NativeTransfer[] = [];
  for (const log of call.logs ?? []) {
    const [topic0, from, to] = log.topics;
    const isNative =
      sameAddress(log.address, NATIVE_TRANSFER_EMITTER) &&
      sameHex(topic0, TRANSFER_TOPIC) &&
      from !== undefined &&
      to !== undefined;
    if (isNative) {
      native.push({ from: wordToAddress(from), to: wordToAddress(to), value: hexToBigInt(log.data) });
    } else {
      logs.push({ address: getAddress(log.address), topics: log.topics, data: log.data, logIndex: logs.length });
    }
  }
  return {
    ok,
    revertData: ok ? undefined : (call.error?.data ?? call.returnData ?? '0x'),
    error: ok || call.error?.message === undefined ? undefined : theirWords(call.error.message),
    gasUsed: hexToBigInt(call.gasUsed),
    // A reverted call keeps no logs and moves nothing, whatever a node lists.
    logs: ok ? logs : [],
    native: ok ? native : [],
    created: [],
    notes: [V1_NOTE],
  };
}
