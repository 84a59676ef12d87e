import { type ChangeEvent, useId, useState } from 'react';
import { Field } from '@/components/Field';
import { TextField } from '@/components/TextField';
import { UrScanner } from '@/components/UrScanner';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import { type Message, msg } from '@/core/i18n/message';
import type { SafeState } from '@/core/safe/readSafe';
import { parseSafeTxText } from '@/core/safe/safeTxFile';
import { parseSafeTxUr } from '@/core/safe/safeTxUr';
import { readSmallTextFile } from '@/lib/browser/download';
import { useT } from '@/lib/i18n';
import { RefusedList } from './RefusedList';
import styles from './safe.module.css';
import { type ImportOutcome, useSafeImport } from './useSafeImport';

/**
 * Taking in what another owner sent: a pasted `cairn:` link or file text, a chosen file, or a
 * scanned QR code. What is refused says why where it was given, keeping what was pasted; what is
 * taken says so, each refused signature with its reason.
 */
export function ImportSection({ network, state }: { network: Network; state: SafeState }) {
  const t = useT('safe');
  const { outcome, run } = useSafeImport(network, state);
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<Message | string>();
  const [fileError, setFileError] = useState<Message | string>();
  const [busy, setBusy] = useState(false);

  const importText = async () => {
    setBusy(true);
    setFileError(undefined);
    const problem = await run(() => parseSafeTxText(text));
    setTextError(problem);
    if (!problem) setText('');
    setBusy(false);
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setTextError(undefined);
    setFileError(await run(async () => parseSafeTxText(await readSmallTextFile(file))));
  };

  return (
    <section className={ui.section} aria-labelledby="safe-import-title">
      <h2 id="safe-import-title">{t('safe:import.title')}</h2>
      <p>{t('safe:import.intro')}</p>
      <form
        className={ui.stack}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void importText();
        }}
      >
        <TextField label={t('safe:import.textLabel')} error={textError} value={text} onChange={setText} rows={4} />
        <div className={ui.actions}>
          <button type="submit" disabled={busy || text.trim() === ''}>
            {busy ? t('safe:import.checking') : t('safe:import.submit')}
          </button>
        </div>
      </form>
      <Field label={t('safe:import.fileLabel')} error={fileError}>
        <input type="file" accept=".json,application/json,text/plain" onChange={(e) => void importFile(e)} />
      </Field>
      <details className={styles.scan}>
        <summary>{t('safe:import.scan')}</summary>
        <UrScanner what={msg('safe:import.scanWhat')} onUr={(ur) => run(() => parseSafeTxUr(ur))} />
      </details>
      {outcome && <Outcome outcome={outcome} />}
    </section>
  );
}

/** What the last import took and refused. */
function Outcome({ outcome }: { outcome: ImportOutcome }) {
  const t = useT('safe');
  const id = useId();
  const nonce = outcome.pending.tx.nonce.toString();
  return (
    <div className={`${ui.card} ${ui.stack}`} role="status" aria-labelledby={id}>
      <p id={id} className={ui.flush}>
        {t(outcome.known ? 'safe:import.knownKept' : 'safe:import.newKept', { nonce })}{' '}
        {t('safe:import.added', { count: outcome.accepted.length })}
      </p>
      {outcome.nonceUsed && (
        <p className={`${ui.noticeWarning} ${ui.flush}`}>{t('safe:import.nonceUsed', { nonce })}</p>
      )}
      <RefusedList refused={outcome.refused} counted />
    </div>
  );
}
