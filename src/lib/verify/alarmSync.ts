import { broadcast, CHANNELS } from '@/core/channels';
import { type Alarms, alarmStore, type VerificationAlarm } from '@/core/verify/alarm';

/**
 * Every window of the profile holds the same alarms (core/verify/alarm.ts): a lie caught on Home
 * holds sending in a site's window too, through the one gate (core/verify/sendingGate.ts). A
 * window tells the others of each change, and asks them for theirs when it starts.
 */
type AlarmMessage =
  | { kind: 'ask' }
  | { kind: 'state'; alarms: Alarms }
  | { kind: 'change'; changed: Readonly<Record<string, VerificationAlarm | null>> };

let started = false;

/** Joins this window's alarms to the other windows' (once; later calls do nothing). */
export function syncAlarmsAcrossWindows(): void {
  if (started) return;
  started = true;
  const channel = broadcast(CHANNELS.verification);
  if (!channel) return;
  /** Set while applying another window's news, which is not told back. */
  let applying = false;
  const apply = (next: Alarms) => {
    applying = true;
    try {
      alarmStore.setState({ alarms: next });
    } finally {
      applying = false;
    }
  };
  channel.listen((message) => {
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
    channel.post({ kind: 'change', changed } satisfies AlarmMessage);
  });
  channel.post({ kind: 'ask' } satisfies AlarmMessage);
}
