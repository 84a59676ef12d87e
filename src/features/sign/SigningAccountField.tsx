import { Field } from '@/components/Field';
import { type Account, canSign } from '@/core/accounts/account';
import { useVault } from '@/lib/vault';

/** The accounts that can sign (not watch-only), with the selected account first choice. */
export function useSigningAccounts(): { accounts: Account[]; preferred: Account | undefined } {
  const all = useVault((s) => s.accounts);
  const selectedId = useVault((s) => s.selectedAccountId);
  const accounts = all.filter((a) => canSign(a) && !a.hidden);
  return { accounts, preferred: accounts.find((a) => a.id === selectedId) ?? accounts[0] };
}

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
