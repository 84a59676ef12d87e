import { TextField } from '@/components/TextField';
import type { Fees } from '@/core/chain/fees';
import { useT } from '@/lib/i18n';
import type { FieldErrors } from './continueSend';
import styles from './send.module.css';
import type { SendForm } from './sendFlowStore';

/** Send's "Advanced" part: gas limit, fees, nonce and data, each empty unless the person sets it. */
export function AdvancedFields({
  form,
  errors,
  feeKind,
  decimalHint,
  onChange,
}: {
  form: SendForm;
  errors: FieldErrors;
  feeKind: Fees['kind'];
  /** The sentence naming the decimal separator the fees in gwei are typed with. */
  decimalHint: string;
  onChange(patch: Partial<SendForm>): void;
}) {
  const t = useT('send');
  return (
    <details className={styles.advanced} open={form.data !== '' || undefined}>
      <summary>{t('send:form.advanced.summary')}</summary>
      <TextField
        label={t('send:form.advanced.gasLimit')}
        hint={t('send:form.advanced.gasLimitHint')}
        error={errors.gasLimit}
        inputMode="numeric"
        value={form.gasLimit}
        onChange={(gasLimit) => onChange({ gasLimit })}
      />
      {feeKind === 'eip1559' ? (
        <>
          <TextField
            label={t('send:form.advanced.maxFee')}
            hint={`${t('send:form.advanced.maxFeeHint')} ${decimalHint}`}
            error={errors.maxFee}
            inputMode="decimal"
            value={form.maxFee}
            onChange={(maxFee) => onChange({ maxFee })}
          />
          <TextField
            label={t('send:form.advanced.priorityFee')}
            hint={decimalHint}
            error={errors.priorityFee}
            inputMode="decimal"
            value={form.priorityFee}
            onChange={(priorityFee) => onChange({ priorityFee })}
          />
        </>
      ) : (
        <TextField
          label={t('send:form.advanced.gasPrice')}
          hint={decimalHint}
          error={errors.gasPrice}
          inputMode="decimal"
          value={form.gasPrice}
          onChange={(gasPrice) => onChange({ gasPrice })}
        />
      )}
      <TextField
        label={t('send:form.advanced.nonce')}
        hint={t('send:form.advanced.nonceHint')}
        error={errors.nonce}
        inputMode="numeric"
        value={form.nonce}
        onChange={(nonce) => onChange({ nonce })}
      />
      <TextField
        label={t('send:form.advanced.data')}
        hint={t('send:form.advanced.dataHint')}
        error={errors.data}
        value={form.data}
        onChange={(data) => onChange({ data })}
      />
    </details>
  );
}
