import { getAddress, type Hex, pad } from 'viem';
import { describe, expect, it } from 'vitest';
import callTracerPartialFailed from '@/testing/fixtures/simulation/callTracer-withLog-partial-failed.json';
import simulateForward from '@/testing/fixtures/simulation/simulateV1-eth-forward.json';
import simulateForwardRevert from '@/testing/fixtures/simulation/simulateV1-eth-forward-revert.json';
import { theirWords } from '../errors/theirWords';
import { type CallFrame, parseCallTracer } from './callTracer';
import { parseSimulateV1 } from './simulateV1';
import { parseStructLogs, STRUCT_LOG_LIMITS, type StructLog } from './structLogs';

const c0 = getAddress('0xc000000000000000000000000000000000000000');
const c1 = getAddress('0xc100000000000000000000000000000000000000');

describe('eth_simulateV1 answers (execution-apis recordings)', () => {
  it('takes native transfers out of the logs, the one the call carries and the one its contract forwards', () => {
    const execution = parseSimulateV1(simulateForward);
    expect(execution).toMatchObject({ ok: true, gasUsed: 0xdad2n, logs: [], revertData: undefined });
    expect(execution.native).toEqual([
      { from: c0, to: c1, value: 1000n },
      { from: c1, to: getAddress('0x0000000000000000000000000000000000000100'), value: 1000n },
    ]);
  });

  it('reads a reverted call: no logs, no moves, its revert data', () => {
    expect(parseSimulateV1(simulateForwardRevert)).toMatchObject({
      ok: false,
      revertData: '0x',
      error: theirWords('execution reverted'),
      gasUsed: 0x5423n,
      logs: [],
      native: [],
    });
  });

  it('refuses an answer of another shape', () => {
    expect(() => parseSimulateV1({ calls: [] })).toThrow(TypeError);
    expect(() => parseSimulateV1([{ calls: [] }])).toThrow(TypeError);
  });
});

describe('callTracer answers', () => {
  it('keeps the logs of a frame that succeeded and drops the child that failed (geth recording)', () => {
    const execution = parseCallTracer(callTracerPartialFailed);
    expect(execution).toMatchObject({ ok: true, gasUsed: 0x209b1n, native: [], created: [] });
    expect(execution.logs).toHaveLength(1);
    expect(execution.logs[0]?.address).toBe(getAddress('0xcf1476387d780169410d4e936d75a206fda2a68c'));
  });

  const frame = (over: Partial<CallFrame>): CallFrame => ({
    type: 'CALL',
    from: c0,
    to: c1,
    gasUsed: '0x5208',
    ...over,
  });
  const log = (n: number, position?: number) => ({
    address: c1,
    topics: [pad(`0x${n.toString(16)}` as Hex)],
    data: '0x' as Hex,
    ...(position === undefined ? {} : { position: `0x${position.toString(16)}` as Hex }),
  });

  it('orders logs by position among child calls, moves value by CALL/CREATE only, lists creations', () => {
    const created = getAddress('0xd000000000000000000000000000000000000000');
    const execution = parseCallTracer(
      frame({
        value: '0x10',
        logs: [log(1, 0), log(3, 2)],
        calls: [
          frame({ type: 'DELEGATECALL', from: c1, to: c0, value: '0x10', logs: [log(2)] }),
          frame({ type: 'CREATE2', from: c1, to: created, value: '0x5' }),
          frame({ type: 'CALL', from: c1, to: c0, value: '0x7', error: 'execution reverted', logs: [log(9)] }),
        ],
      }),
    );
    expect(execution.logs.map((l) => Number(BigInt(l.topics[0] as Hex)))).toEqual([1, 2, 3]);
    expect(execution.native).toEqual([
      { from: c0, to: c1, value: 16n },
      { from: c1, to: created, value: 5n },
    ]);
    expect(execution.created).toEqual([created]);
  });

  it('reads a reverted top frame: its output is the revert data, nothing moves', () => {
    const execution = parseCallTracer(
      frame({ value: '0x10', error: 'execution reverted', revertReason: 'no', output: '0x08c379a0', logs: [log(1)] }),
    );
    expect(execution).toMatchObject({
      ok: false,
      revertData: '0x08c379a0',
      error: theirWords('no'),
      logs: [],
      native: [],
    });
  });
});

describe('struct logs (the default tracer, as Hardhat gives it)', () => {
  const word = (n: bigint | string) =>
    (typeof n === 'string' ? n.slice(2).toLowerCase() : n.toString(16)).padStart(64, '0');
  const call = (depth: number, to: string, value: bigint): StructLog => ({
    depth,
    op: 'CALL',
    stack: ['0', '0', '0', '0', word(value), word(to), word(100_000n)].map((w) => w.padStart(64, '0')),
  });
  const step = (depth: number, op: string, top?: bigint): StructLog => ({
    depth,
    op,
    stack: top === undefined ? [] : [word(top)],
  });

  it('keeps the moves of calls that succeeded (to an account without code, too) and drops those that failed', () => {
    const trace = {
      failed: false,
      gas: 50_000,
      returnValue: '',
      structLogs: [
        call(1, c0, 5n),
        step(1, 'POP', 1n), // the call to an account without code succeeded at once
        call(1, c1, 7n),
        step(2, 'PUSH1'),
        step(2, 'REVERT'),
        step(1, 'POP', 0n), // …this one failed
        step(1, 'STOP'),
      ],
    };
    const from = getAddress('0xa000000000000000000000000000000000000000');
    const self = getAddress('0xb000000000000000000000000000000000000000');
    const execution = parseStructLogs(trace, { from, self, value: 3n, isCreate: false });
    expect(execution.native).toEqual([
      { from, to: self, value: 3n },
      { from: self, to: c0, value: 5n },
    ]);
    expect(execution.gasUsed).toBe(50_000n);
  });

  it('refuses a trace beyond its limit with a clear error', () => {
    const structLogs = Array.from({ length: STRUCT_LOG_LIMITS.maxSteps + 1 }, () => step(1, 'JUMPDEST'));
    expect(() =>
      parseStructLogs({ failed: false, gas: 1, structLogs }, { from: c0, self: c1, value: 0n, isCreate: false }),
    ).toThrow(expect.objectContaining({ code: 'SIMULATION_TOO_LARGE' }));
  });
});
