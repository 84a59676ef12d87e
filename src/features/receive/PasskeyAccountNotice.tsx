import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Address } from 'viem';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import { codeValue, untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { accountPasskeysQuery } from '@/lib/queries/passkeyAccountQueries';
import { useSession } from '@/lib/stores/session';
import { AddAccountPasskeyForm, type PasskeyAccount } from './AddAccountPasskeyForm';

/**
 * What Receive says of a passkey account: that it exists on its own chain only (elsewhere its
 * address belongs to a wiped key: anything sent there is lost), and, while only one passkey is
 * registered on it, that losing that one loses the funds, with the way to add a second passkey
 * (another device or a security key): a batch the first one signs, calling the account itself.
 */
export function PasskeyAccountNotice({ account, network }: { account: PasskeyAccount; network: Network }) {
  const t = useT('receive');
  const networks = useSession((s) => s.networks);
  const home = networks.find((n) => n.chainId === account.source.chainId);
  const onChain = useQuery({
    ...accountPasskeysQuery(home ?? network, account.address as Address),
    enabled: home !== undefined,
  });
  const [added, setAdded] = useState(false);
  const warningId = useId();
  if (!home || network.chainId !== home.chainId)
    return (
      <p role="alert" className={ui.noticeDanger}>
        <T
          id="receive:passkeyAccount.otherChain"
          values={{
            network: untrustedValue(network.name, 'name'),
            home: home ? untrustedValue(home.name, 'name') : codeValue(String(account.source.chainId)),
          }}
        />
      </p>
    );
  const count = onChain.data?.length ?? account.source.credentials.length;
  if (added) return <p role="status">{t('receive:passkeyAccount.registered')}</p>;
  if (count > 1) return null;
  return (
    // The warning alone is the alert: a live region holding a form would be read out again whole.
    <section aria-labelledby={warningId} className={ui.noticeWarning}>
      <p id={warningId} role="alert">
        {t('receive:passkeyAccount.onePasskey')}
      </p>
      <AddAccountPasskeyForm account={account} network={home} onAdded={() => setAdded(true)} />
    </section>
  );
}
