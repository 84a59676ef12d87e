import { type FeedKnowledge, indexOf, phaseOf, type Round, type RoundReadResult, roundIdOf } from './rounds';

/** A range of at most this many rounds is read whole. */
export const READ_WHOLE_RANGE = 64;
/** Rounds probed evenly in a longer range: each read narrows it about this many times. */
export const PROBES_PER_RANGE = 24;
/** Fewer even probes where the rounds' times let the search guess where the target is. */
const PROBES_BESIDE_GUESS = 6;
/** Rounds read around the guess. */
const GUESS_WINDOW = 2;
/** A phase is taken to have ended before this many rounds in a row without data. */
export const PHASE_END_RUN = 3;
/** The probe ladder for a phase's length goes up to 2^LADDER_TOP rounds. */
const LADDER_TOP = 40;

type Target = {
  time: number;
  phase: number;
  /** The last round known at or before `time` in this phase (its index), or 0. */
  lo: number;
  /** The first round known after `time` in this phase (its index), or past the phase's end. */
  hi: number | undefined;
  best: Round | undefined;
  /** Set once answered: the round, or null when the feed has no round that early. */
  answer?: Round | null;
};

/** The search for the rounds in force at some times, on one feed. */
export type RoundSearch = {
  latest: Round;
  knowledge: FeedKnowledge;
  targets: Target[];
  /** Rounds taken as empty because their read failed without a reason: never kept. */
  unclear: Set<bigint>;
};

/** Per phase: the rounds known to have data, by index, and the indices known to have none. */
type PhaseView = { indices: number[]; rounds: Round[]; empty: number[] };

/**
 * Starts looking for the round in force at each time (the last one updated at or before it),
 * given the feed's latest round and what is already known of the feed.
 */
export function startRoundSearch(latest: Round, times: readonly number[], knowledge: FeedKnowledge): RoundSearch {
  knowledge.rounds.set(latest.id, latest);
  // Only a phase before the latest round's has ended; the current one (and any end kept for it
  // while it was current) grows with every round.
  for (const phase of knowledge.phaseEnds.keys()) if (phase >= phaseOf(latest.id)) knowledge.phaseEnds.delete(phase);
  knowledge.phaseEnds.set(phaseOf(latest.id), indexOf(latest.id));
  const targets = times.map(
    (time): Target =>
      time >= latest.updatedAt
        ? { time, phase: phaseOf(latest.id), lo: 0, hi: undefined, best: undefined, answer: latest }
        : { time, phase: phaseOf(latest.id), lo: 0, hi: undefined, best: undefined },
  );
  return { latest, knowledge, targets, unclear: new Set() };
}

/** Adds rounds read to what the search knows. */
export function learnRounds(search: RoundSearch, reads: ReadonlyMap<bigint, RoundReadResult>): void {
  for (const [id, read] of reads) {
    if (read === 'unclear') search.unclear.add(id);
    search.knowledge.rounds.set(id, read === 'unclear' ? null : read);
  }
}

/** Targets still unanswered (the search ran out of steps): they got the last round known before them. */
export function unansweredTargets(search: RoundSearch): number {
  return search.targets.filter((t) => t.answer === undefined).length;
}

/**
 * What may be kept of the search's knowledge: every round read with a clear answer, and the ends
 * of the phases before the latest round's, unless one was found from an unclear read.
 */
export function keptKnowledge(search: RoundSearch): FeedKnowledge {
  const rounds = new Map([...search.knowledge.rounds].filter(([id]) => !search.unclear.has(id)));
  const unclearPhases = new Set([...search.unclear].map(phaseOf));
  const current = phaseOf(search.latest.id);
  const phaseEnds = new Map(
    [...search.knowledge.phaseEnds].filter(([phase]) => phase < current && !unclearPhases.has(phase)),
  );
  return { rounds, phaseEnds };
}

/**
 * Moves every target as far as what is known allows and returns the round ids to read next,
 * at most `limit`; none once every target is answered.
 */
export function nextRoundReads(search: RoundSearch, limit: number): bigint[] {
  const views = phaseViews(search.knowledge);
  const wanted = new Set<bigint>();
  for (const target of search.targets) {
    if (target.answer !== undefined) continue;
    for (const id of settle(target, search.knowledge, views)) {
      if (wanted.size >= limit) return [...wanted];
      wanted.add(id);
    }
  }
  return [...wanted];
}

/** The round in force at each time (undefined before the feed's first round). */
export function roundsFound(search: RoundSearch): Map<number, Round | undefined> {
  // A target left unanswered (reads ran out) gets the last round known before its time.
  return new Map(search.targets.map((t) => [t.time, t.answer === undefined ? t.best : (t.answer ?? undefined)]));
}

function phaseViews(knowledge: FeedKnowledge): Map<number, PhaseView> {
  const views = new Map<number, PhaseView>();
  const view = (phase: number) => {
    let v = views.get(phase);
    if (!v) {
      v = { indices: [], rounds: [], empty: [] };
      views.set(phase, v);
    }
    return v;
  };
  const sorted = [...knowledge.rounds.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [id, read] of sorted) {
    const v = view(phaseOf(id));
    if (read) {
      v.indices.push(indexOf(id));
      v.rounds.push(read);
    } else v.empty.push(indexOf(id));
  }
  return views;
}

/** Index of the first element greater than `value` in an ascending array. */
function firstAbove(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((sorted[mid] as number) > value) high = mid;
    else low = mid + 1;
  }
  return low;
}

const NO_VIEW: PhaseView = { indices: [], rounds: [], empty: [] };

/** Narrows a target with what is known; returns the ids it needs next (none when answered). */
function settle(target: Target, knowledge: FeedKnowledge, views: Map<number, PhaseView>): bigint[] {
  for (;;) {
    if (target.phase < 1) {
      target.answer = null;
      return [];
    }
    const view = views.get(target.phase) ?? NO_VIEW;
    const end = phaseEnd(target.phase, knowledge, view);
    if (typeof end !== 'number') {
      // While the phase's end is looked for, a short enough phase is read whole at the same time.
      const upper = end.upper;
      const whole = upper !== undefined && upper - target.lo - 1 <= READ_WHOLE_RANGE;
      return whole ? [...end.reads, ...probes(target.phase, target.lo, upper, view, 1)] : end.reads;
    }
    let lo = target.lo;
    let hi = Math.min(target.hi ?? end + 1, end + 1);
    // Known rounds inside (lo, hi): times grow with the index, so the last one at or before the
    // target's time is the new lower bound and the one after it the new upper bound.
    const from = firstAbove(view.indices, lo);
    const to = firstAbove(view.indices, hi - 1);
    let at = from;
    while (at < to && (view.rounds[at] as Round).updatedAt <= target.time) at++;
    if (at > from) {
      lo = view.indices[at - 1] as number;
      target.best = view.rounds[at - 1];
    }
    if (at < to) hi = view.indices[at] as number;
    target.lo = lo;
    target.hi = hi;
    const emptyInside = firstAbove(view.empty, hi - 1) - firstAbove(view.empty, lo);
    if (hi - lo - 1 - emptyInside > 0) return targetProbes(target, view);
    if (target.best) {
      target.answer = target.best;
      return [];
    }
    // Nothing at or before this time in this phase: the round in force is in an earlier one.
    target.phase -= 1;
    target.lo = 0;
    target.hi = undefined;
  }
}

/** The phase's last index, from what is known, or the ids to read to learn it. */
function phaseEnd(
  phase: number,
  knowledge: FeedKnowledge,
  view: PhaseView,
): number | { reads: bigint[]; upper: number | undefined } {
  const known = knowledge.phaseEnds.get(phase);
  if (known !== undefined) return known;
  const endLo = view.indices.at(-1) ?? 0;
  const endHi = emptyRunAfter(view, endLo);
  if (endHi === undefined) {
    const ladder: bigint[] = [];
    for (let step = 0; step <= LADDER_TOP; step++) {
      const index = 2 ** step;
      if (index > endLo) ladder.push(...runIds(phase, index, view));
    }
    if (ladder.length > 0) return { reads: ladder, upper: undefined };
    knowledge.phaseEnds.set(phase, endLo);
    return endLo;
  }
  const emptyInside = firstAbove(view.empty, endHi - 1) - firstAbove(view.empty, endLo);
  if (endHi - endLo - 1 - emptyInside === 0) {
    knowledge.phaseEnds.set(phase, endLo);
    return endLo;
  }
  return { reads: probes(phase, endLo, endHi, view, PHASE_END_RUN), upper: endHi };
}

/** The first index above `after` that starts a run of PHASE_END_RUN rounds known to have no data. */
function emptyRunAfter(view: PhaseView, after: number): number | undefined {
  const empty = view.empty;
  for (let i = firstAbove(empty, after); i < empty.length; i++) {
    const start = empty[i] as number;
    let run = 1;
    while (run < PHASE_END_RUN && empty[i + run] === start + run) run++;
    if (run === PHASE_END_RUN) return start;
  }
  return undefined;
}

/** Ids of the `run` rounds from `index` not yet known. */
function runIds(phase: number, index: number, view: PhaseView): bigint[] {
  const ids: bigint[] = [];
  for (let i = index; i < index + PHASE_END_RUN; i++) if (!isKnown(view, i)) ids.push(roundIdOf(phase, i));
  return ids;
}

function isKnown(view: PhaseView, index: number): boolean {
  const inSorted = (sorted: readonly number[]) => {
    const at = firstAbove(sorted, index) - 1;
    return at >= 0 && sorted[at] === index;
  };
  return inSorted(view.indices) || inSorted(view.empty);
}

/**
 * Rounds to read for a target between its bounds: where both bounds' times are known, the rounds
 * around where the time falls if rounds came at an even pace (they mostly do: a heartbeat), plus
 * a few even probes in case they did not; else even probes, and the phase's first round.
 */
function targetProbes(target: Target, view: PhaseView): bigint[] {
  const { phase, lo } = target;
  const hi = target.hi as number;
  if (hi - lo - 1 <= READ_WHOLE_RANGE) return probes(phase, lo, hi, view, 1);
  const timeAt = (index: number) => {
    const at = firstAbove(view.indices, index) - 1;
    return at >= 0 && view.indices[at] === index ? view.rounds[at]?.updatedAt : undefined;
  };
  const loTime = lo > 0 ? timeAt(lo) : undefined;
  const hiTime = timeAt(hi);
  if (loTime === undefined || hiTime === undefined || hiTime <= loTime) {
    const first = lo === 0 && !isKnown(view, 1) ? [roundIdOf(phase, 1)] : [];
    return [...first, ...probes(phase, lo, hi, view, 1)];
  }
  const guess = lo + Math.floor(((target.time - loTime) / (hiTime - loTime)) * (hi - lo));
  const ids: bigint[] = [];
  for (let i = Math.max(lo + 1, guess - GUESS_WINDOW); i <= Math.min(hi - 1, guess + GUESS_WINDOW); i++)
    if (!isKnown(view, i)) ids.push(roundIdOf(phase, i));
  return [...ids, ...probes(phase, lo, hi, view, 1, PROBES_BESIDE_GUESS)];
}

/**
 * Rounds to read inside (lo, hi): all those not yet known when the range is short, else `count`
 * evenly spaced probes (each with the `run` - 1 rounds after it, when looking for a phase's end).
 */
function probes(
  phase: number,
  lo: number,
  hi: number,
  view: PhaseView,
  run: number,
  count = PROBES_PER_RANGE,
): bigint[] {
  const ids: bigint[] = [];
  if (hi - lo - 1 <= READ_WHOLE_RANGE) {
    for (let i = lo + 1; i < hi; i++) if (!isKnown(view, i)) ids.push(roundIdOf(phase, i));
    return ids;
  }
  for (let p = 1; p <= count; p++) {
    let index = lo + Math.round((p * (hi - lo)) / (count + 1));
    while (index < hi && isKnown(view, index)) index++;
    for (let i = index; i < Math.min(index + run, hi); i++) if (!isKnown(view, i)) ids.push(roundIdOf(phase, i));
  }
  return ids;
}
