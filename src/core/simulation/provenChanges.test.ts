import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { eventLog } from '../../testing/eventLog';
import type { RawLog } from '../contracts/decode/logs';
import { msg } from '../i18n/message';
import { logChanges } from './changes';
import { changesKey, type ProvenRun, proveChanges } from './provenChanges';
import type { NativeTransfer, SimulationResult, SimulationStrategy } from './types';

const token = getAddress('0x1000000000000000000000000000000000000001');
const alice = getAddress('0xa11ce00000000000000000000000000000000001');
const bob = getAddress('0xb0b0000000000000000000000000000000000002');
const carol = getAddress('0xca70100000000000000000000000000000000003');
const TRANSFER = 'event Transfer(address indexed from, address indexed to, uint256 value)';
const sent = (to = bob, amount = 5n) => eventLog(token, TRANSFER, [alice, to, amount]);

/** A preview as a strategy would show it: its logs and coin moves made into changes the one way they are. */
function preview(logs: RawLog[], native: NativeTransfer[], strategy: SimulationStrategy = 'structLogs', ok = true) {
  const made = logChanges(logs, native);
  return {
    strategy,
    advisory: true,
    block: 10n,
    outcome: ok
      ? { ok: true }
      : { ok: false, reason: msg('core.chain:simulation.failsSilently'), revert: undefined, revertData: '0x' },
    gasUsed: 50_000n,
    ...made,
    created: [],
    notes: [],
  } as SimulationResult;
}

const run = (logs: RawLog[], moves: NativeTransfer[] = [], more: Partial<ProvenRun> = {}): ProvenRun => ({
  logs,
  moves,
  readsBlock: false,
  reverted: false,
  ...more,
});

describe('a preview’s changes held against the proven run', () => {
  it('proves a preview that shows the run’s events and coin moves, in the same order', () => {
    const move = { from: alice, to: bob, value: 7n };
    expect(proveChanges(preview([sent(), sent(carol)], [move]), run([sent(), sent(carol)], [move]))).toEqual({
      state: 'proven',
    });
  });

  it('catches a preview that hides the run’s events (an emptied trace), adds one, or changes one', () => {
    expect(proveChanges(preview([], []), run([sent()]))).toEqual({
      state: 'differs',
      what: 'events',
      node: 0,
      proven: 1,
    });
    expect(proveChanges(preview([sent(), sent()], []), run([sent()]))).toMatchObject({ what: 'events', node: 2 });
    expect(proveChanges(preview([sent(carol)], []), run([sent()]))).toMatchObject({
      what: 'events',
      node: 1,
      proven: 1,
    });
    expect(proveChanges(preview([sent(bob, 6n)], []), run([sent()]))).toMatchObject({ state: 'differs' });
    // The same events in another order are another run.
    expect(proveChanges(preview([sent(carol), sent()], []), run([sent(), sent(carol)]))).toMatchObject({
      state: 'differs',
    });
  });

  it('catches coin moved otherwise, and nets a move to oneself as nodes list it or not', () => {
    const drain = { from: alice, to: carol, value: 2n * 10n ** 18n };
    expect(proveChanges(preview([], []), run([], [drain]))).toEqual({ state: 'differs', what: 'coin' });
    expect(proveChanges(preview([], [{ ...drain, to: bob }]), run([], [drain]))).toMatchObject({ what: 'coin' });
    // callTracer lists a call to oneself with value; Cairn's EVM (EIP-7708) does not: both net to nothing.
    const self = { from: alice, to: alice, value: 3n };
    expect(proveChanges(preview([], [self, drain]), run([], [drain]))).toEqual({ state: 'proven' });
  });

  it('catches an outcome the node gives otherwise, and proves two failures alike', () => {
    expect(proveChanges(preview([], [], 'callTracer', false), run([sent()]))).toEqual({
      state: 'differs',
      what: 'outcome',
      nodeSucceeds: false,
    });
    expect(proveChanges(preview([], [], 'callTracer', false), run([], [], { reverted: true }))).toEqual({
      state: 'proven',
    });
  });

  it('does not call a difference a lie when the call read its block or gas price, which the preview set otherwise', () => {
    expect(proveChanges(preview([], []), run([sent()], [], { readsBlock: true }))).toEqual({
      state: 'unproven',
      reason: 'readsBlock',
    });
    // The same changes stay proven whatever the call read.
    expect(proveChanges(preview([sent()], []), run([sent()], [], { readsBlock: true }))).toEqual({ state: 'proven' });
  });

  it('never proves a preview made of balance readings, nor coin moves Cairn’s EVM cannot follow', () => {
    expect(proveChanges(preview([], [], 'stateOverride'), run([]))).toEqual({ state: 'unproven', reason: 'readings' });
    expect(proveChanges(preview([sent()], []), run([sent()], undefined, { moves: undefined }))).toEqual({
      state: 'unproven',
      reason: 'untraced',
    });
  });

  it('leaves a self-destruct’s coin unproven where the struct-log trace says it cannot see it', () => {
    const shown = { ...preview([], []), notes: [msg('core.chain:simulation.note.selfDestruct')] };
    expect(proveChanges(shown, run([], [{ from: alice, to: bob, value: 1n }]))).toEqual({
      state: 'unproven',
      reason: 'selfDestruct',
    });
  });

  it('keys previews by what is proven of them, not by their block or gas', () => {
    const shown = preview([sent()], []);
    expect(changesKey({ ...shown, block: 11n, gasUsed: 1n })).toBe(changesKey(shown));
    expect(changesKey(preview([], []))).not.toBe(changesKey(shown));
  });
});
