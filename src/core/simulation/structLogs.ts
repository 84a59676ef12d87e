import { type Address, getAddress, type Hex } from 'viem';
import type { RawLog } from '../contracts/decode/logs';
import { SimulationError } from '../errors/simulation';
import { type Message, msg } from '../i18n/message';
import type { Execution, NativeTransfer } from './types';

/** Options for the default (struct log) tracer: memory is needed for log data, storage never. */
export const STRUCT_LOGGER = { disableStorage: true, enableMemory: true } as const;

/** Beyond these a trace is refused rather than read: a browser tab must stay responsive. */
export const STRUCT_LOG_LIMITS = { maxSteps: 250_000, maxLogBytes: 64 * 1024 } as const;

const SELF_DESTRUCT_NOTE = msg('core.chain:simulation.note.selfDestruct');

export type StructLog = { depth: number; op: string; stack?: string[]; memory?: string[] };
type StructAnswer = { failed: boolean; gas: number | string; returnValue?: string; structLogs: StructLog[] };

/** The transaction traced: who sent it, and the address its top frame runs as (the new contract for a creation). */
export type TracedCall = { from: Address; self: Address; value: bigint; isCreate: boolean };

/** An address not known yet: the contract a CREATE makes is known only when it returns. */
type Ref = { address: Address | undefined };
type Item =
  | { kind: 'log'; self: Ref; topics: Hex[]; data: Hex }
  | { kind: 'move'; from: Ref; to: Ref; value: bigint }
  | { kind: 'created'; ref: Ref };
type Frame = { callerDepth: number; self: Ref; isCreate: boolean; items: Item[] };

const hex = (word: string): Hex => (word.startsWith('0x') ? (word as Hex) : `0x${word}`);
const big = (word: string | undefined): bigint => (word === undefined ? 0n : BigInt(hex(word)));
const toAddress = (word: string | undefined): Address => getAddress(`0x${big(word).toString(16).padStart(40, '0')}`);

/** The i-th item from the top of a step's stack (0 = top): struct logs list the stack bottom first. */
function peek(step: StructLog, i: number): string | undefined {
  const stack = step.stack ?? [];
  return stack[stack.length - 1 - i];
}

function readMemory(step: StructLog, offset: bigint, size: bigint): Hex {
  if (size > BigInt(STRUCT_LOG_LIMITS.maxLogBytes)) {
    throw new SimulationError('SIMULATION_TOO_LARGE', msg('core.chain:simulation.logTooLarge'));
  }
  if (size === 0n) return '0x';
  const memory = (step.memory ?? []).map((w) => (w.startsWith('0x') ? w.slice(2) : w)).join('');
  const start = Number(offset) * 2;
  // Memory past what the step lists reads as zeros (the EVM expands it for the LOG).
  return `0x${memory.slice(start, start + Number(size) * 2).padEnd(Number(size) * 2, '0')}`;
}

/**
 * Reads the default tracer's answer (geth's struct logs, as Hardhat also gives them): walks the
 * steps keeping a stack of call frames by depth. LOG0–LOG4 take their topics from the stack and
 * their data from memory; CALL and CREATE/CREATE2 with value move native coin; a frame's result is
 * the word its caller finds on its stack when it resumes (0 when it failed, the new address for a
 * creation), and a failed frame drops its logs, moves and creations. SELFDESTRUCT's amount is not
 * in the trace: it is noted, not guessed. Throws SIMULATION_TOO_LARGE past STRUCT_LOG_LIMITS, and a
 * TypeError when the answer is not struct logs.
 */
export function parseStructLogs(answer: unknown, call: TracedCall): Execution {
  const trace = answer as StructAnswer | undefined;
  if (!trace || typeof trace.failed !== 'boolean' || !Array.isArray(trace.structLogs)) {
    throw new TypeError('debug_traceCall answered without struct logs');
  }
  if (trace.structLogs.length > STRUCT_LOG_LIMITS.maxSteps) {
    throw new SimulationError(
      'SIMULATION_TOO_LARGE',
      msg('core.chain:simulation.tooManySteps', { steps: STRUCT_LOG_LIMITS.maxSteps }),
    );
  }
  const notes = new Set<Message>();
  const root: Frame = { callerDepth: 0, self: { address: call.self }, isCreate: call.isCreate, items: [] };
  const frames: Frame[] = [root];
  const top = () => frames[frames.length - 1] as Frame;

  for (const step of trace.structLogs) {
    while (frames.length > 1 && step.depth <= top().callerDepth) {
      const child = frames.pop() as Frame;
      close(child, top(), peek(step, 0));
    }
    const frame = top();
    const op = step.op;
    if (/^LOG[0-4]$/.test(op)) {
      const count = Number(op.slice(3));
      const topics = Array.from({ length: count }, (_, i) =>
        hex(
          big(peek(step, 2 + i))
            .toString(16)
            .padStart(64, '0'),
        ),
      );
      const data = readMemory(step, big(peek(step, 0)), big(peek(step, 1)));
      frame.items.push({ kind: 'log', self: frame.self, topics, data });
    } else if (op === 'CALL' || op === 'CALLCODE' || op === 'DELEGATECALL' || op === 'STATICCALL') {
      const target: Ref = { address: toAddress(peek(step, 1)) };
      // CALLCODE and DELEGATECALL run the target's code as the caller; CALLCODE's value goes to itself.
      const self = op === 'CALL' || op === 'STATICCALL' ? target : frame.self;
      const child: Frame = { callerDepth: step.depth, self, isCreate: false, items: [] };
      const value = op === 'CALL' ? big(peek(step, 2)) : 0n;
      if (value > 0n) child.items.push({ kind: 'move', from: frame.self, to: target, value });
      frames.push(child);
    } else if (op === 'CREATE' || op === 'CREATE2') {
      const child: Frame = { callerDepth: step.depth, self: { address: undefined }, isCreate: true, items: [] };
      child.items.push({ kind: 'created', ref: child.self });
      const value = big(peek(step, 0));
      if (value > 0n) child.items.push({ kind: 'move', from: frame.self, to: child.self, value });
      frames.push(child);
    } else if (op === 'SELFDESTRUCT') {
      notes.add(SELF_DESTRUCT_NOTE);
    }
  }
  // Frames still open when the trace ends never returned: they failed.
  frames.length = 1;
  const ok = !trace.failed;
  const execution: Execution = {
    ok,
    revertData: ok ? undefined : hex(trace.returnValue ?? ''),
    error: undefined,
    gasUsed: BigInt(trace.gas),
    logs: [],
    native: [],
    created: [],
    notes: [...notes],
  };
  if (!ok) return execution;
  const items: Item[] = [];
  if (call.isCreate) items.push({ kind: 'created', ref: root.self });
  if (call.value > 0n) items.push({ kind: 'move', from: { address: call.from }, to: root.self, value: call.value });
  collect([...items, ...root.items], execution);
  return execution;
}

function close(child: Frame, parent: Frame, result: string | undefined) {
  const word = big(result);
  if (word === 0n) return;
  if (child.isCreate) child.self.address = toAddress(result);
  parent.items.push(...child.items);
}

function collect(items: readonly Item[], out: Execution) {
  const known = (ref: Ref): Address => {
    if (!ref.address) throw new TypeError('a created contract without an address');
    return ref.address;
  };
  for (const item of items) {
    if (item.kind === 'log') {
      const log: RawLog = {
        address: known(item.self),
        topics: item.topics,
        data: item.data,
        logIndex: out.logs.length,
      };
      out.logs.push(log);
    } else if (item.kind === 'move') {
      const move: NativeTransfer = { from: known(item.from), to: known(item.to), value: item.value };
      out.native.push(move);
    } else {
      out.created.push(known(item.ref));
    }
  }
}
