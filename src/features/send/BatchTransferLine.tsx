import type { ReactNode } from 'react';
import type { Address } from 'viem';
import { AddressText } from '@/components/AddressText';
import { Amount } from '@/components/Amount';
import { TransactionEffectsPanel } from '@/components/simulation/TransactionEffectsPanel';
import { T } from '@/components/T';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import { codeValue, untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import type { CallsPreview, TransactionPreview } from '@/lib/queries/simulationQueries';
import type { ReviewPreview } from '@/lib/send/useTransactionPreview';
import type { BatchTransfer } from './sendFlowStore';

/** "1.5 USDC to name: 0x…": one transfer of a batch, as the list and the review show it. */
export function BatchTransferLine({ transfer }: { transfer: BatchTransfer }) {
  const { asset, amount, recipient } = transfer.intent;
  if (transfer.callName !== undefined)
    return (
      <T
        id="send:batch.callLine"
        values={{ fn: codeValue(transfer.callName) }}
        tags={{
          0: <AddressText address={recipient} />,
          1: <Amount value={amount} decimals={asset.decimals} symbol={asset.symbol} />,
        }}
      />
    );
  const what =
    asset.kind === 'nft' ? (
      <T
        id="send:review.nft"
        values={{ name: untrustedValue(asset.symbol, 'tokenName'), tokenId: asset.tokenId.toString() }}
      />
    ) : (
      <Amount value={amount} decimals={asset.decimals} symbol={asset.symbol} />
    );
  return (
    <T
      id="send:batch.line"
      tags={{
        0: what,
        1: (
          <>
            {transfer.recipientName !== undefined && (
              <>
                <UntrustedText text={transfer.recipientName} kind="ensName" />:{' '}
              </>
            )}
            <AddressText address={recipient} />
          </>
        ),
      }}
    />
  );
}

/** A batch review's first lines: the account it is sent from, and its transfers in order (with `note` under them). */
export function BatchFromLines({
  name,
  from,
  batch,
  note,
}: {
  name: string;
  from: Address;
  batch: readonly BatchTransfer[];
  note?: ReactNode;
}) {
  const t = useT('send');
  return (
    <>
      <dt>{t('send:review.from')}</dt>
      <dd>
        <T
          id="send:review.fromValue"
          values={{ name: untrustedValue(name, 'name') }}
          tags={{ 0: <AddressText address={from} /> }}
        />
      </dd>
      <dt>{t('send:batchReview.transfers')}</dt>
      <dd>
        <ol>
          {batch.map((transfer) => (
            <li key={transfer.id}>
              <BatchTransferLine transfer={transfer} />
            </li>
          ))}
        </ol>
        {note}
      </dd>
    </>
  );
}

/**
 * What a batch does, all its calls together, previewed from the account that runs them; above it,
 * when a call fails in the preview, that the batch would fail.
 */
export function BatchEffects({
  failing,
  network,
  from,
  review,
}: {
  failing: boolean;
  network: Network;
  from: Address;
  review: ReviewPreview<TransactionPreview> | ReviewPreview<CallsPreview>;
}) {
  const t = useT('send');
  const native = network.nativeCurrency;
  return (
    <>
      {failing && (
        <p role="alert" className={ui.noticeDanger}>
          {t('send:batchReview.failing')}
        </p>
      )}
      <TransactionEffectsPanel
        title={t('send:batchReview.effects')}
        network={network}
        tx={{ from }}
        review={review}
        unit={{ decimals: native.decimals, symbol: native.symbol }}
      />
    </>
  );
}
