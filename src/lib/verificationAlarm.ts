import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { PortfolioToken } from '@/core/assets/token';
import type { Network } from '@/core/chain/networks';
import { broadcast, CHANNELS } from '@/core/channels';
import { type Message, messageCode } from '@/core/i18n/message';
import { type BalanceCheck, caughtLying, isLie } from '@/core/verify/figureChecks';

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
 * held until they do). Each part ends by its own rule: a clean balance check ends the balances'
 * part, each call's lie ends when that call checks out.
 */
export type VerificationAlarm = {
  block: bigint;
  problems: Message[];
  contradictions: Contradiction[];
  calls: CallLie[];
  /** Kept through the same lies told again (amounts and blocks aside); a new lie asks again. */
  acknowledged: boolean;
};

type Alarms = Readonly<Record<string, VerificationAlarm>>;

const alarmStore = createStore<{ alarms: Alarms }>()(() => ({ alarms: {} }));

/**
 * Every window of the profile holds the same alarms: a lie caught on Home holds sending in a site's
 * window too. A window tells the others of each change, and asks them for theirs when it starts.
 */
type AlarmMessage =
  | { kind: 'ask' }
  | { kind: 'state'; alarms: Alarms }
  | { kind: 'change'; changed: Readonly<Record<string, VerificationAlarm | null>> };
const channel = broadcast(CHANNELS.verification);
/** Set while applying another window's news, which is not told back. */
let applying = false;

function apply(next: Alarms): void {
  applying = true;
  try {
    alarmStore.setState({ alarms: next });
  } finally {
    applying = false;
  }
}

channel?.listen((message) => {
  const said = message as AlarmMessage | undefined;
  const mine = alarmStore.getState().alarms;
  if (said?.kind === 'ask') channel.post({ kind: 'state', alarms: mine } satisfies AlarmMessage);
  // An answer to this window's ask adds the networks it knew nothing of.
  if (said?.kind === 'state') apply({ ...said.alarms, ...mine });
  if (said?.kind === 'change') {
    const next: Record<string, VerificationAlarm> = { ...mine };
    for (const [id, alarm] of Object.entries(said.changed)) {
      if (alarm) next[id] = alarm;
      else delete next[id];
    }
    apply(next);
  }
});
alarmStore.subscribe((state, previous) => {
  if (applying || state.alarms === previous.alarms) return;
  const changed: Record<string, VerificationAlarm | null> = {};
  for (const id of new Set([...Object.keys(state.alarms), ...Object.keys(previous.alarms)]))
    if (state.alarms[id] !== previous.alarms[id]) changed[id] = state.alarms[id] ?? null;
  channel?.post({ kind: 'change', changed } satisfies AlarmMessage);
});
channel?.post({ kind: 'ask' } satisfies AlarmMessage);

/** A lie as told, whatever the block: the same lie at the next block is the same lie. */
const lieCode = (problem: Message): string => {
  const { block: _, ...values } = problem.values ?? {};
  return messageCode({ ...problem, values });
};

/** The balances' part of what was caught, without the amounts. */
const balanceCaught = (problems: readonly Message[], contradictions: readonly Contradiction[]) =>
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
  network: Network,
  change: (before: VerificationAlarm | undefined) => VerificationAlarm | undefined,
): void {
  alarmStore.setState((state) => {
    const { [network.id]: before, ...others } = state.alarms;
    const after = change(before);
    if (after === before) return state;
    return { alarms: after ? { ...others, [network.id]: after } : others };
  });
}

/**
 * Notes a finished balance check: an alarm when it caught a lie (kept acknowledged while the same
 * lie lasts; a new one asks again). The balances' part ends only with a check that had a trusted
 * header and met no problem at all: a node caught lying cannot end it by then refusing its proofs.
 * A clean check leaves a call's lie standing, unless the node that told it is no longer listed.
 */
export function noteBalanceCheck(
  network: Network,
  check: BalanceCheck,
  assets: { native: { symbol: string; decimals: number }; tokens: readonly PortfolioToken[] },
): void {
  changeAlarm(network, (before) => {
    if (!caughtLying(check)) {
      const clean = check.header !== undefined && check.problems.length === 0;
      if (!before || !clean) return before;
      // A call's lie stands through clean balances, while its node is listed.
      const calls = before.calls.filter((call) => network.rpcUrls.includes(call.source));
      return alarmWith(before, { problems: [], contradictions: [], calls, block: calls[0]?.block ?? before.block });
    }
    const contradictions: Contradiction[] = [];
    for (const [account, figure] of check.native)
      if (figure.state === 'contradicted')
        contradictions.push({ account, asset: 'native', ...assets.native, ...figure });
    for (const [account, perToken] of check.tokens) {
      for (const [token, figure] of perToken) {
        const known = assets.tokens.find((t) => t.address.toLowerCase() === token);
        if (figure.state === 'contradicted' && known)
          contradictions.push({ account, asset: token, symbol: known.symbol, decimals: known.decimals, ...figure });
      }
    }
    const problems = check.problems.filter(isLie).map((problem) => problem.text);
    // The same lie at the next block: the alarm stands as it was (an alert that changed at every
    // block would be read out again at every block).
    if (before && balanceCaught(before.problems, before.contradictions) === balanceCaught(problems, contradictions))
      return before;
    return alarmWith(before, { block: check.block, problems, contradictions });
  });
}

/** Verification is off on the network: no alarm stands. */
export function clearAlarm(network: Network): void {
  changeAlarm(network, () => undefined);
}

/** The person read the alarm and chose to send anyway, on this network, while it lasts. */
export function acknowledgeAlarm(network: Network): void {
  changeAlarm(network, (alarm) => alarm && { ...alarm, acknowledged: true });
}

/** The network's alarm, if its node was caught lying. */
export const useVerificationAlarm = (network: Network): VerificationAlarm | undefined =>
  useStore(alarmStore, (state) => state.alarms[network.id]);

/** The network's alarm now, outside React. */
export const currentAlarm = (network: Network): VerificationAlarm | undefined =>
  alarmStore.getState().alarms[network.id];
