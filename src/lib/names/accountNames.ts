// New accounts' default names ("Account 3", "Konto 3"), in the language shown when they are added:
// put in words here, in the window that adds them, since the vault's own worker shows no language.
import { type AccountSpec, defaultNamePrefix, type NewAccount } from '@/core/vault/contentsOps';
import { t, translate } from '../i18n';

/**
 * The accounts, each given the first word of its default name in the language shown (used when
 * no name was given). In the pseudo-locale the names are stored accented ("⟦Áççóóúñţ⟧ 1"): it is
 * a test language, and a stored name is the person's like any other from then on.
 */
export function withNamePrefixes(accounts: readonly AccountSpec[]): NewAccount[] {
  return accounts.map((account) => ({ ...account, namePrefix: translate(defaultNamePrefix(account)) }));
}

/** The first word of the name of an HD secret's next account ("Account", "Konto"), in the language shown. */
export function nextAccountNamePrefix(): string {
  return t('core.keys:account.namePrefix.account');
}
