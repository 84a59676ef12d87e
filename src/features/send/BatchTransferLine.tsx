import type { ReactNode } from 'react';
import type { Address } from 'viem';
import { AddressText } from '@/components/AddressText';
import { Amount } from '@/components/Amount';
import { T } from '@/components/T';
import { UntrustedText } from '@/components/UntrustedText';
import { codeValue, untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
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
