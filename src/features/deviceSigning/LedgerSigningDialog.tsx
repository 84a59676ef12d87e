import { useEffect, useMemo, useRef, useState } from 'react';
import ui from '@/components/ui.module.css';
import type { LedgerSource } from '@/core/accounts/account';
import { signWithLedger, typedDataHashes } from '@/core/ledger/ledgerSigner';
import { hasCallData, type SignRequest } from '@/core/signing/keySigner';
import type { PendingDeviceSignature } from '@/lib/deviceSignatures';
import { errorText } from '@/lib/errorMessages';
import { connectLedger, type LedgerTransport } from '@/lib/ledger/webHidTransport';
import { checkOnDevice, DeviceDialog } from './DeviceDialog';
import styles from './deviceSigning.module.css';

/**
 * Asks a Ledger to sign over WebHID. The person starts it (the browser lets a page reach a
 * device only from a click); what the Ledger will show, and what to compare it with, is said
 * first, including when it can show only a hash (blind signing).
 */
export function LedgerSigningDialog({ pending, source }: { pending: PendingDeviceSignature; source: LedgerSource }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
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
      setError(errorText(e));
      setBusy(false);
    } finally {
      await ledger.current?.close();
      ledger.current = undefined;
    }
  };

  return (
    <DeviceDialog title="Sign on your Ledger" pending={pending} path={source.path}>
      <ol className={styles.steps}>
        <li>Connect your Ledger, unlock it and open its Ethereum app.</li>
        <li>{checkOnDevice(request)}</li>
        <li>Approve on the Ledger.</li>
      </ol>
      <BlindSigningNote request={request} />
      <p role="status" className={ui.flush}>
        {busy ? 'Confirm on the Ledger’s screen.' : ''}
      </p>
      {error && (
        <p role="alert" className={ui.noticeDanger}>
          {error}
        </p>
      )}
      <div className={ui.actions}>
        <button type="button" onClick={() => void sign()} aria-disabled={busy || undefined}>
          {busy ? 'Waiting for the Ledger…' : error ? 'Try again on the Ledger' : 'Sign on the Ledger'}
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
        This transaction calls a contract. The Ledger shows only a hash of its data (blind signing, which must be on in
        its Ethereum app): check on the Ledger the contract address{' '}
        <bdi dir="ltr">{request.transaction.to ?? '(a new contract)'}</bdi> and the network, and rely on Cairn’s review
        for what the call does.
      </p>
    );
  if (hashes)
    return (
      <p className={ui.noticeWarning}>
        Ethereum apps older than 1.9.19 show typed data only as two hashes. If yours does, check that it shows domain
        hash <code className={styles.hash}>{hashes.domainHash}</code> and message hash{' '}
        <code className={styles.hash}>{hashes.messageHash}</code>, and rely on Cairn’s review for what they stand for.
      </p>
    );
  return null;
}
