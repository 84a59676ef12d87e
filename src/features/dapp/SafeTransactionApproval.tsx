import { AddressText } from '@/components/AddressText';
import { Amount } from '@/components/Amount';
import type { DappCall } from '@/core/dapp/personParams';
import { msg } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { ApprovalFrame } from './ApprovalFrame';
import { CallDataLines } from './CallDataLines';
import styles from './dapp.module.css';
import { useSafeAnswer } from './useSafeAnswer';
import { useSiteRequest } from './useSiteRequest';

/**
 * A site's eth_sendTransaction from a Safe account: the call, proposed to the Safe's owners as a
 * Safe transaction, the site waiting for its execution (useSafeAnswer). A creation is not offered.
 */
export function SafeTransactionApproval({ id, account, call }: { id: number; account: string; call: DappCall }) {
  const t = useT('dapp');
  const request = useSiteRequest(id, account);
  const { network } = request;
  const ask =
    call.to === undefined
      ? undefined
      : { kind: 'call' as const, call: { to: call.to, value: call.value, data: call.data } };
  const safe = useSafeAnswer(request, account, ask);
  const problem = call.to === undefined ? msg('dapp:safe.noCreation') : safe.problem;
  return (
    <ApprovalFrame
      title={safe.waiting ? t('dapp:safe.waitingTitle') : t('dapp:safe.title')}
      requestId={id}
      account={account}
      network={network}
      approveLabel={safe.approveLabel}
      onApprove={safe.onApprove}
      onDecline={request.decline}
      approveBlocked={problem !== undefined || !safe.ready}
      busy={request.busy || safe.busy}
      error={request.error ?? problem}
    >
      <dl className={styles.facts}>
        <dt>{t('dapp:facts.to')}</dt>
        <dd>{call.to && <AddressText address={call.to} />}</dd>
        <dt>{t('dapp:facts.value')}</dt>
        <dd>
          {network && (
            <Amount
              value={call.value}
              decimals={network.nativeCurrency.decimals}
              symbol={network.nativeCurrency.symbol}
            />
          )}
        </dd>
        <CallDataLines to={call.to} data={call.data} />
      </dl>
      {safe.note}
    </ApprovalFrame>
  );
}
