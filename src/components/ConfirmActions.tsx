import ui from './ui.module.css';

/**
 * A review's last row: its action (saying so while it runs) and the way back; both held while the
 * action runs.
 */
export function ConfirmActions({
  busy,
  onConfirm,
  onCancel,
  words,
}: {
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The action's label, its label while it runs, and the way back's. */
  words: { confirm: string; busy: string; cancel: string };
}) {
  return (
    <div className={ui.actions}>
      <button type="button" onClick={onConfirm} disabled={busy}>
        {busy ? words.busy : words.confirm}
      </button>
      <button type="button" className={ui.secondary} onClick={onCancel} disabled={busy}>
        {words.cancel}
      </button>
    </div>
  );
}
