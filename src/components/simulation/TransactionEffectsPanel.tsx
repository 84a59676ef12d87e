import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId, useMemo } from 'react';
import type { Address } from 'viem';
import type { Network } from '@/core/chain/networks';
import { describeEffects, type FormIntent } from '@/core/simulation/effects';
import type { ApprovalChange, SimulationStrategy, UnsignedTransaction } from '@/core/simulation/types';
import { errorText } from '@/lib/errorMessages';
import { useKnownAddressSet } from '@/lib/knownAddresses';
import type { TransactionPreview } from '@/lib/queries/simulationQueries';
import { usePortfolio } from '@/lib/usePortfolio';
import { useVault } from '@/lib/vault';
import ui from '../ui.module.css';
import { AccountChangeLines, ApprovalLine, WarningSentence } from './EffectLines';
import { NamedAddress, usePreviewNames } from './previewNames';
import styles from './simulation.module.css';

const STRATEGY_WORDS: Record<SimulationStrategy, string> = {
  simulateV1: 'eth_simulateV1',
  callTracer: 'a call trace (debug_traceCall)',
  structLogs: 'a step-by-step trace (debug_traceCall)',
  stateOverride: 'eth_call and a simulator contract placed at your address (state overrides)',
};

/**
 * "What this transaction does": the preview of a transaction simulated on the person's own node,
 * shown on every review. It loads beside the review (never holding it up); a failed preview says
 * so and does not block sending; a preview that fails holds Confirm back until the person
 * acknowledges it (the caller reads `acknowledged`).
 */
export function TransactionEffectsPanel({
  network,
  tx,
  preview,
  intent,
  unit,
  acknowledged,
  onAcknowledge,
  title = 'What this transaction does',
  approvalsLink,
}: {
  /** Shown when the preview grants an unlimited allowance or an operator for all NFTs: the way to the Approvals screen. */
  approvalsLink?: ReactNode;
  /** The panel's heading (a batch of calls says what they do together). */
  title?: string;
  network: Network;
  tx: UnsignedTransaction;
  preview: UseQueryResult<TransactionPreview>;
  intent?: FormIntent | undefined;
  /** How the form's asset is shown, for a warning about the amount received. */
  unit?: { decimals: number; symbol: string } | undefined;
  acknowledged: boolean;
  onAcknowledge(value: boolean): void;
}) {
  const titleId = useId();
  const accounts = useVault((s) => s.accounts);
  const own = useMemo(() => accounts.map((a) => a.address as Address), [accounts]);
  const known = useKnownAddressSet(network, tx.from);
  const { snapshot } = usePortfolio({ everyBlock: false });
  const result = preview.data?.result;
  const names = usePreviewNames(network, result);
  const effects = useMemo(
    () => result && describeEffects(result, { own, to: tx.to, known, facts: preview.data?.facts, intent }),
    [result, own, tx.to, known, preview.data?.facts, intent],
  );
  const prices = snapshot?.prices;

  return (
    <section className={styles.panel} aria-labelledby={titleId} aria-busy={preview.isPending}>
      <h3 id={titleId}>{title}</h3>
      {preview.isPending && (
        <p role="status" className={ui.muted}>
          Previewing it on your node…
        </p>
      )}
      {preview.isError && (
        <p role="status" className={ui.noticeWarning}>
          Cairn could not preview this transaction: {errorText(preview.error)} You can still send it; check the details
          above yourself.
        </p>
      )}
      {result && effects && (
        <>
          {effects.warnings.length > 0 && (
            <div role="alert" className={ui.noticeDanger}>
              <ul className={styles.list} aria-label="Warnings from the preview">
                {effects.warnings.map((warning, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the warnings of one preview, in a fixed order
                  <li key={i}>
                    <WarningSentence warning={warning} names={names} unit={unit ?? { decimals: 0, symbol: '' }} />
                  </li>
                ))}
              </ul>
              {!result.outcome.ok && (
                <label className={ui.checkbox}>
                  <input type="checkbox" checked={acknowledged} onChange={(e) => onAcknowledge(e.target.checked)} />
                  <span>I understand it would fail and still cost its fee, and want to send it anyway.</span>
                </label>
              )}
            </div>
          )}
          {effects.accounts.length === 0 ? (
            <p>No change to your accounts’ balances, apart from the network fee.</p>
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
              <h4>Permissions</h4>
              <ul className={styles.list}>
                {effects.approvals.map((approval, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: in log order, fixed for one preview
                  <li key={i}>
                    <ApprovalLine approval={approval} names={names} />
                  </li>
                ))}
              </ul>
              {approvalsLink && effects.approvals.some(grantsWidely) && (
                <p>It stays in force after this transaction, until withdrawn: {approvalsLink}</p>
              )}
            </>
          )}
          {effects.contracts.length > 0 && (
            <>
              <h4>Contracts involved</h4>
              <ul className={styles.list}>
                {effects.contracts.map((address) => (
                  <li key={address}>
                    <NamedAddress address={address} names={names} />
                    {result.created.includes(address) && ' (created by this transaction)'}
                  </li>
                ))}
              </ul>
            </>
          )}
          <p className={ui.muted}>
            Simulated on your own node with {STRATEGY_WORDS[result.strategy]}; about{' '}
            {result.gasUsed.toLocaleString('en')} gas. This is a preview, not a promise: the chain can change before the
            transaction is mined, and a contract can behave differently when it is not simulated.
          </p>
          {result.notes.length > 0 && (
            <ul className={`${styles.list} ${ui.muted}`} aria-label="Limits of this preview">
              {result.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

/** An unlimited allowance or an operator for all NFTs being granted. */
function grantsWidely(approval: ApprovalChange): boolean {
  if (approval.kind === 'operator') return approval.approved;
  return (approval.kind === 'erc20' || approval.kind === 'permit2') && approval.unlimited;
}
