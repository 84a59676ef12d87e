import { useState } from 'react';
import { CopyButton } from '@/components/CopyButton';
import ui from '@/components/ui.module.css';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import { vaultAccount } from '@/core/signing/vaultAccount';
import { readFeeMarket } from '@/core/tx/fees';
import { isActive, type TxRecord } from '@/core/tx/record';
import { errorText } from '@/lib/errorMessages';
import { useTransactions } from '@/lib/transactions';
import { describeRecord, STATUS_WORDS } from '@/lib/txWording';
import { useVault, useVaultSession } from '@/lib/vault';
import styles from './send.module.css';

/** One transaction: what it does, where it stands, and what can be done about it. */
export function TxStatusCard({ record, network }: { record: TxRecord; network: Network }) {
  const session = useVaultSession();
  const { service } = useTransactions();
  const account = useVault((s) =>
    s.accounts.find((a) => a.address.toLowerCase() === record.from.toLowerCase() && a.source.kind !== 'watch'),
  );
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();
  const canReplace = isActive(record) && !record.replacedBy && account !== undefined;
  const titleId = `tx-${record.id}`;

  const act = async (what: 'speed-up' | 'cancel' | 'retry') => {
    if (!account && what !== 'retry') return;
    setBusy(what);
    setError(undefined);
    try {
      const txs = await service();
      if (what === 'retry') {
        await txs.broadcast(network, record);
      } else if (account) {
        const signer = vaultAccount(account.address, () => session.privateKeyFor(account.id));
        const market = await readFeeMarket(chainClient(network));
        if (what === 'speed-up') await txs.speedUp(network, signer, record, market);
        else await txs.cancel(network, signer, record, market);
      }
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <li className={ui.card} aria-labelledby={titleId} data-status={record.status}>
      <p id={titleId}>
        <strong>{describeRecord(record)}</strong> — nonce {record.nonce}
      </p>
      <p>
        Status: <strong>{STATUS_WORDS[record.status]}</strong>
        {record.status === 'confirmed' &&
          ` (${record.confirmations} confirmation${record.confirmations === 1 ? '' : 's'}, block ${record.blockNumber})`}
        {record.status === 'failed' && record.failureReason && ` — ${record.failureReason}`}
        {record.status === 'replaced' && ' by a faster or cancelling transaction'}
        {record.replacedBy && isActive(record) && ' — a replacement was sent'}
      </p>
      {record.broadcastError && isActive(record) && (
        <p role="alert" className={ui.noticeWarning}>
          The node did not accept it yet: {record.broadcastError} The signed transaction is saved; Cairn sends it again
          at every new block.
        </p>
      )}
      <p className={styles.hash}>
        {record.hash}{' '}
        {network.explorerUrl && (
          <a href={`${network.explorerUrl}/tx/${record.hash}`} target="_blank" rel="noreferrer noopener">
            View on explorer
          </a>
        )}
      </p>
      <div className={ui.actions}>
        <CopyButton value={record.hash} label="Copy hash" accessibleName={`Copy the hash of nonce ${record.nonce}`} />
        {record.broadcastError && isActive(record) && (
          <button type="button" className={ui.secondary} disabled={busy !== undefined} onClick={() => act('retry')}>
            {busy === 'retry' ? 'Sending…' : 'Send again now'}
          </button>
        )}
        {canReplace && (
          <>
            <button
              type="button"
              className={ui.secondary}
              disabled={busy !== undefined}
              onClick={() => act('speed-up')}
            >
              {busy === 'speed-up' ? 'Speeding up…' : 'Speed up'}
            </button>
            <button
              type="button"
              className={ui.dangerButton}
              disabled={busy !== undefined}
              onClick={() => act('cancel')}
            >
              {busy === 'cancel' ? 'Cancelling…' : 'Cancel transaction'}
            </button>
          </>
        )}
      </div>
      {error && (
        <p role="alert" className={ui.noticeDanger}>
          {error}
        </p>
      )}
    </li>
  );
}
