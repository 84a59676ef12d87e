import { Field } from '@/components/Field';
import { T } from '@/components/T';
import { TextField } from '@/components/TextField';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import { codeValue, type Message, msg, untrustedValue } from '@/core/i18n/message';
import type { FieldErrors, OfflineTxType } from '@/core/offline/offlineTx';
import { decimalHint, useT } from '@/lib/i18n';
import { type OfflineForm, TYPE_CHOICES } from './offlineForm';
import styles from './sign.module.css';

type TextKey = Exclude<keyof OfflineForm, 'type'>;

const ACCESS_LIST_EXAMPLE = '[{"address": "0x…", "storageKeys": ["0x…"]}]';

/** One text field of the form, bound to its key and its error. */
function FormField({
  field,
  form,
  errors,
  change,
  ...rest
}: {
  label: string;
  hint: Message | string;
  field: TextKey;
  form: OfflineForm;
  errors: FieldErrors;
  change: (patch: Partial<OfflineForm>) => void;
  inputMode?: 'numeric' | 'decimal';
  rows?: number;
}) {
  return (
    <TextField {...rest} error={errors[field]} value={form[field]} onChange={(value) => change({ [field]: value })} />
  );
}

/** Every field of the transaction to sign offline, each with its own error. */
export function OfflineFields({
  form,
  errors,
  change,
  network,
}: {
  form: OfflineForm;
  errors: FieldErrors;
  change: (patch: Partial<OfflineForm>) => void;
  network: Network;
}) {
  const t = useT('sign');
  // The value and fees in gwei are typed with the language's decimal separator: each hint says which.
  const withDecimals = (hint: string) => `${hint} ${decimalHint()}`;
  const symbol = untrustedValue(network.nativeCurrency.symbol, 'symbol');
  const networkName = untrustedValue(network.name, 'name');
  const field = { form, errors, change };
  const chainId = form.chainId.trim();
  const otherChain = /^\d+$/.test(chainId) && chainId !== String(network.chainId);
  return (
    <section className={styles.part} aria-labelledby="offline-fields-title">
      <h3 id="offline-fields-title">{t('sign:offline.fields.title')}</h3>
      <Field label={t('sign:offline.fields.type')} error={errors.type}>
        <select value={form.type} onChange={(e) => change({ type: e.target.value as OfflineTxType })}>
          {TYPE_CHOICES.map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </select>
      </Field>
      <FormField
        {...field}
        field="chainId"
        label={t('sign:offline.fields.chainId')}
        hint={msg('sign:offline.fields.chainIdHint', { network: networkName, chainId: String(network.chainId) })}
        inputMode="numeric"
      />
      {otherChain && !errors.chainId && (
        <p className={ui.noticeWarning}>
          <T
            id="sign:offline.fields.otherChain"
            values={{ chainId, network: networkName, selectedChainId: String(network.chainId) }}
          />
        </p>
      )}
      <FormField
        {...field}
        field="nonce"
        label={t('sign:offline.fields.nonce')}
        hint={t('sign:offline.fields.nonceHint')}
        inputMode="numeric"
      />
      <FormField {...field} field="to" label={t('sign:offline.fields.to')} hint={t('sign:offline.fields.toHint')} />
      <FormField
        {...field}
        field="value"
        label={t('sign:offline.fields.value', { symbol })}
        hint={withDecimals(t('sign:offline.fields.valueHint', { symbol }))}
        inputMode="decimal"
      />
      <FormField
        {...field}
        field="gasLimit"
        label={t('sign:offline.fields.gasLimit')}
        hint={t('sign:offline.fields.gasLimitHint')}
        inputMode="numeric"
      />
      {form.type === 'eip1559' ? (
        <>
          <FormField
            {...field}
            field="maxFeePerGas"
            label={t('sign:offline.fields.maxFee')}
            hint={withDecimals(t('sign:offline.fields.maxFeeHint'))}
            inputMode="decimal"
          />
          <FormField
            {...field}
            field="maxPriorityFeePerGas"
            label={t('sign:offline.fields.priorityFee')}
            hint={withDecimals(t('sign:offline.fields.priorityFeeHint'))}
            inputMode="decimal"
          />
        </>
      ) : (
        <FormField
          {...field}
          field="gasPrice"
          label={t('sign:offline.fields.gasPrice')}
          hint={withDecimals(t('sign:offline.fields.gasPriceHint'))}
          inputMode="decimal"
        />
      )}
      <FormField
        {...field}
        field="data"
        label={t('sign:offline.fields.data')}
        hint={t('sign:offline.fields.dataHint')}
        rows={2}
      />
      <details
        className={styles.advanced}
        open={form.accessList.trim() !== '' || errors.accessList !== undefined || undefined}
      >
        <summary>{t('sign:offline.fields.advanced')}</summary>
        <FormField
          {...field}
          field="accessList"
          label={t('sign:offline.fields.accessList')}
          hint={msg('sign:offline.fields.accessListHint', { example: codeValue(ACCESS_LIST_EXAMPLE) })}
          rows={4}
        />
      </details>
    </section>
  );
}
