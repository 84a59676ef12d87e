import type { ThrottleState } from './unlockThrottle';

/** The settings the vault reads and writes itself; the session's SettingsSchema includes them. */
export type VaultSettings = {
  unlockThrottle: ThrottleState;
  /** The account chosen last, to choose again after the next unlock. */
  selectedAccountId: string;
};
