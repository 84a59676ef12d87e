import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { PortfolioToken } from '@/core/assets/token';
import type { Network } from '@/core/chain/networks';
import { broadcast, CHANNELS } from '@/core/channels';
import type { VerifyError } from '@/core/errors/verify';
import { codeValue, type Message, messageCode, msg } from '@/core/i18n/message';
import { type CallCheck, differsIsLie } from '@/core/verify/checkedCall';
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

/**
 * A network whose node was caught saying something false: what, at which block, and whether the
 * person acknowledged it (sending is held until they do; a clean check clears it).
 */
export type VerificationAlarm = {
  block: bigint;
  problems: Message[];
  contradictions: Contradiction[];
  acknowledged: boolean;
  /** What was caught, without the amounts: a new lie asks for a new acknowledgement. */
  caught: string;
  /**
   * Caught on a review's call, not on the balances: a clean balance check does not end it (the
   * balances do not read what the call read); a review whose call checks out does.
   */
  byCall?: true;
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

/**
 * Notes a finished check: an alarm when it caught a lie (kept acknowledged while the same lie
 * lasts; a new one asks again). The alarm ends only with a check that had a trusted header and
 * met no problem at all: a node caught lying cannot end it by then refusing its proofs.
 */
export function noteBalanceCheck(
  network: Network,
  check: BalanceCheck,
  assets: { native: { symbol: string; decimals: number }; tokens: readonly PortfolioToken[] },
): void {
  alarmStore.setState(({ alarms }) => {
    const { [network.id]: before, ...others } = alarms;
    if (!caughtLying(check)) {
      const clean = check.header !== undefined && check.problems.length === 0;
      return (clean && !before?.byCall) || !before ? { alarms: others } : { alarms };
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
    const caught = JSON.stringify([
      problems.map((problem) => messageCode(problem)),
      contradictions.map((c) => `${c.account}:${c.asset}:${c.source}`).sort(),
    ]);
    // The same lie at the next block: the alarm stands as it was (an alert that changed at every
    // block would be read out again at every block).
    if (before?.caught === caught) return { alarms };
    const alarm: VerificationAlarm = {
      block: check.block,
      problems,
      contradictions,
      acknowledged: before?.caught === caught && before.acknowledged,
      caught,
    };
    return { alarms: { ...others, [network.id]: alarm } };
  });
}

/**
 * Notes a review's call check (checkCall): an alarm when the node's answer differs from Cairn's
 * run over proven state on a chain whose EVM is Ethereum's (differsIsLie), or a proof failed on the
 * way (at about `block`); a call that checks out
 * ends an alarm a call raised. Other failures (no proofs, a node that did not answer) change nothing.
 */
export function noteCallCheck(network: Network, block: bigint, outcome: CallCheck | VerifyError): void {
  alarmStore.setState(({ alarms }) => {
    const { [network.id]: before, ...others } = alarms;
    if (!('code' in outcome) && outcome.state === 'verified') return before?.byCall ? { alarms: others } : { alarms };
    // Elsewhere the review says the two differ, and no alarm holds sending on an honest node.
    if (!('code' in outcome) && !differsIsLie(network.chainId)) return { alarms };
    const problem =
      'code' in outcome
        ? isLie(outcome)
          ? outcome.text
          : undefined
        : msg('core.chain:verify.callDiffers', {
            source: codeValue(outcome.source),
            block: outcome.header.number.toString(),
          });
    if (!problem) return { alarms };
    const caught = JSON.stringify(['call', messageCode(problem)]);
    if (before?.caught === caught) return { alarms };
    const alarm: VerificationAlarm = {
      block: 'code' in outcome ? block : outcome.header.number,
      problems: [problem],
      contradictions: [],
      acknowledged: false,
      caught,
      byCall: true,
    };
    return { alarms: { ...others, [network.id]: alarm } };
  });
}

/** Verification is off on the network: no alarm stands. */
export function clearAlarm(network: Network): void {
  if (!alarmStore.getState().alarms[network.id]) return;
  alarmStore.setState(({ alarms }) => {
    const { [network.id]: _, ...others } = alarms;
    return { alarms: others };
  });
}

/** The person read the alarm and chose to send anyway, on this network, while it lasts. */
export function acknowledgeAlarm(network: Network): void {
  alarmStore.setState(({ alarms }) => {
    const alarm = alarms[network.id];
    return alarm ? { alarms: { ...alarms, [network.id]: { ...alarm, acknowledged: true } } } : { alarms };
  });
}

/** The network's alarm, if its node was caught lying. */
export const useVerificationAlarm = (network: Network): VerificationAlarm | undefined =>
  useStore(alarmStore, (state) => state.alarms[network.id]);

/** The network's alarm now, outside React. */
export const currentAlarm = (network: Network): VerificationAlarm | undefined =>
  alarmStore.getState().alarms[network.id];
