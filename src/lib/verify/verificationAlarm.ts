import { useStore } from 'zustand';
import type { Network } from '@/core/chain/networks';
import { alarmStore, type VerificationAlarm } from '@/core/verify/alarm';
import { holdsSending } from '@/core/verify/sendingGate';
import { syncAlarmsAcrossWindows } from './alarmSync';

// The screens' binding to the alarm store (core/verify/alarm.ts). Its rules are core's
// (core/verify/alarmRules.ts), and the checks note what they find through the window's verifier
// (core/verify/verifier.ts); every window shares the store over its channel (verify/alarmSync.ts).
export type { CallLie, Contradiction, VerificationAlarm } from '@/core/verify/alarm';

syncAlarmsAcrossWindows();

/** The network's alarm, if its node was caught lying. */
export const useVerificationAlarm = (network: Network): VerificationAlarm | undefined =>
  useStore(alarmStore, (state) => state.alarms[network.id]);

/** Whether sending on `network` is held, by the gate's own rule (core/verify/sendingGate.ts). */
export const useSendingHeld = (network: Network): boolean =>
  useStore(alarmStore, (state) => holdsSending(state.alarms[network.id]));
