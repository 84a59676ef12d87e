import type { ReactNode } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import ui from '@/components/ui.module.css';
import type { Message } from '@/core/i18n/message';
import { t } from '@/lib/i18n';
import styles from './onboarding.module.css';
import { StepHeading } from './StepHeading';

/**
 * One step of an onboarding flow: its heading, an optional description, the step's own content,
 * its error, then the Continue button and an optional secondary button (Back by default).
 * Submitting, by the button or Enter in a field, calls `onContinue`; the fields check themselves.
 * No hooks: the flows that render it take the onboarding catalog (useT) and re-render it when
 * the language changes.
 */
export function StepForm({
  title,
  description,
  error,
  children,
  onContinue,
  continueLabel = t('onboarding:step.continue'),
  continueDisabled = false,
  busy = false,
  busyLabel = continueLabel,
  onBack,
  backLabel = t('onboarding:step.back'),
  backDisabled = false,
}: {
  title: string;
  /** A paragraph under the heading. */
  description?: ReactNode;
  /** Shown after the content, just above the buttons. */
  error?: Message | string | undefined;
  children?: ReactNode;
  onContinue(): void | Promise<void>;
  continueLabel?: string;
  continueDisabled?: boolean;
  /** While work runs: Continue is disabled and reads `busyLabel` (such as 'Saving…'). */
  busy?: boolean;
  busyLabel?: string;
  onBack?: () => void;
  backLabel?: string;
  backDisabled?: boolean;
}) {
  return (
    // Keyed by its title so that each step of a flow is a new form whose heading takes the focus.
    <form
      key={title}
      className={styles.step}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onContinue();
      }}
    >
      <StepHeading>{title}</StepHeading>
      {description !== undefined && <p>{description}</p>}
      {children}
      <ErrorAlert message={error} />
      <div className={ui.actions}>
        <button type="submit" disabled={busy || continueDisabled}>
          {busy ? busyLabel : continueLabel}
        </button>
        {onBack && (
          <button type="button" className={ui.secondary} onClick={onBack} disabled={backDisabled}>
            {backLabel}
          </button>
        )}
      </div>
    </form>
  );
}
