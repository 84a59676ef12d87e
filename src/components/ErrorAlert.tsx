import type { Message } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { T } from './T';
import ui from './ui.module.css';

/** What a person can do about an error, right beside it: usually read again ("Try again"). */
export type ErrorAction = {
  label: string;
  onAction: () => void;
  /** True while the action runs: the button says so and ignores further presses. */
  busy?: boolean | undefined;
};

/**
 * An error beside what it is about, announced as it appears; nothing while there is none. With
 * an `action`, the way out sits in the same place (a failed read shows where its content would
 * be, with a button that reads again); `details` are technical words, folded away. A message
 * given as a Message is worded at render, its addresses and code isolated left to right.
 */
export function ErrorAlert({
  message,
  action,
  details,
}: {
  message: Message | string | undefined;
  action?: ErrorAction | undefined;
  details?: string | undefined;
}) {
  const t = useT();
  if (!message) return null;
  if (!action && !details) {
    return (
      <p role="alert" className={ui.noticeDanger}>
        <T message={message} />
      </p>
    );
  }
  return (
    <div role="alert" className={`${ui.noticeDanger} ${ui.stack}`}>
      <p className={ui.flush}>
        <T message={message} />
      </p>
      {details && (
        <details>
          <summary>{t('common:errorAlert.details')}</summary>
          <p className={ui.flush}>{details}</p>
        </details>
      )}
      {action && (
        <div className={ui.actions}>
          <button
            type="button"
            className={ui.secondary}
            aria-disabled={action.busy || undefined}
            onClick={() => {
              if (!action.busy) action.onAction();
            }}
          >
            {action.busy ? t('common:errorAlert.readingAgain') : action.label}
          </button>
        </div>
      )}
    </div>
  );
}
