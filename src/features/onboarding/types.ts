import { createContext } from 'react';

/** First run creates the vault (and asks for its password); later, wallets are added to it. */
export type OnboardingMode = 'first-run' | 'add';

export type FlowProps = { mode: OnboardingMode; onDone(): void; onCancel(): void };

/**
 * Once the person downloaded a damaged or newer vault saved here and confirmed in words that what
 * they set up now replaces it (see VaultReplaceConsent): the text they downloaded. The vault is
 * replaced only if it is still exactly that.
 */
export const ReplaceConsent = createContext<string | undefined>(undefined);
