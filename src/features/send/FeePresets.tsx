import { useId } from 'react';
import ui from '@/components/ui.module.css';
import { FEE_PRESETS, type FeeMarket, type FeePreset, presetFees } from '@/core/chain/fees';
import type { MessageId } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { formatAmount } from '@/lib/i18n/format';

const presetLabels = {
  slow: 'send:form.fee.preset.slow',
  normal: 'send:form.fee.preset.normal',
  fast: 'send:form.fee.preset.fast',
} as const satisfies Record<FeePreset, MessageId>;

function gwei(value: bigint): string {
  return formatAmount(value, 9, { maxFractionDigits: 3 });
}

/** Send's choice of fee: the presets, each with the fees it means in the market now. */
export function FeePresets({
  market,
  unreadable,
  preset: chosen,
  onChange,
}: {
  market: FeeMarket | undefined;
  /** The market could not be read: said under the presets. */
  unreadable: boolean;
  preset: FeePreset;
  onChange: (preset: FeePreset) => void;
}) {
  const t = useT('send');
  const presetName = useId();
  return (
    <fieldset className={ui.choices}>
      <legend>{t('send:form.fee.legend')}</legend>
      {FEE_PRESETS.map((preset) => {
        const fees = market ? presetFees(market, preset) : undefined;
        return (
          <label key={preset} className={ui.checkbox}>
            <input type="radio" name={presetName} checked={chosen === preset} onChange={() => onChange(preset)} />
            <span>
              {t(presetLabels[preset])}
              {fees?.kind === 'eip1559' && (
                <span className={ui.muted}>
                  {' '}
                  {t('send:form.fee.eip1559', {
                    maxFee: gwei(fees.maxFeePerGas),
                    priorityFee: gwei(fees.maxPriorityFeePerGas),
                  })}
                </span>
              )}
              {fees?.kind === 'legacy' && (
                <span className={ui.muted}> {t('send:form.fee.legacy', { gasPrice: gwei(fees.gasPrice) })}</span>
              )}
            </span>
          </label>
        );
      })}
      {unreadable && <p className={ui.noticeWarning}>{t('send:form.fee.unreadable')}</p>}
    </fieldset>
  );
}
