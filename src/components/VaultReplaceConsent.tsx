import { type FormEvent, useState } from 'react';
import { downloadText } from '@/lib/download';
import { errorText } from '@/lib/errorMessages';
import { ErrorAlert } from './ErrorAlert';
import { Field } from './Field';
import ui from './ui.module.css';

/** What the person types to confirm they mean to replace or remove the vault saved here. */
export const REPLACE_WORDS = 'replace my vault';

/**
 * The only way past a vault saved on this device that is about to be replaced or removed: first
 * download it exactly as stored (it stays encrypted; with its password it can be restored later,
 * or opened by a newer Cairn), then confirm in words. Nothing is changed here: `onConfirmed` gets
 * the text that was downloaded, and the vault may be replaced only while it is still exactly that.
 */
export function VaultReplaceConsent({
  actionLabel,
  words = REPLACE_WORDS,
  download: read,
  onConfirmed,
}: {
  actionLabel: string;
  words?: string;
  /** The stored vault's text, or undefined when nothing is stored any more. */
  download(): Promise<string | undefined>;
  onConfirmed(downloadedText: string): void;
}) {
  const [downloaded, setDownloaded] = useState<string>();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [downloadError, setDownloadError] = useState<string>();

  const download = async () => {
    setDownloadError(undefined);
    try {
      const text = await read();
      if (text === undefined) {
        setDownloadError('There is no saved vault left to download: another Cairn window removed it.');
        return;
      }
      downloadText(`cairn-saved-vault-${new Date().toISOString().slice(0, 10)}.json`, text);
      setDownloaded(text);
    } catch (e) {
      setDownloadError(errorText(e));
    }
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (downloaded === undefined) {
      setError('Download the saved vault first: it is the only copy of what it holds.');
      return;
    }
    if (typed.trim().toLowerCase() !== words) {
      setError(`Type “${words}” exactly to confirm, or keep the vault as it is.`);
      return;
    }
    setError(undefined);
    onConfirmed(downloaded);
  };

  return (
    <form className={ui.stack} onSubmit={confirm} noValidate aria-label="Keep a copy of the saved vault">
      <p>
        First keep a copy of the vault saved here. The file stays encrypted: with its password it can be restored later
        (“Restore a Cairn backup”), or opened by a newer version of Cairn.
      </p>
      <div className={ui.actions}>
        <button type="button" onClick={() => void download()}>
          Download the saved vault
        </button>
        {downloaded !== undefined && <span role="status">Saved vault downloaded.</span>}
      </div>
      <ErrorAlert message={downloadError} />
      <Field label={`To confirm, type: ${words}`} error={error}>
        <input
          type="text"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
        />
      </Field>
      <div className={ui.actions}>
        <button type="submit" className={ui.dangerButton}>
          {actionLabel}
        </button>
      </div>
    </form>
  );
}
