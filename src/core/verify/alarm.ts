import { createStore } from 'zustand/vanilla';
import { type Message, messageCode } from '../i18n/message';

/** One figure the node claimed and a proof contradicted, as the banner names it. */
export type Contradiction = {
  account: string;
  /** The token's address (lower case), or 'native'. */
  asset: string;
  symbol: string;
  decimals: number;
  claimed: bigint;
  proven: bigint;
  source: string;
};

/** A review's call the node answered otherwise than Cairn's EVM over proven state, or a proof that failed on the way. */
export type CallLie = {
  /** The source and the transaction: a lie told again about the same call replaces it. */
  key: string;
  /** The transaction reviewed: only it checking out ends the lie. */
  transaction: string;
  problem: Message;
  block: bigint;
  /** The RPC URL that told it: a lie of a node no longer listed ends with it. */
  source: string;
};

/**
 * A network whose node was caught saying something false: what the balance checks caught (at
 * which block), what reviews' calls caught, and whether the person acknowledged it (sending is
 * held until they do: sendingGate.ts). Each part ends by its own rule: a clean balance check ends
 * the balances' part, each call's lie ends when that call checks out.
 */
export type VerificationAlarm = {
  block: bigint;
  problems: Message[];
  contradictions: Contradiction[];
  calls: CallLie[];
  /** Kept through the same lies told again (amounts and blocks aside); a new lie asks again. */
  acknowledged: boolean;
};

/** What names a network's alarm: its id (a Network has it). */
export type AlarmNetwork = { readonly id: string };

/** Every network's alarm, by network id. */
export type Alarms = Readonly<Record<string, VerificationAlarm>>;

/**
 * This window's alarms. Every window of the profile holds the same ones: lib/verify/alarmSync.ts
 * tells the others of each change over a BroadcastChannel.
 */
export const alarmStore = createStore<{ alarms: Alarms }>()(() => ({ alarms: {} }));

/** A lie as told, whatever the block: the same lie at the next block is the same lie. */
const lieCode = (problem: Message): string => {
  const { block: _, ...values } = problem.values ?? {};
  return messageCode({ ...problem, values });
};

/** The balances' part of what was caught, without the amounts. */
export const balanceCaught = (problems: readonly Message[], contradictions: readonly Contradiction[]): string =>
  JSON.stringify([problems.map(lieCode), contradictions.map((c) => `${c.account}:${c.asset}:${c.source}`).sort()]);

const callsCaught = (calls: readonly CallLie[]) => calls.map((c) => `${c.key}|${lieCode(c.problem)}`).sort();

type AlarmParts = Pick<VerificationAlarm, 'block' | 'problems' | 'contradictions' | 'calls'>;

/**
 * The alarm with `parts` changed; none when no lie is left. The acknowledgement stands when no
 * new lie came (the same ones again, or a part ended), and is asked again when one did.
 */
export function alarmWith(
  before: VerificationAlarm | undefined,
  parts: Partial<AlarmParts>,
): VerificationAlarm | undefined {
  const next: AlarmParts = { block: 0n, problems: [], contradictions: [], calls: [], ...before, ...parts };
  if (next.problems.length === 0 && next.contradictions.length === 0 && next.calls.length === 0) return undefined;
  const balances = balanceCaught(next.problems, next.contradictions);
  const calls = callsCaught(next.calls);
  const oldBalances = before ? balanceCaught(before.problems, before.contradictions) : balanceCaught([], []);
  const oldCalls = before ? callsCaught(before.calls) : [];
  const sameCalls = calls.length === oldCalls.length && calls.every((c, i) => c === oldCalls[i]);
  if (before && balances === oldBalances && sameCalls && before.block === next.block) return before;
  const newLie =
    (balances !== balanceCaught([], []) && balances !== oldBalances) || calls.some((c) => !oldCalls.includes(c));
  return { ...next, acknowledged: (before?.acknowledged ?? false) && !newLie };
}

/** Replaces the network's alarm with what `change` makes of it (none: no alarm). */
export function changeAlarm(
  network: AlarmNetwork,
  change: (before: VerificationAlarm | undefined) => VerificationAlarm | undefined,
): void {
  alarmStore.setState((state) => {
    const { [network.id]: before, ...others } = state.alarms;
    const after = change(before);
    if (after === before) return state;
    return { alarms: after ? { ...others, [network.id]: after } : others };
  });
}

/** The network's alarm now, if its node was caught lying. */
export const alarmOf = (network: AlarmNetwork): VerificationAlarm | undefined =>
  alarmStore.getState().alarms[network.id];
