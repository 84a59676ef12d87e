import { useEffect, useRef } from 'react';
import { zeroAddress } from 'viem';
import { AddressText } from '@/components/AddressText';
import { ConfirmActions } from '@/components/ConfirmActions';
import { NetworkFeeLines } from '@/components/NetworkFeeLines';
import { T } from '@/components/T';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { Account } from '@/core/accounts/account';
import type { Network } from '@/core/chain/networks';
import { codeValue, type Message, msg } from '@/core/i18n/message';
import { sameAddress } from '@/core/keys/sameAddress';
import { DELEGATION_FRAMEWORK_VERSION, isKnownDelegate } from '@/core/smartAccount/delegates';
import { useT } from '@/lib/i18n';
import type { UpgradeReview as Review } from './useUpgradeFlow';

/** What the authorization does, in a sentence: Cairn's delegate (checked), another contract (unchecked), or none (undo). */
function authorizationWords({ plan }: Review): Message {
  const { delegate } = plan.authorization;
  if (sameAddress(delegate, zeroAddress)) return msg('smartAccount:review.toZero');
  if (isKnownDelegate(delegate))
    return msg('smartAccount:review.toDelegate', {
      delegate: codeValue(delegate),
      version: DELEGATION_FRAMEWORK_VERSION,
    });
  return msg('smartAccount:review.toOther', { delegate: codeValue(delegate) });
}

/**
 * The upgrade's or the undo's review, as Send's: the account, what its authorization does, the
 * transaction carrying it, the network fee, then Confirm. Focused when shown.
 */
export function UpgradeReview({
  network,
  account,
  review,
  sending,
  onConfirm,
  onCancel,
}: {
  network: Network;
  account: Account;
  review: Review;
  sending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT('smartAccount');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const native = network.nativeCurrency;
  return (
    <section className={ui.section} aria-labelledby="smart-review-title">
      <h2 id="smart-review-title" ref={heading} tabIndex={-1}>
        {t('smartAccount:review.title')}
      </h2>
      <dl className={ui.facts}>
        <dt>{t('smartAccount:review.account')}</dt>
        <dd>
          <UntrustedText text={account.name} kind="name" />
          <br />
          <AddressText address={account.address} />
        </dd>
        <dt>{t('smartAccount:review.authorization')}</dt>
        <dd>
          <T message={authorizationWords(review)} />
        </dd>
        <dt>{t('smartAccount:review.transaction')}</dt>
        <dd>{t('smartAccount:review.transactionBody', { nonce: String(review.nonce) })}</dd>
        <dt>{t('smartAccount:review.fee')}</dt>
        <dd>
          <NetworkFeeLines prepared={review.prepared} native={native} />
        </dd>
      </dl>
      <p className={ui.muted}>{t('smartAccount:review.feeNote')}</p>
      <ConfirmActions
        busy={sending}
        onConfirm={onConfirm}
        onCancel={onCancel}
        words={{
          confirm: t('smartAccount:review.confirm'),
          busy: t('smartAccount:review.sending'),
          cancel: t('smartAccount:review.cancel'),
        }}
      />
    </section>
  );
}
