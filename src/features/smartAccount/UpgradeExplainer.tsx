import type { ReactNode } from 'react';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { codeValue } from '@/core/i18n/message';
import {
  DELEGATION_AUDITS,
  DELEGATION_AUDITS_URL,
  DELEGATION_CONTRACTS,
  DELEGATION_FRAMEWORK_VERSION,
} from '@/core/smartAccount/delegates';
import { useT } from '@/lib/i18n';

/** The audits folder of MetaMask's repository, in a tab of its own; its words are the message's. */
function AuditsLink({ children }: { children?: ReactNode }) {
  return (
    <a href={DELEGATION_AUDITS_URL} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  );
}

/**
 * What an upgrade is, said before anything is signed: what changes and what stays, the delegate
 * and its audits, how to undo it, and the check of the delegate's code. `changes: false` leaves
 * out what changes (the account is upgraded already).
 */
export function UpgradeExplainer({ changes = true }: { changes?: boolean }) {
  const t = useT('smartAccount');
  return (
    <>
      {changes && (
        <section className={ui.section} aria-labelledby="smart-changes">
          <h2 id="smart-changes">{t('smartAccount:explain.changes.title')}</h2>
          <ul>
            <li>{t('smartAccount:explain.changes.keeps')}</li>
            <li>{t('smartAccount:explain.changes.code')}</li>
            <li>{t('smartAccount:explain.changes.receive')}</li>
            <li>{t('smartAccount:explain.changes.authority')}</li>
          </ul>
        </section>
      )}
      <section className={ui.section} aria-labelledby="smart-delegate">
        <h2 id="smart-delegate">{t('smartAccount:explain.delegate.title')}</h2>
        <p>
          <T
            id="smartAccount:explain.delegate.body"
            values={{
              version: DELEGATION_FRAMEWORK_VERSION,
              delegator: codeValue(DELEGATION_CONTRACTS.delegator),
              manager: codeValue(DELEGATION_CONTRACTS.delegationManager),
            }}
          />
        </p>
      </section>
      <section className={ui.section} aria-labelledby="smart-audits">
        <h2 id="smart-audits">{t('smartAccount:explain.audits.title')}</h2>
        <p>
          <T id="smartAccount:explain.audits.intro" tags={{ 0: <AuditsLink /> }} />
        </p>
        <ul>
          {DELEGATION_AUDITS.map(({ firm, month, part }) => (
            <li key={`${firm}-${month}-${part ?? ''}`}>
              {part === undefined ? (
                <T id="smartAccount:explain.audits.item" values={{ firm, month: codeValue(month) }} />
              ) : (
                <T id="smartAccount:explain.audits.itemPart" values={{ firm, month: codeValue(month), part }} />
              )}
            </li>
          ))}
        </ul>
      </section>
      <section className={ui.section} aria-labelledby="smart-undo">
        <h2 id="smart-undo">{t('smartAccount:explain.undo.title')}</h2>
        <p>{t('smartAccount:explain.undo.body')}</p>
      </section>
      <section className={ui.section} aria-labelledby="smart-check">
        <h2 id="smart-check">{t('smartAccount:explain.check.title')}</h2>
        <p>{t('smartAccount:explain.check.body')}</p>
      </section>
    </>
  );
}
