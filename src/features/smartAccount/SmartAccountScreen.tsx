import { useParams } from 'react-router';
import type { Address } from 'viem';
import { AddressText } from '@/components/AddressText';
import { Screen } from '@/components/Screen';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { codeValue, msg, untrustedValue } from '@/core/i18n/message';
import { addressOrProblem } from '@/core/keys/address';
import { useT } from '@/lib/i18n';
import { useSelectedNetwork } from '@/lib/stores/session';
import { useVaultAccount } from '@/lib/vault/vault';
import { SmartAccountBody } from './SmartAccountBody';
import styles from './smartAccount.module.css';

/**
 * One of the person's accounts as a smart account on the selected network: what it is now, the
 * upgrade explained before anything is signed and then reviewed, or the undo.
 */
export function SmartAccountScreen() {
  const t = useT('smartAccount');
  const { address: param = '' } = useParams();
  const parsed = addressOrProblem(param, msg('common:error.unexpected'));
  return (
    <Screen title={t('common:screen.smartAccount.label')}>
      <div className={`${ui.stack} ${styles.page}`}>
        {'problem' in parsed ? (
          <p role="alert" className={ui.noticeDanger}>
            <T
              id="smartAccount:screen.invalid"
              values={{ text: untrustedValue(param, 'whole'), problem: parsed.problem }}
            />
          </p>
        ) : (
          <AccountPage key={parsed.address} address={parsed.address} />
        )}
      </div>
    </Screen>
  );
}

function AccountPage({ address }: { address: Address }) {
  const account = useVaultAccount(address);
  const network = useSelectedNetwork();
  if (!account)
    return (
      <p role="alert" className={ui.noticeWarning}>
        <T id="smartAccount:screen.notYours" values={{ address: codeValue(address) }} />
      </p>
    );
  return (
    <>
      <p>
        <T id="smartAccount:screen.account" values={{ name: untrustedValue(account.name, 'name') }} />
        <br />
        <AddressText address={account.address} />
      </p>
      <p className={ui.muted}>
        <T id="smartAccount:screen.network" values={{ network: untrustedValue(network.name, 'name') }} />
      </p>
      <SmartAccountBody key={network.id} network={network} account={account} />
    </>
  );
}
