import { AddressText } from '@/components/AddressText';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import { codeValue, untrustedValue } from '@/core/i18n/message';
import type { SafeState } from '@/core/safe/readSafe';
import { useT } from '@/lib/i18n';
import { ownersWithAccounts } from '@/lib/safeScreenHooks';
import { useVault } from '@/lib/vault';
import styles from './safe.module.css';

/** A Safe's version in words: a known one (L2 or not), or code Cairn does not know, with what it claims. */
export function VersionWords({ state }: { state: SafeState }) {
  if (state.known)
    return (
      <T
        id="safe:facts.versionKnown"
        values={{ version: codeValue(state.known.version), l2: state.known.l2 ? 'yes' : 'no' }}
      />
    );
  return <T id="safe:facts.versionUnknown" values={{ claimed: untrustedValue(state.claimedVersion, 'whole') }} />;
}

/**
 * What the node says of the Safe: its address in full, version, network, how many owners must
 * confirm, its nonce, its owners (the person's own named), and what can act outside the owners'
 * confirmations (modules, a guard) or what Cairn cannot vouch for (unknown code).
 */
export function SafeFacts({
  network,
  state,
  unknownCode,
}: {
  network: Network;
  state: SafeState;
  unknownCode: boolean;
}) {
  const t = useT('safe');
  const accounts = useVault((s) => s.accounts);
  const owners = ownersWithAccounts(state.owners, accounts);
  return (
    <section className={ui.section} aria-labelledby="safe-facts-title">
      <h2 id="safe-facts-title">{t('safe:facts.title')}</h2>
      <dl className={ui.facts}>
        <dt>{t('safe:facts.address')}</dt>
        <dd>
          <AddressText address={state.address} />
        </dd>
        <dt>{t('safe:facts.version')}</dt>
        <dd>
          <VersionWords state={state} />
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
      <h3 id="safe-owners-title">{t('safe:owners.title')}</h3>
      <ul className={`${ui.plainList} ${styles.owners}`} aria-labelledby="safe-owners-title">
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
    </section>
  );
}
