import { type ReactNode, useEffect, useId, useRef } from 'react';
import { AddressText } from '@/components/AddressText';
import { ConfirmActions } from '@/components/ConfirmActions';
import { NetworkFeeLines } from '@/components/NetworkFeeLines';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { Account } from '@/core/accounts/account';
import type { Network } from '@/core/chain/networks';
import type { AnyPreparedSend } from '@/core/tx/prepare';
import { useT } from '@/lib/i18n';

/**
 * The review of a transaction sent for a Safe transaction (an on-chain confirmation, an
 * execution), as Send's: who sends and pays, what it does, the network fee, then Confirm. Its
 * heading is focused when shown.
 */
export function SendReview({
  network,
  from,
  prepared,
  what,
  sending,
  onConfirm,
  onCancel,
}: {
  network: Network;
  from: Account;
  prepared: AnyPreparedSend;
  what: ReactNode;
  sending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT('safe');
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={ui.section} aria-labelledby={id}>
      <h4 id={id} ref={heading} tabIndex={-1}>
        {t('safe:review.title')}
      </h4>
      <dl className={ui.facts}>
        <dt>{t('safe:review.from')}</dt>
        <dd>
          <UntrustedText text={from.name} kind="name" />
          <br />
          <AddressText address={from.address} />
        </dd>
        <dt>{t('safe:review.what')}</dt>
        <dd>{what}</dd>
        <dt>{t('safe:review.fee')}</dt>
        <dd>
          <NetworkFeeLines prepared={prepared} native={network.nativeCurrency} />
        </dd>
      </dl>
      <ConfirmActions
        busy={sending}
        onConfirm={onConfirm}
        onCancel={onCancel}
        words={{ confirm: t('safe:review.confirm'), busy: t('safe:review.sending'), cancel: t('safe:review.cancel') }}
      />
    </section>
  );
}
