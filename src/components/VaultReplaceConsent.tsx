import { type FormEvent, useState } from 'react';
import { type Message, msg } from '@/core/i18n/message';
import { downloadText } from '@/lib/browser/download';
import { intlLocale, useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { ErrorAlert } from './ErrorAlert';
import { Field } from './Field';
import ui from './ui.module.css';

/** What the person types to confirm they mean to replace or remove the vault saved here (its message). */
export const REPLACE_WORDS = 'common:vaultReplace.words' as const;

/**
 * The only way past a vault saved on this device that is about to be replaced or removed: first
 * download it exactly as stored (it stays encrypted; with its password it can be restored later,
 * or opened by a newer Cairn), then confirm in words. Nothing is changed here: `onConfirmed` gets
 * the text that was downloaded, and the vault may be replaced only while it is still exactly that.
 */
export function VaultReplaceConsent({
  actionLabel,
  words: givenWords,
  download: read,
  onConfirmed,
}: {
  actionLabel: string;
  /** What to type, in the language shown (default: "replace my vault"). */
  words?: string;
  /** The stored vault's text, or undefined when nothing is stored any more. */
  download(): Promise<string | undefined>;
  onConfirmed(downloadedText: string): void;
}) {
  const t = useT();
  const words = givenWords ?? t(REPLACE_WORDS);
  const [downloaded, setDownloaded] = useState<string>();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<Message>();
  const [downloadError, setDownloadError] = useState<Message | string>();

  const download = async () => {
    setDownloadError(undefined);
    try {
      const text = await read();
      if (text === undefined) {
        setDownloadError(msg('common:vaultReplace.nothingLeft'));
        return;
      }
      downloadText(t('common:vaultReplace.fileName', { date: new Date().toISOString().slice(0, 10) }), text);
      setDownloaded(text);
    } catch (e) {
      setDownloadError(errorMessage(e));
    }
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (downloaded === undefined) {
      setError(msg('common:vaultReplace.downloadFirst'));
      return;
    }
    const locale = intlLocale();
    if (typed.trim().toLocaleLowerCase(locale) !== words.toLocaleLowerCase(locale)) {
      setError(msg('common:vaultReplace.typeExactly', { words: givenWords ?? msg(REPLACE_WORDS) }));
      return;
    }
    setError(undefined);
    onConfirmed(downloaded);
  };

  return (
    <form className={ui.stack} onSubmit={confirm} noValidate aria-label={t('common:vaultReplace.form')}>
      <p>{t('common:vaultReplace.intro')}</p>
      <div className={ui.actions}>
        <button type="button" onClick={() => void download()}>
          {t('common:vaultReplace.download')}
        </button>
        {downloaded !== undefined && <span role="status">{t('common:vaultReplace.downloaded')}</span>}
      </div>
      <ErrorAlert message={downloadError} />
      <Field label={t('common:vaultReplace.typeLabel', { words })} error={error}>
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
