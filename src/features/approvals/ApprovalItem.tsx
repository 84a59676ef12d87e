import { useId } from 'react';
import { Link } from 'react-router';
import { AddressText } from '@/components/AddressText';
import { Amount } from '@/components/Amount';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import { type ApprovalRow, FLAG_WORDS, KIND_WORDS } from '@/core/approvals/approvalRows';
import { fiatText } from '@/lib/format';
import { useLinks } from '@/lib/links';
import styles from './approvals.module.css';
import { allowedWords, dateWords } from './approvalWords';

type Props = {
  row: ApprovalRow;
  /** The approval in one line (its heading and accessible name). */
  title: string;
  spenderName: { name: string; source: string } | undefined;
  selected: boolean;
  /** Undefined when the account cannot sign (watch-only) or a review is open. */
  onSelect: ((selected: boolean) => void) | undefined;
  onRevoke: (() => void) | undefined;
};

function AtRisk({ row }: { row: ApprovalRow }) {
  const { approval, label } = row;
  if (approval.kind === 'operator') return <>every NFT of this collection the account holds</>;
  if (approval.kind === 'erc721') return <>NFT #{approval.tokenId.toString()}</>;
  if (row.atRisk === undefined) return <>unknown (the balance could not be read)</>;
  if (label?.decimals === undefined) return <>{row.atRisk.toString()} base units (the token states no decimals)</>;
  return (
    <>
      <Amount value={row.atRisk} decimals={label.decimals} symbol={label.symbol ?? ''} />
      {row.valueAtRisk !== undefined ? ` (${fiatText(row.valueAtRisk)})` : ' (no price)'}
    </>
  );
}

/** One approval in force: who may take what, what that is worth now, since when, and why it deserves a look. */
export function ApprovalItem({ row, title, spenderName, selected, onSelect, onRevoke }: Props) {
  const links = useLinks();
  const headingId = useId();
  const { approval } = row;
  return (
    <li className={styles.item} aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <dl className={ui.facts}>
        <dt>Kind</dt>
        <dd>{KIND_WORDS[approval.kind]}</dd>
        <dt>{approval.kind === 'erc20' || approval.kind === 'permit2' ? 'Token' : 'Collection'}</dt>
        <dd>
          <AddressText address={approval.token} />
        </dd>
        <dt>{approval.kind === 'operator' || approval.kind === 'erc721' ? 'Operator' : 'Spender'}</dt>
        <dd>
          {spenderName && (
            <>
              <UntrustedText text={spenderName.name} kind="name" />{' '}
              <span className={styles.source}>({spenderName.source})</span>
              <br />
            </>
          )}
          <AddressText address={row.spender} />{' '}
          {row.spenderHasCode === undefined ? '' : row.spenderHasCode ? '(a contract)' : '(not a contract)'}
        </dd>
        <dt>Allowed</dt>
        <dd>
          {allowedWords(row)}
          {approval.kind === 'permit2' && `, until ${dateWords(approval.expiration, true)}`}
          {approval.unreadable && ' (as granted: the contract did not answer when asked now)'}
        </dd>
        <dt>At risk now</dt>
        <dd>
          <AtRisk row={row} />
        </dd>
        <dt>Last set</dt>
        <dd>
          block {approval.blockNumber.toString()}
          {row.grantedAt !== undefined && `, ${dateWords(row.grantedAt, false)}`} ·{' '}
          <Link to={links.transaction(approval.transactionHash)} aria-label={`Transaction that set ${title}`}>
            transaction
          </Link>
        </dd>
      </dl>
      {row.flags.length > 0 && (
        <ul className={styles.flags} aria-label="Flags">
          {row.flags.map((flag) => (
            <li key={flag}>{FLAG_WORDS[flag]}</li>
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
              aria-label={`Select ${title}`}
            />
            Select
          </label>
          <button type="button" className={ui.secondary} onClick={onRevoke} aria-label={`Revoke ${title}`}>
            Revoke
          </button>
        </div>
      )}
    </li>
  );
}
