import { AddressText } from '@/components/AddressText';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Account } from '@/core/accounts/account';
import { untrustedValue } from '@/core/i18n/message';
import { sameAddress } from '@/core/keys/sameAddress';
import { useT } from '@/lib/i18n';
import { accountAt } from '@/lib/vault/vault';
import type { Standing } from './useConfirmations';

/** "N of M confirmed", then each owner who confirmed, how (signature or on-chain), the person's own by name. */
export function ConfirmationLines({ standing, accounts }: { standing: Standing; accounts: readonly Account[] }) {
  const t = useT('safe');
  return (
    <>
      <strong>{t('safe:tx.confirmed', { confirmed: standing.confirmed.length, threshold: standing.threshold })}</strong>
      {standing.confirmed.length > 0 && (
        <ul className={ui.plainList}>
          {standing.confirmed.map((owner) => {
            const mine = accountAt(accounts, owner);
            const how = standing.onChain.some((a) => sameAddress(a, owner)) ? 'onChain' : 'signature';
            return (
              <li key={owner}>
                <AddressText address={owner} />{' '}
                {mine ? (
                  <T id="safe:tx.confirmedByYours" values={{ how, name: untrustedValue(mine.name, 'name') }} />
                ) : (
                  t('safe:tx.confirmedBy', { how })
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
