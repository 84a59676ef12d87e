import { Field } from '@/components/Field';
import type { Account } from '@/core/accounts/account';
import { useT } from '@/lib/i18n';

export function SigningAccountField({
  accounts,
  value,
  onChange,
}: {
  accounts: readonly Account[];
  value: string | undefined;
  onChange: (id: string) => void;
}) {
  const t = useT('sign');
  return (
    <Field label={t('sign:account.label')} hint={t('sign:account.hint')}>
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        {accounts.map((a) => (
          <option key={a.id} value={a.id} translate="no">
            {a.name} — {a.address}
          </option>
        ))}
      </select>
    </Field>
  );
}
