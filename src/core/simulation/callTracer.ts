import { type Address, getAddress, type Hex, hexToBigInt } from 'viem';
import type { RawLog } from '../contracts/decode/logs';
import { theirWords } from '../errors/theirWords';
import type { Execution, NativeTransfer } from './types';

/** The tracer options: geth's callTracer with the logs of each frame. */
export const CALL_TRACER = { tracer: 'callTracer', tracerConfig: { withLog: true } } as const;

/** A frame of geth's callTracer (eth/tracers/native/call.go; docs: "Built-in tracers"). */
export type CallFrame = {
  type: string;
  from: Address;
  to?: Address;
  value?: Hex;
  gas?: Hex;
  gasUsed: Hex;
  input?: Hex;
  output?: Hex;
  error?: string;
  revertReason?: string;
  calls?: CallFrame[];
  /** `position`: how many child calls the frame had made when it emitted the log. */
  logs?: { address: Address; topics: Hex[]; data: Hex; position?: Hex | number }[];
};

const MOVES_VALUE = new Set(['CALL', 'CREATE', 'CREATE2', 'SELFDESTRUCT']);

/**
 * Reads a callTracer answer (withLog): the outcome of the top frame, its gas, and the logs, native
 * transfers and creations of every frame that did not fail, in execution order. A failed frame
 * drops its logs and value and those of everything below it. DELEGATECALL and STATICCALL move no
 * value (the value shown on a DELEGATECALL is the caller's); CALLCODE sends value to itself.
 * Throws a TypeError when the answer is not a call frame.
 */
export function parseCallTracer(answer: unknown): Execution {
  const root = answer as CallFrame | undefined;
  if (!root || typeof root !== 'object' || typeof root.type !== 'string' || typeof root.gasUsed !== 'string') {
    throw new TypeError('debug_traceCall (callTracer) answered without a call frame');
  }
  const out: Pick<Execution, 'logs' | 'native' | 'created'> = { logs: [], native: [], created: [] };
  const ok = root.error === undefined;
  if (ok) walk(root, out);
  return {
    ok,
    revertData: ok ? undefined : (root.output ?? '0x'),
    error: ok ? undefined : theirWords(root.revertReason ?? root.error ?? ''),
    gasUsed: hexToBigInt(root.gasUsed),
    ...out,
    notes: [],
  };
}

function walk(frame: CallFrame, out: { logs: RawLog[]; native: NativeTransfer[]; created: Address[] }) {
  if (frame.error !== undefined) return;
  const value = frame.value ? hexToBigInt(frame.value) : 0n;
  const type = frame.type.toUpperCase();
  if (frame.to && (type === 'CREATE' || type === 'CREATE2')) out.created.push(getAddress(frame.to));
  if (value > 0n && frame.to && MOVES_VALUE.has(type)) {
    out.native.push({ from: getAddress(frame.from), to: getAddress(frame.to), value });
  }
  const calls = frame.calls ?? [];
  const logs = frame.logs ?? [];
  const at = (log: (typeof logs)[number]) => (log.position === undefined ? 0 : Number(log.position));
  const emit = (position: number) => {
    for (const log of logs.filter((l) => at(l) === position)) {
      out.logs.push({
        address: getAddress(log.address),
        topics: log.topics,
        data: log.data,
        logIndex: out.logs.length,
      });
    }
  };
  calls.forEach((call, i) => {
    emit(i);
    walk(call, out);
  });
  emit(calls.length);
}
