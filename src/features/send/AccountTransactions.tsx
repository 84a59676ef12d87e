import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Address } from 'viem';
import { ErrorAlert } from '@/components/ErrorAlert';
import forms from '@/components/forms.module.css';
import ui from '@/components/ui.module.css';
import { useSendingHeld } from '@/components/VerificationHold';
import { signerProfile } from '@/core/accounts/signerKinds';
import type { Network } from '@/core/chain/networks';
import type { Message } from '@/core/i18n/message';
import { nonceGaps } from '@/core/tx/nonces';
import { isActive } from '@/core/tx/record';
import { downloadText } from '@/lib/browser/download';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useAccountRecords, useDamagedRecords } from '@/lib/queries/recordQueries';
import { feeMarketQuery, pendingNonceQuery } from '@/lib/queries/txQueries';
import { useChainHead } from '@/lib/queries/useChainHead';
import { useTransactions } from '@/lib/stores/transactions';
import { useVaultAccount, useVaultSession } from '@/lib/vault/vault';
import { TxStatusCard } from './TxStatusCard';

/** This account's transactions sent from Cairn on this network, with any nonce gap and a way to fill it. */
export function AccountTransactions({ network, address }: { network: Network; address: Address }) {
  const t = useT('send');
  const records = useAccountRecords(network, address);
  const damaged = useDamagedRecords();
  const head = useChainHead(network);
  const session = useVaultSession();
  const queryClient = useQueryClient();
  const { service } = useTransactions();
  const account = useVaultAccount(address);
  const activeNonces = records
    .filter(isActive)
    .map((r) => r.nonce)
    .join(',');
  const block = head.data?.status === 'ok' ? head.data.blockNumber : undefined;
  const nodePending = useQuery(pendingNonceQuery(network, address, block, activeNonces));
  // A browser wallet chooses its account's nonces: a gap is for the wallet to fill.
  const walletSends = account !== undefined && signerProfile(account.source).sendsItself !== undefined;
  const gaps = nodePending.data === undefined || walletSends ? [] : nonceGaps(nodePending.data, records);
  // While sending is held (Send shows the hold above), a gap is not offered for filling: that signs anew.
  const held = useSendingHeld(network);
  const [error, setError] = useState<Message | string>();

  const [filling, setFilling] = useState<number>();
  const fill = async (nonce: number) => {
    if (!account || filling !== undefined) return;
    setFilling(nonce);
    setError(undefined);
    try {
      const signer = session.signerFor(account);
      await (await service()).fillGap(network, signer, nonce, await queryClient.fetchQuery(feeMarketQuery(network)));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setFilling(undefined);
    }
  };

  if (records.length === 0 && damaged.length === 0) return null;
  return (
    <section className={forms.stack} aria-labelledby="account-transactions">
      <h2 id="account-transactions">{t('send:history.title')}</h2>
      {damaged.length > 0 && (
        <div role="alert" className={ui.noticeWarning}>
          <p>{t('send:history.damaged', { count: damaged.length })}</p>
          <button
            type="button"
            onClick={() => downloadText(t('send:history.damagedFile'), `${JSON.stringify(damaged, null, 2)}\n`)}
          >
            {t('send:history.saveDamaged')}
          </button>
        </div>
      )}
      {gaps.map((nonce) => (
        <div key={nonce} role="alert" className={ui.noticeWarning}>
          <p>{t('send:history.gap', { nonce: String(nonce) })}</p>
          {!held && (
            <button type="button" onClick={() => fill(nonce)} disabled={filling !== undefined}>
              {filling === nonce
                ? t('send:history.filling', { nonce: String(nonce) })
                : t('send:history.fill', { nonce: String(nonce) })}
            </button>
          )}
        </div>
      ))}
      <ErrorAlert message={error} />
      <ul className={ui.plainList}>
        {records.slice(0, 20).map((record) => (
          <TxStatusCard key={record.id} record={record} network={network} />
        ))}
      </ul>
    </section>
  );
}
