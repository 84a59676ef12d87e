import { Field } from '@/components/Field';
import type { Account } from '@/core/accounts/account';

export function SigningAccountField({
  accounts,
  value,
  onChange,
}: {
  accounts: readonly Account[];
  value: string | undefined;
  onChange: (id: string) => void;
}) {
  return (
    <Field label="Sign with" hint="The signature proves this account agreed to exactly what is shown.">
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        {accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name} — {a.address}
          </option>
        ))}
      </select>
    </Field>
  );
}
