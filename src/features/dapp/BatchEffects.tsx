import type { Address } from 'viem';
import { Amount } from '@/components/Amount';
import { TransactionEffectsPanel } from '@/components/simulation/TransactionEffectsPanel';
import type { Network } from '@/core/chain/networks';
import type { DappCall } from '@/core/dapp/personRequests';
import { useT } from '@/lib/i18n';
import type { CallsPreview, TransactionPreview } from '@/lib/queries/simulationQueries';
import type { ReviewPreview } from '@/lib/send/useTransactionPreview';
import { ApprovalsInCairn } from './ApprovalsInCairn';

/** A batch's value, all its calls together, as the first line of its facts. */
export function BatchValueLine({
  calls,
  native,
}: {
  calls: readonly DappCall[];
  native: { decimals: number; symbol: string } | undefined;
}) {
  const t = useT('dapp');
  const valueSum = calls.reduce((sum, call) => sum + call.value, 0n);
  return (
    <>
      <dt>{t('dapp:calls.totalValue')}</dt>
      <dd>{native && <Amount value={valueSum} decimals={native.decimals} symbol={native.symbol} />}</dd>
    </>
  );
}

/**
 * What a site's batch does, all its calls together, previewed on the person's node (nothing
 * until the site's network is known). `failureHolds`: an atomic batch, which one failing call reverts.
 */
export function BatchEffects({
  network,
  from,
  review,
  failureHolds,
}: {
  network: Network | undefined;
  from: Address;
  review: ReviewPreview<TransactionPreview> | ReviewPreview<CallsPreview>;
  failureHolds?: boolean;
}) {
  const t = useT('dapp');
  if (!network) return null;
  const native = network.nativeCurrency;
  return (
    <TransactionEffectsPanel
      title={t('dapp:calls.effectsTitle')}
      network={network}
      tx={{ from }}
      review={review}
      unit={{ decimals: native.decimals, symbol: native.symbol }}
      approvalsLink={<ApprovalsInCairn />}
      failureHolds={failureHolds}
    />
  );
}
