import { Amount } from '@/components/Amount';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import type { StaleAllowance, SwapPlan } from './useSwapReview';

/**
 * Before a plain account's exact approve: Permit2 still holds a smaller allowance that is not 0,
 * which USDT and tokens like it refuse to change into another. Says so, lists the reset and the
 * exact approve in order, and sends the reset to Send's review.
 */
export function ResetPanel({
  plan,
  stale,
  onReview,
  onCancel,
}: {
  plan: SwapPlan;
  stale: StaleAllowance;
  onReview(): void;
  onCancel(): void;
}) {
  const t = useT('swap');
  const { symbol, decimals } = plan.assetIn.asset;
  const amount = (value: bigint) => <Amount value={value} decimals={decimals} symbol={symbol} />;
  return (
    <section aria-labelledby="swap-reset-title">
      <h2 id="swap-reset-title">{t('swap:reset.title')}</h2>
      <p>
        <T id="swap:reset.why" tags={{ 0: amount(stale.current), 1: amount(plan.quote.amountIn) }} />
      </p>
      <p>{t('swap:reset.order')}</p>
      <ol>
        <li>{t('swap:reset.stepReset', { symbol: untrustedValue(symbol, 'symbol') })}</li>
        <li>
          <T id="swap:reset.stepApprove" tags={{ 0: amount(plan.quote.amountIn) }} />
        </li>
      </ol>
      <p className={ui.muted}>{t('swap:reset.next')}</p>
      <div className={ui.actions}>
        <button type="button" onClick={onReview}>
          {t('swap:reset.review')}
        </button>
        <button type="button" className={ui.secondary} onClick={onCancel}>
          {t('swap:reset.cancel')}
        </button>
      </div>
    </section>
  );
}
