import { useEffect, useMemo, useRef, useState } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { LedgerSource } from '@/core/accounts/account';
import { codeValue, type Message, msg } from '@/core/i18n/message';
import { signWithLedger, typedDataHashes } from '@/core/ledger/ledgerSigner';
import { hasCallData, type SignRequest } from '@/core/signing/keySigner';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { connectLedger, type LedgerTransport } from '@/lib/ledger/webHidTransport';
import type { PendingDeviceSignature } from '@/lib/vault/deviceSignatures';
import { checkOnDevice, DeviceDialog } from './DeviceDialog';
import styles from './deviceSigning.module.css';

/**
 * Asks a Ledger to sign over WebHID. The person starts it (the browser lets a page reach a
 * device only from a click); what the Ledger will show, and what to compare it with, is said
 * first, including when it can show only a hash (blind signing).
 */
export function LedgerSigningDialog({ pending, source }: { pending: PendingDeviceSignature; source: LedgerSource }) {
  const t = useT('deviceSigning');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Message | string>();
  const ledger = useRef<LedgerTransport | undefined>(undefined);
  const { request } = pending;
  // Cancelled or locked mid-way: the Ledger is let go, and its pending exchange ends.
  useEffect(
    () => () => {
      void ledger.current?.close();
    },
    [],
  );

  const sign = async () => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      ledger.current = await connectLedger();
      const account = { address: pending.account.address, path: source.path };
      pending.resolve(await signWithLedger(ledger.current.exchange, account, request));
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    } finally {
      await ledger.current?.close();
      ledger.current = undefined;
    }
  };

  return (
    <DeviceDialog title={t('deviceSigning:ledger.title')} pending={pending} path={source.path}>
      <ol className={styles.steps}>
        <li>{t('deviceSigning:ledger.connect')}</li>
        <li>
          <T message={checkOnDevice(request)} />
        </li>
        <li>{t('deviceSigning:ledger.approve')}</li>
      </ol>
      <BlindSigningNote request={request} />
      <p role="status" className={ui.flush}>
        {busy ? t('deviceSigning:ledger.confirm') : ''}
      </p>
      <ErrorAlert message={error} />
      <div className={ui.actions}>
        <button type="button" onClick={() => void sign()} aria-disabled={busy || undefined}>
          {busy
            ? t('deviceSigning:ledger.waiting')
            : error
              ? t('deviceSigning:ledger.tryAgain')
              : t('deviceSigning:ledger.sign')}
        </button>
      </div>
    </DeviceDialog>
  );
}

/** When the Ledger cannot show what it signs, what the person compares instead. */
function BlindSigningNote({ request }: { request: SignRequest }) {
  const hashes = useMemo(
    () => (request.kind === 'typedData' ? typedDataHashes(request.typedData) : undefined),
    [request],
  );
  if (request.kind === 'transaction' && hasCallData(request.transaction))
    return (
      <p className={ui.noticeWarning}>
        <T
          id="deviceSigning:ledger.blindSigning"
          values={{
            address:
              request.transaction.to === undefined || request.transaction.to === null
                ? msg('deviceSigning:ledger.newContract')
                : codeValue(request.transaction.to),
          }}
        />
      </p>
    );
  if (hashes)
    return (
      <p className={ui.noticeWarning}>
        <T
          id="deviceSigning:ledger.typedDataHashes"
          tags={{
            0: (
              <code className={styles.hash} dir="ltr" translate="no">
                {hashes.domainHash}
              </code>
            ),
            1: (
              <code className={styles.hash} dir="ltr" translate="no">
                {hashes.messageHash}
              </code>
            ),
          }}
        />
      </p>
    );
  return null;
}
