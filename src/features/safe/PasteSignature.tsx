import { useState } from 'react';
import type { Address } from 'viem';
import { T } from '@/components/T';
import { TextField } from '@/components/TextField';
import ui from '@/components/ui.module.css';
import { codeValue, type Message, msg } from '@/core/i18n/message';
import type { PastedOutcome } from '@/core/safe/pastedSignatures';
import type { PendingSafeTx } from '@/core/safe/pendingSafeTx';
import type { SafeState } from '@/core/safe/readSafe';
import { checkPastedSignatureText } from '@/core/safe/safeImport';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useAllKeptSafeTxs, useSafeTxActions } from '@/lib/safeScreenHooks';
import { RefusedList } from './RefusedList';
import styles from './safe.module.css';

/**
 * A signature an owner made outside Cairn (Safe's own app, cast, a hardware wallet), pasted on the
 * transaction's card: checked over its safeTxHash against the Safe's owners now (not an owner,
 * counted already, made for another transaction: refused, saying so), then kept with it, naming
 * whose it is. The field keeps what was pasted until something is taken.
 */
export function PasteSignature({
  state,
  pending,
  counted,
}: {
  state: SafeState;
  pending: PendingSafeTx;
  /** The owners who have confirmed already, by signature or on-chain. */
  counted: readonly Address[];
}) {
  const t = useT('safe');
  const kept = useAllKeptSafeTxs();
  const { keepSafeTx } = useSafeTxActions();
  const [text, setText] = useState('');
  const [error, setError] = useState<Message | string>();
  const [outcome, setOutcome] = useState<PastedOutcome>();
  const [busy, setBusy] = useState(false);

  const add = async () => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const checked = await checkPastedSignatureText({ text, pending, state, counted, kept });
      const [only] = checked.refused;
      if (checked.accepted.length === 0) {
        const several = checked.refused.length > 1;
        setError(several || !only ? msg('safe:paste.noneAdded', { count: checked.refused.length }) : only);
        if (several) setOutcome(checked);
      } else {
        keepSafeTx(pending, checked.accepted);
        setText('');
        setError(undefined);
        setOutcome(checked);
      }
    } catch (thrown) {
      setError(errorMessage(thrown));
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className={styles.scan}>
      <summary>{t('safe:paste.open')}</summary>
      <form
        className={ui.stack}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <p className={ui.flush}>{t('safe:paste.intro')}</p>
        <TextField label={t('safe:paste.label')} error={error} value={text} onChange={setText} rows={3} />
        <div className={ui.actions}>
          <button type="submit" disabled={busy || text.trim() === ''}>
            {busy ? t('safe:paste.checking') : t('safe:paste.submit')}
          </button>
        </div>
      </form>
      {outcome && (
        <div className={ui.stack}>
          {outcome.accepted.map((signature) => (
            <p key={signature.signer} role="status" className={ui.flush}>
              <T id="safe:paste.added" values={{ owner: codeValue(signature.signer) }} />
            </p>
          ))}
          <RefusedList refused={outcome.refused} counted={outcome.accepted.length > 0} />
        </div>
      )}
    </details>
  );
}
