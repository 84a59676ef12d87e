/** First run creates the vault (and asks for its password); later, wallets are added to it. */
export type OnboardingMode = 'first-run' | 'add';

export type FlowProps = { mode: OnboardingMode; onDone(): void; onCancel(): void };
