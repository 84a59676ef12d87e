import { AddressText } from '@/components/AddressText';
import { Amount } from '@/components/Amount';
import { ConfirmActions } from '@/components/ConfirmActions';
import { DateTime } from '@/components/DateTime';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { UniswapDeployment } from '@/core/chain/uniswapDeployment';
import { useT } from '@/lib/i18n';
import type { StaleAllowance, SwapPlan } from './useSwapReview';

/** Before the swap: the permit the person signs, for exactly the amount, to the router only, until the deadline. */
export function PermitPanel({
  plan,
  deployment,
  signing,
  withApprove,
  stale,
  onSign,
  onCancel,
}: {
  plan: SwapPlan;
  deployment: UniswapDeployment;
  signing: boolean;
  /** The token's approve for Permit2 goes with the swap, in one transaction of the smart account. */
  withApprove: boolean;
  /** A smaller allowance left from before, which the batch sets to 0 before the exact approve. */
  stale?: StaleAllowance;
  onSign(): void;
  onCancel(): void;
}) {
  const t = useT('swap');
  return (
    <section aria-labelledby="swap-permit-title">
      <h2 id="swap-permit-title">{t('swap:permit.title')}</h2>
      <p>
        <T
          id="swap:permit.what"
          tags={{
            0: (
              <Amount
                value={plan.quote.amountIn}
                decimals={plan.assetIn.asset.decimals}
                symbol={plan.assetIn.asset.symbol}
              />
            ),
            1: <AddressText address={deployment.universalRouter} />,
            2: <DateTime when={Number(plan.deadline) * 1000} />,
          }}
        />
      </p>
      <p className={ui.muted}>
        <T id="swap:permit.how" tags={{ 0: <AddressText address={deployment.permit2} /> }} />
      </p>
      {withApprove && <p>{t('swap:permit.withApprove')}</p>}
      {withApprove && stale && (
        <p>
          <T
            id="swap:permit.withReset"
            tags={{
              0: (
                <Amount
                  value={stale.current}
                  decimals={plan.assetIn.asset.decimals}
                  symbol={plan.assetIn.asset.symbol}
                />
              ),
            }}
          />
        </p>
      )}
      <ConfirmActions
        busy={signing}
        onConfirm={onSign}
        onCancel={onCancel}
        words={{ confirm: t('swap:permit.sign'), busy: t('swap:permit.signing'), cancel: t('swap:permit.cancel') }}
      />
    </section>
  );
}
