import { type Hex, keccak256, stringToHex } from 'viem';
import type { SavedAbi } from '../contracts/decode/abiIndex';
import type { DecodedLog } from '../contracts/decode/logs';
import type { CallEffects } from '../verify/callEffects';
import { logChanges } from './changes';
import type { SimulationResult } from './types';

/** Why a preview's changes are not proven, though the call's result may be. */
export type UnprovenReason =
  /** The preview read balances before and after (stateOverride), not logs: nothing to hold the run's against. */
  | 'readings'
  /** The state was proven at another block than the one the preview ran on. */
  | 'otherBlock'
  /** They differ, and the call reads the block or the gas price, which the preview set otherwise. */
  | 'readsBlock'
  /** Cairn's EVM cannot follow coin moves on this chain's fork (before Cancun). */
  | 'untraced'
  /** A contract self-destructs, and the preview's trace (struct logs) leaves out the coin it sends on. */
  | 'selfDestruct'
  /** The transaction runs code at the sender that is not there in proven state, nor put there by an authorization it carries. */
  | 'ownCode'
  /** There was no preview to hold against the run (it failed). */
  | 'noPreview';

/**
 * A preview's changes held against Cairn's own run of the same call over proven state. `proven`:
 * the same outcome, the same events and the same net coin moves; `differs`: the first that is not
 * the same (`node` and `proven`: how many events each has; for the outcome, whether each succeeds).
 */
export type ChangesProof =
  | { state: 'proven' }
  | { state: 'differs'; what: 'outcome'; nodeSucceeds: boolean }
  | { state: 'differs'; what: 'events'; node: number; proven: number }
  | { state: 'differs'; what: 'coin' }
  | { state: 'unproven'; reason: UnprovenReason };

/** The run's side: its effects, and whether it reverted. */
export type ProvenRun = CallEffects & { reverted: boolean };

const SELF_DESTRUCT_NOTE = 'core.chain:simulation.note.selfDestruct';

const withBigInts = (_: string, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value);

/** One log as the review has it, whatever its case: its emitter and either its decoded event or its raw topics and data. */
function logKey(log: DecodedLog): string {
  const address = log.address.toLowerCase();
  if (log.name === undefined)
    return JSON.stringify([address, log.topics.map((t) => t.toLowerCase()), log.data.toLowerCase()]);
  return JSON.stringify([address, log.id, log.args], withBigInts);
}

/** Each address's net change of native coin (in − out), those that end where they began left out. */
function netCoin(changes: SimulationResult['changes']): Map<string, bigint> {
  const nets = new Map<string, bigint>();
  for (const change of changes) {
    if (change.kind !== 'native') continue;
    const key = change.address.toLowerCase();
    nets.set(key, (nets.get(key) ?? 0n) + change.in - change.out);
  }
  for (const [key, net] of nets) if (net === 0n) nets.delete(key);
  return nets;
}

const sameNets = (a: Map<string, bigint>, b: Map<string, bigint>) =>
  a.size === b.size && [...a].every(([key, net]) => b.get(key) === net);

/**
 * Holds a preview `shown` in the review against the proven run of the same call at the block it
 * ran on (the caller checks that block). Compared exactly: whether it succeeds; its events, one by
 * one in order, as the review decodes them (with the same `saved` ABIs), so every token change
 * and approval they make is the same too; and each address's net change of native coin (nodes
 * differ in listing a move to oneself, which nets to nothing). Not compared: gas (the preview runs
 * as the next block, with its fees), and the contracts a call creates (eth_simulateV1 does not
 * list those made inside it).
 *
 * Where they differ, the difference is the node's, unless the call read its block or the gas
 * price, which the preview set otherwise (then `readsBlock`: not proven, not a lie). A preview
 * made from balance readings (stateOverride) has no events to compare: never proven.
 */
export function proveChanges(shown: SimulationResult, run: ProvenRun, saved: readonly SavedAbi[] = []): ChangesProof {
  if (shown.strategy === 'stateOverride') return { state: 'unproven', reason: 'readings' };
  const differs = (found: ChangesProof): ChangesProof =>
    run.readsBlock ? { state: 'unproven', reason: 'readsBlock' } : found;
  if (shown.outcome.ok === run.reverted)
    return differs({ state: 'differs', what: 'outcome', nodeSucceeds: shown.outcome.ok });
  const proven = logChanges(run.logs, run.moves ?? [], saved);
  const events = proven.logs.map(logKey);
  const shownEvents = shown.logs.map(logKey);
  if (events.length !== shownEvents.length || events.some((key, i) => key !== shownEvents[i]))
    return differs({ state: 'differs', what: 'events', node: shownEvents.length, proven: events.length });
  if (!run.moves) return { state: 'unproven', reason: 'untraced' };
  if (!sameNets(netCoin(shown.changes), netCoin(proven.changes))) {
    if (shown.notes.some((note) => note.id === SELF_DESTRUCT_NOTE))
      return { state: 'unproven', reason: 'selfDestruct' };
    return differs({ state: 'differs', what: 'coin' });
  }
  return { state: 'proven' };
}

/**
 * What of a preview `proveChanges` holds against a proven run, as one string: two previews with
 * the same key are proven or not alike (whatever block each ran on).
 */
export function changesKey(shown: SimulationResult): Hex {
  const events = shown.logs.map(logKey);
  const coin = [...netCoin(shown.changes)].map(([address, net]) => `${address}:${net}`);
  const notes = shown.notes.map((note) => note.id);
  return keccak256(stringToHex(JSON.stringify([shown.strategy, shown.outcome.ok, events, coin, notes])));
}
