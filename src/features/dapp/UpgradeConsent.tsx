import type { ReactNode } from 'react';
import { T } from '@/components/T';
import { codeValue } from '@/core/i18n/message';
import { DELEGATION_CONTRACTS, DELEGATION_FRAMEWORK_VERSION } from '@/core/smartAccount/delegates';
import { useT } from '@/lib/i18n';

/** MetaMask's Delegation Framework at the version Cairn's delegate is: its code, documentation and audits. */
const FRAMEWORK_URL = `https://github.com/MetaMask/delegation-framework/tree/v${DELEGATION_FRAMEWORK_VERSION}`;

function FrameworkLink({ children }: { children?: ReactNode }) {
  return (
    <a href={FRAMEWORK_URL} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/**
 * What upgrading the account to a smart account means, asked before a site's batch that requires
 * atomicity: why the batch needs it, what changes (the account runs MetaMask's delegate, for
 * batches its own key signs), what stays, that it goes in the batch's own transaction, and that
 * Cairn checks the delegate's code hash before the key signs anything.
 */
export function UpgradeConsent({ count }: { count: number }) {
  const t = useT('dapp');
  return (
    <section aria-labelledby="upgrade-title">
      <h2 id="upgrade-title">{t('dapp:upgrade.heading')}</h2>
      <p>{t('dapp:upgrade.why', { count })}</p>
      <ul>
        <li>
          <T
            id="dapp:upgrade.change"
            values={{ delegate: codeValue(DELEGATION_CONTRACTS.delegator), version: DELEGATION_FRAMEWORK_VERSION }}
          />
        </li>
        <li>{t('dapp:upgrade.stays')}</li>
        <li>{t('dapp:upgrade.sameTransaction')}</li>
        <li>{t('dapp:upgrade.check')}</li>
      </ul>
      <p>
        <T id="dapp:upgrade.learnMore" tags={{ 0: <FrameworkLink /> }} />
      </p>
      <p>{t('dapp:upgrade.declineTells')}</p>
    </section>
  );
}
