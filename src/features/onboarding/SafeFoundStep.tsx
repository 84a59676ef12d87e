import { AddressText } from '@/components/AddressText';
import { Field } from '@/components/Field';
import { T } from '@/components/T';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import { codeValue, untrustedValue } from '@/core/i18n/message';
import type { SafeState } from '@/core/safe/readSafe';
import { MAX_ACCOUNT_NAME_LENGTH } from '@/core/vault/contentsOps';
import { useT } from '@/lib/i18n';
import { ownersWithAccounts } from '@/lib/safeScreenHooks';
import { useVault } from '@/lib/vault';
import styles from './onboarding.module.css';
import { StepForm } from './StepForm';

/**
 * The Safe as its node says it is, before it is added: address, network, version (or that its
 * code is unknown), how many owners must confirm, its nonce, its owners (the person's own named),
 * and what can act outside the owners' confirmations; then the name to give it.
 */
export function SafeFoundStep({
  network,
  state,
  name,
  onName,
  onContinue,
  onBack,
}: {
  network: Network;
  state: SafeState;
  name: string;
  onName: (name: string) => void;
  onContinue: () => void;
  onBack: () => void;
}) {
  const t = useT('onboarding');
  const accounts = useVault((s) => s.accounts);
  const owners = ownersWithAccounts(state.owners, accounts);
  return (
    <StepForm title={t('onboarding:safe.found.title')} onContinue={onContinue} onBack={onBack}>
      <dl className={ui.facts}>
        <dt>{t('onboarding:safe.found.address')}</dt>
        <dd className={styles.wrap}>
          <AddressText address={state.address} />
        </dd>
        <dt>{t('onboarding:safe.found.network')}</dt>
        <dd>
          <UntrustedText text={network.name} kind="name" />
        </dd>
        <dt>{t('onboarding:safe.found.version')}</dt>
        <dd>
          {state.known ? (
            <T
              id="onboarding:safe.found.versionKnown"
              values={{ version: codeValue(state.known.version), l2: state.known.l2 ? 'yes' : 'no' }}
            />
          ) : (
            <T
              id="onboarding:safe.found.versionUnknown"
              values={{ claimed: untrustedValue(state.claimedVersion, 'whole') }}
            />
          )}
        </dd>
        <dt>{t('onboarding:safe.found.threshold')}</dt>
        <dd>
          {t('onboarding:safe.found.thresholdValue', { threshold: state.threshold, owners: state.owners.length })}
        </dd>
        <dt>{t('onboarding:safe.found.nonce')}</dt>
        <dd translate="no">{state.nonce.toString()}</dd>
      </dl>
      <h3 id="safe-found-owners">{t('onboarding:safe.found.owners')}</h3>
      <ul className={`${ui.plainList} ${styles.wrap}`} aria-labelledby="safe-found-owners">
        {owners.map(({ owner, account }) => (
          <li key={owner}>
            <AddressText address={owner} />
            {account && (
              <>
                {' '}
                <strong>
                  <T id="onboarding:safe.found.yours" values={{ name: untrustedValue(account.name, 'name') }} />
                </strong>
              </>
            )}
          </li>
        ))}
      </ul>
      {!state.known && (
        <p className={ui.noticeDanger}>
          <T id="onboarding:safe.found.unknownCode" values={{ singleton: codeValue(state.singleton) }} />
        </p>
      )}
      {state.modules.length > 0 && (
        <div className={`${ui.noticeWarning} ${ui.stack} ${styles.wrap}`}>
          <p>{t('onboarding:safe.found.modules', { count: state.modules.length })}</p>
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
        <p className={`${ui.noticeWarning} ${styles.wrap}`}>
          <T id="onboarding:safe.found.guard" values={{ guard: codeValue(state.guard) }} />
        </p>
      )}
      <Field label={t('onboarding:safe.nameLabel')}>
        <input type="text" value={name} maxLength={MAX_ACCOUNT_NAME_LENGTH} onChange={(e) => onName(e.target.value)} />
      </Field>
    </StepForm>
  );
}
