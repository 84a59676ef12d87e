import { useStore } from 'zustand';
import type { PortfolioToken } from '@/core/assets/token';
import type { Network } from '@/core/chain/networks';
import { sameAddress } from '@/core/keys/sameAddress';
import {
  alarmOf,
  alarmStore,
  alarmWith,
  balanceCaught,
  type Contradiction,
  changeAlarm,
  type VerificationAlarm,
} from '@/core/verify/alarm';
import { type BalanceCheck, caughtLying, isLie } from '@/core/verify/figureChecks';
import { holdsSending } from '@/core/verify/sendingGate';
import { syncAlarmsAcrossWindows } from './verify/alarmSync';

// The alarm's state and rules live in core (core/verify/alarm.ts), beside the one gate that holds
// sending (core/verify/sendingGate.ts); this file keeps the names the screens and checks use.
export type { CallLie, Contradiction, VerificationAlarm } from '@/core/verify/alarm';
export { alarmWith, changeAlarm } from '@/core/verify/alarm';

syncAlarmsAcrossWindows();

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
        const known = assets.tokens.find((t) => sameAddress(t.address, token));
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

/** Whether sending on `network` is held, by the gate's own rule (core/verify/sendingGate.ts). */
export const useSendingHeld = (network: Network): boolean =>
  useStore(alarmStore, (state) => holdsSending(state.alarms[network.id]));

/** The network's alarm now, outside React. */
export const currentAlarm = (network: Network): VerificationAlarm | undefined => alarmOf(network);
