import { AddressText } from '@/components/AddressText';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import { codeValue, untrustedValue } from '@/core/i18n/message';
import type { SafeState } from '@/core/safe/readSafe';
import { useT } from '@/lib/i18n';
import { ownersWithAccounts } from '@/lib/safeScreenHooks';
import { useVault } from '@/lib/vault/vault';
import styles from './SafeFactsList.module.css';

/**
 * What the node says of a Safe, where it is added and on its screen: its address in full,
 * version, network, how many owners must confirm, its nonce, its owners (the person's own named),
 * and what can act outside the owners' confirmations (modules, a guard) or what Cairn cannot
 * vouch for (unknown code). `ownersId` names the owners' heading for the list it labels.
 */
export function SafeFactsList({
  network,
  state,
  unknownCode,
  ownersId,
}: {
  network: Network;
  state: SafeState;
  unknownCode: boolean;
  ownersId: string;
}) {
  const t = useT('safe');
  const accounts = useVault((s) => s.accounts);
  const owners = ownersWithAccounts(state.owners, accounts);
  return (
    <div className={`${ui.stack} ${styles.wrap}`}>
      <dl className={ui.facts}>
        <dt>{t('safe:facts.address')}</dt>
        <dd>
          <AddressText address={state.address} />
        </dd>
        <dt>{t('safe:facts.version')}</dt>
        <dd>
          {state.known ? (
            <T
              id="safe:facts.versionKnown"
              values={{ version: codeValue(state.known.version), l2: state.known.l2 ? 'yes' : 'no' }}
            />
          ) : (
            <T id="safe:facts.versionUnknown" values={{ claimed: untrustedValue(state.claimedVersion, 'whole') }} />
          )}
        </dd>
        <dt>{t('safe:facts.network')}</dt>
        <dd>
          <T
            id="safe:facts.networkValue"
            values={{ network: untrustedValue(network.name, 'name'), chainId: String(state.chainId) }}
          />
        </dd>
        <dt>{t('safe:facts.threshold')}</dt>
        <dd>{t('safe:facts.thresholdValue', { threshold: state.threshold, owners: state.owners.length })}</dd>
        <dt>{t('safe:facts.nonce')}</dt>
        <dd translate="no">{state.nonce.toString()}</dd>
      </dl>
      <h3 id={ownersId}>{t('safe:owners.title')}</h3>
      <ul className={`${ui.plainList} ${styles.owners}`} aria-labelledby={ownersId}>
        {owners.map(({ owner, account }) => (
          <li key={owner}>
            <AddressText address={owner} />
            {account && (
              <>
                {' '}
                <strong className={styles.yours}>
                  <T id="safe:owners.yours" values={{ name: untrustedValue(account.name, 'name') }} />
                </strong>
              </>
            )}
          </li>
        ))}
      </ul>
      {(unknownCode || !state.known) && (
        <p className={ui.noticeDanger}>
          <T id="safe:warning.unknownCode" values={{ singleton: codeValue(state.singleton) }} />
        </p>
      )}
      {state.modules.length > 0 && (
        <div className={`${ui.noticeWarning} ${ui.stack}`}>
          <p className={ui.flush}>{t('safe:warning.modules', { count: state.modules.length })}</p>
          <ul className={ui.plainList}>
            {state.modules.map((module) => (
              <li key={module}>
                <AddressText address={module} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {state.guard && (
        <p className={ui.noticeWarning}>
          <T id="safe:warning.guard" values={{ guard: codeValue(state.guard) }} />
        </p>
      )}
    </div>
  );
}
