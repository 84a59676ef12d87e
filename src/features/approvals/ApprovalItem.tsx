import { Link } from 'react-router';
import { AddressText } from '@/components/AddressText';
import { Amount } from '@/components/Amount';
import ui from '@/components/ui.module.css';
import { type ApprovalRow, FLAG_WORDS } from '@/core/approvals/approvalRows';
import { fiatText } from '@/lib/format';
import { useLinks } from '@/lib/links';
import type { SpenderName } from '@/lib/spenderNames';
import styles from './approvals.module.css';
import { allowedWords, describeApproval, tokenName } from './approvalWords';

const KIND_WORDS: Record<ApprovalRow['approval']['kind'], string> = {
  erc20: 'Token allowance',
  permit2: 'Permit2 allowance',
  operator: 'Operator for all NFTs',
  erc721: 'One NFT',
};

type Props = {
  row: ApprovalRow;
  spenderName: SpenderName | undefined;
  selected: boolean;
  /** Undefined when the account cannot sign (watch-only): nothing to revoke with. */
  onSelect: ((selected: boolean) => void) | undefined;
  onRevoke: (() => void) | undefined;
};

/** One approval in force: who may take what, what that is worth now, since when, and why it deserves a look. */
export function ApprovalItem({ row, spenderName, selected, onSelect, onRevoke }: Props) {
  const links = useLinks();
  const { approval, label } = row;
  const spenderText = spenderName?.name ?? row.spender;
  const title = describeApproval(row, spenderText);
  const decimals = label?.decimals;
  return (
    <li className={styles.item} aria-label={title}>
      <h3>
        {tokenName(row)} · {KIND_WORDS[approval.kind]}
      </h3>
      <dl className={ui.facts}>
        <dt>{approval.kind === 'operator' || approval.kind === 'erc721' ? 'Operator' : 'Spender'}</dt>
        <dd>
          {spenderName && (
            <>
              {spenderName.name} <span className={styles.source}>({spenderName.source})</span>
              <br />
            </>
          )}
          <AddressText address={row.spender} />{' '}
          {row.spenderHasCode === undefined ? '' : row.spenderHasCode ? '(a contract)' : '(not a contract)'}
        </dd>
        <dt>Allowed</dt>
        <dd>
          {allowedWords(row)}
          {approval.kind === 'permit2' && `, until ${new Date(Number(approval.expiration) * 1000).toLocaleString()}`}
          {approval.unreadable && ' (as granted: the contract did not answer when asked now)'}
        </dd>
        <dt>At risk now</dt>
        <dd>
          {approval.kind === 'operator' ? (
            'every NFT of this collection the account holds'
          ) : approval.kind === 'erc721' ? (
            `NFT #${approval.tokenId}`
          ) : row.atRisk === undefined || decimals === undefined ? (
            'unknown (the balance could not be read)'
          ) : (
            <>
              <Amount value={row.atRisk} decimals={decimals} symbol={label?.symbol ?? ''} />
              {row.valueAtRisk !== undefined ? ` (${fiatText(row.valueAtRisk)})` : ' (no price)'}
            </>
          )}
        </dd>
        <dt>Granted</dt>
        <dd>
          block {approval.blockNumber.toString()}
          {row.grantedAt !== undefined && `, ${new Date(row.grantedAt * 1000).toLocaleDateString()}`} ·{' '}
          <Link to={links.transaction(approval.transactionHash)}>transaction</Link>
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
