import { useId } from 'react';
import { Link } from 'react-router';
import { AddressText } from '@/components/AddressText';
import { Amount } from '@/components/Amount';
import { T } from '@/components/T';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import { type ApprovalRow, FLAG_WORDS, KIND_WORDS } from '@/core/approvals/approvalRows';
import { dateOf } from '@/core/approvals/approvalsCsv';
import { type Message, msg } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { fiatText } from '@/lib/i18n/format';
import { useLinks } from '@/lib/links';
import { useSelectedNetwork } from '@/lib/stores/session';
import styles from './approvals.module.css';
import { allowedWords, dateWords } from './approvalWords';

type Props = {
  row: ApprovalRow;
  /** The approval in one line (its heading and accessible name). */
  title: Message;
  spenderName: { name: string; source: string } | undefined;
  selected: boolean;
  /** Undefined when the account cannot sign (watch-only) or a review is open. */
  onSelect: ((selected: boolean) => void) | undefined;
  onRevoke: (() => void) | undefined;
};

function AtRisk({ row }: { row: ApprovalRow }) {
  const t = useT('approvals');
  const { approval, label } = row;
  if (approval.kind === 'operator') return <>{t('approvals:atRisk.everyNft')}</>;
  if (approval.kind === 'erc721')
    return <T id="approvals:allowed.oneNft" values={{ id: approval.tokenId.toString() }} />;
  if (row.atRisk === undefined) return <>{t('approvals:atRisk.unknown')}</>;
  if (label?.decimals === undefined)
    return <T id="approvals:atRisk.baseUnits" values={{ amount: row.atRisk.toString() }} />;
  const amount = <Amount value={row.atRisk} decimals={label.decimals} symbol={label.symbol ?? ''} />;
  return row.valueAtRisk !== undefined ? (
    <>
      <T id="approvals:atRisk.withValue" values={{ value: fiatText(row.valueAtRisk) }} tags={{ 0: amount }} />
      {row.priceFrom === 'parent' && ` ${t('common:amount.parentPrice')}`}
    </>
  ) : (
    <T id="approvals:atRisk.noPrice" tags={{ 0: amount }} />
  );
}

/** What the spender may take, and until when (Permit2), marked when the contract did not confirm it now. */
function allowedLine(row: ApprovalRow): Message {
  const { approval } = row;
  const allowed =
    approval.kind !== 'permit2'
      ? allowedWords(row)
      : dateOf(approval.expiration) === undefined
        ? msg('approvals:item.allowedForever', { allowed: allowedWords(row) })
        : msg('approvals:item.allowedUntil', {
            allowed: allowedWords(row),
            until: dateWords(approval.expiration, true),
          });
  return approval.unreadable ? msg('approvals:item.allowedAsGranted', { allowed }) : allowed;
}

/** One approval in force: who may take what, what that is worth now, since when, and why it deserves a look. */
export function ApprovalItem({ row, title, spenderName, selected, onSelect, onRevoke }: Props) {
  const t = useT('approvals');
  const links = useLinks();
  // The section's network (ApprovalsScreen lists each network under its own).
  const network = useSelectedNetwork();
  const headingId = useId();
  const { approval } = row;
  const transactionLink = (
    <Link
      to={links.transaction(approval.transactionHash, network.id)}
      aria-label={t('approvals:item.transactionNamed', { title })}
    />
  );
  return (
    <li className={styles.item} aria-labelledby={headingId}>
      <h3 id={headingId}>
        <T message={title} />
      </h3>
      <dl className={ui.facts}>
        <dt>{t('approvals:item.kind')}</dt>
        <dd>
          <T message={KIND_WORDS[approval.kind]} />
        </dd>
        <dt>
          {approval.kind === 'erc20' || approval.kind === 'permit2'
            ? t('approvals:item.token')
            : t('approvals:item.collection')}
        </dt>
        <dd>
          <AddressText address={approval.token} />
        </dd>
        <dt>
          {approval.kind === 'operator' || approval.kind === 'erc721'
            ? t('approvals:item.operator')
            : t('approvals:item.spender')}
        </dt>
        <dd>
          {spenderName && (
            <>
              <UntrustedText text={spenderName.name} kind="name" />{' '}
              <span className={styles.source}>({spenderName.source})</span>
              <br />
            </>
          )}
          <AddressText address={row.spender} />{' '}
          {row.spenderHasCode === undefined
            ? ''
            : row.spenderHasCode
              ? t('approvals:item.isContract')
              : t('approvals:item.notContract')}
        </dd>
        <dt>{t('approvals:item.allowed')}</dt>
        <dd>
          <T message={allowedLine(row)} />
        </dd>
        <dt>{t('approvals:item.atRisk')}</dt>
        <dd>
          <AtRisk row={row} />
        </dd>
        <dt>{t('approvals:item.lastSet')}</dt>
        <dd>
          {row.grantedAt === undefined ? (
            <T
              id="approvals:item.setAt"
              values={{ block: approval.blockNumber.toString() }}
              tags={{ 0: transactionLink }}
            />
          ) : (
            <T
              id="approvals:item.setAtOn"
              values={{ block: approval.blockNumber.toString(), when: dateWords(row.grantedAt, false) }}
              tags={{ 0: transactionLink }}
            />
          )}
        </dd>
      </dl>
      {row.flags.length > 0 && (
        <ul className={styles.flags} aria-label={t('approvals:item.flags')}>
          {row.flags.map((flag) => (
            <li key={flag}>
              <T message={FLAG_WORDS[flag]} />
            </li>
          ))}
        </ul>
      )}
      {onSelect && onRevoke && (
        <div className={styles.toolbar}>
          <label className={ui.checkbox}>
            <input
              type="checkbox"
              checked={selected}
              onChange={(e) => onSelect(e.target.checked)}
              aria-label={t('approvals:item.selectNamed', { title })}
            />
            {t('approvals:item.select')}
          </label>
          <button
            type="button"
            className={ui.secondary}
            onClick={onRevoke}
            aria-label={t('approvals:item.revokeNamed', { title })}
          >
            {t('approvals:item.revoke')}
          </button>
        </div>
      )}
    </li>
  );
}
