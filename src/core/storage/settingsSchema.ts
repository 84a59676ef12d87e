import type { ThrottleState } from '../vault/unlockThrottle';

/** Everything Cairn keeps in the (unencrypted) settings store. Nothing here is secret. */
export type SettingsSchema = {
  selectedNetworkId: string;
  selectedAccountId: string;
  autoLockMinutes: number;
  unlockThrottle: ThrottleState;
};
