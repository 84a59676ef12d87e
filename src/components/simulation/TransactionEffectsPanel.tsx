import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useMemo } from 'react';
import type { Address } from 'viem';
import type { Network } from '@/core/chain/networks';
import { type Message, msg } from '@/core/i18n/message';
import { describeEffects, type FormIntent } from '@/core/simulation/effects';
import type { ApprovalChange, SimulationStrategy, UnsignedTransaction } from '@/core/simulation/types';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useKnownAddressSet } from '@/lib/names/knownAddresses';
import { type CallsPreview, previewPricesQuery, type TransactionPreview } from '@/lib/queries/simulationQueries';
import type { ReviewPreview } from '@/lib/send/useTransactionPreview';
import { useVault } from '@/lib/vault/vault';
import { T } from '../T';
import ui from '../ui.module.css';
import { AccountChangeLines, ApprovalLine, WarningSentence } from './EffectLines';
import { NamedAddress, usePreviewNames } from './previewNames';
import styles from './simulation.module.css';
import { VerifiedPreviewNote } from './VerifiedPreviewNote';

/** How the preview was made; the method's own name where that says it. */
const STRATEGY_WORDS: Record<SimulationStrategy, Message | string> = {
  simulateV1: 'eth_simulateV1',
  callTracer: msg('review:effects.strategy.callTracer'),
  structLogs: msg('review:effects.strategy.structLogs'),
  stateOverride: msg('review:effects.strategy.stateOverride'),
};

/**
 * "What this transaction does": the preview of a transaction simulated on the person's own node,
 * shown on every review. It loads beside the review (never holding it up); a failed preview says
 * so and does not block sending; a preview that fails holds Confirm back until the person
 * acknowledges it, and so does one that a new block changed, and one too old that could not be
 * read again (the caller reads `review.heldBack`).
 *
 * What changes at every block without changing what is approved (the gas figure, dollar values,
 * the "previewing" and "refreshing" statuses) sits inside `data-volatile` elements: a site's
 * window restarts its approve delay on any other change of what it shows. The effects, warnings
 * and notices stay outside them.
 */
export function TransactionEffectsPanel({
  network,
  tx,
  review,
  intent,
  unit,
  title,
  approvalsLink,
  failureHolds = false,
}: {
  /**
   * A failure holds Confirm for good, with no acknowledgement to offer: an atomic batch, one of
   * whose calls failing reverts them all, which Cairn does not send.
   */
  failureHolds?: boolean;
  /** Shown when the preview grants an unlimited allowance or an operator for all NFTs: the way to the Approvals screen. */
  approvalsLink?: ReactNode;
  /** The panel's heading (a batch of calls says what they do together); "What this transaction does" if not given. */
  title?: string;
  network: Network;
  tx: UnsignedTransaction;
  /** The review's preview and its holds (useReviewPreview, useCallsReviewPreview). */
  review: ReviewPreview<TransactionPreview> | ReviewPreview<CallsPreview>;
  intent?: FormIntent | undefined;
  /** How the form's asset is shown, for a warning about the amount received. */
  unit?: { decimals: number; symbol: string } | undefined;
}) {
  const { preview, acknowledged, onAcknowledge, follow } = review;
  const t = useT('review');
  const titleId = useId();
  const accounts = useVault((s) => s.accounts);
  const own = useMemo(() => accounts.map((a) => a.address as Address), [accounts]);
  const known = useKnownAddressSet(network, tx.from);
  // Prices alone: a read naming the person's accounts would tell a site's node who they are.
  const prices = useQuery(previewPricesQuery(network)).data;
  const result = preview.data?.result;
  const names = usePreviewNames(network, result);
  // An atomic batch's preview ran its one transaction: the proof checks run that one. Another
  // batch (no `tx.to`) is not checked, and the note says so where previews are checked.
  const checked = preview.data && 'transaction' in preview.data ? (preview.data.transaction ?? tx) : tx;
  const sends = useMemo(() => (tx.value ? { from: tx.from, value: tx.value } : undefined), [tx.from, tx.value]);
  const effects = useMemo(
    () => result && describeEffects(result, { own, to: tx.to, known, facts: preview.data?.facts, intent, sends }),
    [result, own, tx.to, known, preview.data?.facts, intent, sends],
  );

  return (
    <section className={styles.panel} aria-labelledby={titleId} aria-busy={preview.isPending}>
      <h3 id={titleId}>{title ?? t('review:effects.title')}</h3>
      <div data-volatile="">
        {preview.isPending && (
          <p role="status" className={ui.muted}>
            {t('review:effects.previewing')}
          </p>
        )}
        {follow.stale && (
          <p role="status" className={ui.noticeWarning}>
            {t('review:effects.refreshing')}
          </p>
        )}
      </div>
      {preview.isError && (
        <p role="status" className={ui.noticeWarning}>
          <T id="review:effects.failed" values={{ error: errorMessage(preview.error) }} />
        </p>
      )}
      {follow.outdated && result?.block !== undefined && (
        <div role="alert" className={ui.noticeDanger}>
          <p>
            <T id="review:effects.outdated" values={{ block: result.block }} />
          </p>
          <label className={ui.checkbox}>
            <input
              type="checkbox"
              checked={follow.outdatedAcknowledged}
              onChange={(e) => follow.onAcknowledgeOutdated(e.target.checked)}
            />
            <span>{t('review:effects.acknowledgeOutdated')}</span>
          </label>
        </div>
      )}
      {follow.changed && (
        <div role="alert" className={ui.noticeDanger}>
          <p>{t('review:effects.changed')}</p>
          <label className={ui.checkbox}>
            <input
              type="checkbox"
              checked={follow.changeAcknowledged}
              onChange={(e) => follow.onAcknowledgeChange(e.target.checked)}
            />
            <span>{t('review:effects.acknowledgeChange')}</span>
          </label>
        </div>
      )}
      {result && effects && (
        <div className={follow.outdated ? styles.outdated : styles.effects}>
          {effects.warnings.length > 0 && (
            <div role="alert" className={ui.noticeDanger}>
              <ul className={styles.list} aria-label={t('review:effects.warnings')}>
                {effects.warnings.map((warning, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the warnings of one preview, in a fixed order
                  <li key={i}>
                    <WarningSentence warning={warning} names={names} unit={unit ?? { decimals: 0, symbol: '' }} />
                  </li>
                ))}
              </ul>
              {!result.outcome.ok && !failureHolds && (
                <label className={ui.checkbox}>
                  <input type="checkbox" checked={acknowledged} onChange={(e) => onAcknowledge(e.target.checked)} />
                  <span>{t('review:effects.acknowledge')}</span>
                </label>
              )}
            </div>
          )}
          {effects.accounts.length === 0 ? (
            <p>{t('review:effects.noChange')}</p>
          ) : (
            effects.accounts.map((account) => (
              <div key={account.address} className={styles.account}>
                <h4>
                  <NamedAddress address={account.address} names={names} />
                </h4>
                <AccountChangeLines changes={account.changes} names={names} network={network} prices={prices} />
              </div>
            ))
          )}
          {effects.approvals.length > 0 && (
            <>
              <h4>{t('review:effects.permissions')}</h4>
              <ul className={styles.list}>
                {effects.approvals.map((approval, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: in log order, fixed for one preview
                  <li key={i}>
                    <ApprovalLine approval={approval} names={names} />
                  </li>
                ))}
              </ul>
              {approvalsLink && effects.approvals.some(grantsWidely) && (
                <p>
                  <T id="review:effects.staysInForce" tags={{ 0: <>{approvalsLink}</> }} />
                </p>
              )}
            </>
          )}
          {effects.contracts.length > 0 && (
            <>
              <h4>{t('review:effects.contracts')}</h4>
              <ul className={styles.list}>
                {effects.contracts.map((address) => (
                  <li key={address}>
                    <NamedAddress address={address} names={names} />
                    {result.created.includes(address) && <> {t('review:effects.created')}</>}
                  </li>
                ))}
              </ul>
            </>
          )}
          <p className={ui.muted} data-volatile="">
            <T
              id="review:effects.simulated"
              values={{ strategy: STRATEGY_WORDS[result.strategy], gas: result.gasUsed }}
            />
          </p>
          {result.notes.length > 0 && (
            <ul className={`${styles.list} ${ui.muted}`} aria-label={t('review:effects.limits')}>
              {result.notes.map((note, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the notes of one preview, in a fixed order
                <li key={i}>
                  <T message={note} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <VerifiedPreviewNote
        network={network}
        tx={checked}
        preview={{ settled: !preview.isPending, shown: result, batch: result !== undefined && 'calls' in result }}
      />
    </section>
  );
}

/** An unlimited allowance or an operator for all NFTs being granted. */
function grantsWidely(approval: ApprovalChange): boolean {
  if (approval.kind === 'operator') return approval.approved;
  return (approval.kind === 'erc20' || approval.kind === 'permit2') && approval.unlimited;
}
