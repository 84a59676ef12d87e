import { Field } from '@/components/Field';
import { TextField } from '@/components/TextField';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import type { FieldErrors, OfflineTxType } from '@/core/offline/offlineTx';
import { type OfflineForm, TYPE_CHOICES } from './offlineForm';
import styles from './sign.module.css';

type TextKey = Exclude<keyof OfflineForm, 'type'>;

/** One text field of the form, bound to its key and its error. */
function FormField({
  field,
  form,
  errors,
  change,
  ...rest
}: {
  label: string;
  hint: string;
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
  const symbol = network.nativeCurrency.symbol;
  const field = { form, errors, change };
  const chainId = form.chainId.trim();
  const otherChain = /^\d+$/.test(chainId) && chainId !== String(network.chainId);
  return (
    <section className={styles.part} aria-labelledby="offline-fields-title">
      <h3 id="offline-fields-title">Transaction</h3>
      <Field label="Transaction type" error={errors.type}>
        <select value={form.type} onChange={(e) => change({ type: e.target.value as OfflineTxType })}>
          {TYPE_CHOICES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <FormField
        {...field}
        field="chainId"
        label="Chain id"
        hint={`The network the transaction is valid on; the selected network, ${network.name}, is ${network.chainId}.`}
        inputMode="numeric"
      />
      {otherChain && !errors.chainId && (
        <p className={ui.noticeWarning}>
          Chain id {chainId} is not the selected network ({network.name}, {network.chainId}): the signed transaction
          will be valid only on the network with chain id {chainId}.
        </p>
      )}
      <FormField
        {...field}
        field="nonce"
        label="Nonce"
        hint="The number of transactions the sending account has sent before (0 for a new account)."
        inputMode="numeric"
      />
      <FormField
        {...field}
        field="to"
        label="Recipient (to)"
        hint="A 0x address. Leave it empty to create a contract whose code is the data."
      />
      <FormField
        {...field}
        field="value"
        label={`Value (${symbol})`}
        hint={`Exactly, in ${symbol}: 0 for a plain contract call.`}
        inputMode="decimal"
      />
      <FormField
        {...field}
        field="gasLimit"
        label="Gas limit"
        hint="21000 for a plain transfer; more for a contract call or a transfer with data."
        inputMode="numeric"
      />
      {form.type === 'eip1559' ? (
        <>
          <FormField
            {...field}
            field="maxFeePerGas"
            label="Max fee (gwei)"
            hint="The most paid per gas, base fee included. It must be above the base fee when the transaction is sent."
            inputMode="decimal"
          />
          <FormField
            {...field}
            field="maxPriorityFeePerGas"
            label="Priority fee (gwei)"
            hint="The tip per gas to whoever includes the transaction; at most the max fee."
            inputMode="decimal"
          />
        </>
      ) : (
        <FormField
          {...field}
          field="gasPrice"
          label="Gas price (gwei)"
          hint="The price paid per gas."
          inputMode="decimal"
        />
      )}
      <FormField
        {...field}
        field="data"
        label="Data (hex)"
        hint="Optional: call data for a contract, or the code of a contract to create."
        rows={2}
      />
      <details
        className={styles.advanced}
        open={form.accessList.trim() !== '' || errors.accessList !== undefined || undefined}
      >
        <summary>Advanced: access list</summary>
        <FormField
          {...field}
          field="accessList"
          label="Access list (JSON)"
          hint='Optional, not for legacy transactions: [{"address": "0x…", "storageKeys": ["0x…"]}].'
          rows={4}
        />
      </details>
    </section>
  );
}
