import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { Amount, Fiat } from '@/components/Amount';
import { DisclosureButton } from '@/components/DisclosureButton';
import { T } from '@/components/T';
import { TokenIcon } from '@/components/TokenIcon';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { AssetGroup, NetworkRow } from '@/core/assets/assetGroups';
import { untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { useLinks } from '@/lib/links';
import { BalanceCell, ValueCell } from './assetCells';
import styles from './home.module.css';

/**
 * Each asset once across the followed networks: its icon, symbol (and what sets it apart, such
 * as "Bridged USDC"), the networks it is on, its balance and value, in one row that fits 360 px;
 * its networks' own balances on expand.
 */
export function AssetGroupList({
  groups,
  heading,
  fromId,
  children,
}: {
  groups: readonly AssetGroup[];
  /** The list's title (else "Assets"): an account's name, listing its assets alone. */
  heading?: ReactNode;
  /** The account listed alone (its id): Send opens from it. */
  fromId?: string;
  /** What follows the list in its card (an account's unsolicited tokens). */
  children?: ReactNode;
}) {
  const t = useT('portfolio');
  const titleId = useId();
  return (
    <section className={`${ui.card} ${styles.groups}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.groupsTitle}>
        {heading ?? t('portfolio:assets.title')}
      </h2>
      <ul className={styles.groupList}>
        {groups.map((group) => (
          <AssetGroupRow key={group.key.id} group={group} fromId={fromId} />
        ))}
      </ul>
      {children}
    </section>
  );
}

/** Straight to Send with this asset on this network: no network to switch first. */
function SendOnNetwork({
  member: { network, row },
  symbol,
  fromId,
}: {
  member: NetworkRow;
  symbol: string;
  fromId: string | undefined;
}) {
  const t = useT('portfolio');
  const links = useLinks();
  return (
    <Link
      to={links.sendAsset(row.token?.address.toLowerCase() ?? 'native', network.id, fromId)}
      aria-label={t('portfolio:across.sendOn', {
        symbol: untrustedValue(symbol, 'symbol'),
        network: untrustedValue(network.name, 'name'),
      })}
    >
      {t('portfolio:summary.action.send')}
    </Link>
  );
}

function AssetGroupRow({ group, fromId }: { group: AssetGroup; fromId: string | undefined }) {
  const t = useT('portfolio');
  const [open, setOpen] = useState(false);
  const membersId = useId();
  const first = group.members[0];
  if (!first) return null;
  return (
    <li className={styles.groupRow}>
      <div className={styles.groupMain}>
        <TokenIcon chainId={first.network.chainId} token={first.row.token?.address ?? 'native'} symbol={group.symbol} />
        <div className={styles.groupName}>
          <strong>
            <UntrustedText text={group.symbol} kind="symbol" />
          </strong>
          {group.label && (
            <span className={ui.muted}>
              {' '}
              <T message={group.label} />
            </span>
          )}
          <small className={`${ui.muted} ${styles.groupNetworks}`}>
            {group.members.map(({ network }, i) => (
              <span key={network.id}>
                {i > 0 && ', '}
                <UntrustedText text={network.name} kind="name" />
              </span>
            ))}
          </small>
        </div>
        <div className={styles.groupFigures}>
          <span>
            <Amount value={group.balance} decimals={group.decimals} symbol={group.symbol} symbolWarning={false} />
          </span>
          <span className={ui.muted}>
            {group.members.length === 1 ? (
              <ValueCell row={first.row} />
            ) : (
              <>
                <Fiat value={group.value} approximate={!group.complete} />
                {group.priceStale && ` ${t('portfolio:holdings.oldPrice')}`}
                {group.members.some(({ row }) => row.priceFrom === 'parent') && ` ${t('common:amount.parentPrice')}`}
              </>
            )}
          </span>
        </div>
      </div>
      {group.members.length === 1 && (
        <p className={styles.groupSend}>
          <SendOnNetwork member={first} symbol={group.symbol} fromId={fromId} />
        </p>
      )}
      {group.members.length > 1 && (
        <>
          <DisclosureButton open={open} onToggle={setOpen} controls={membersId} className={ui.secondary}>
            {open
              ? t('portfolio:across.hideNetworks')
              : t('portfolio:across.showNetworks', { count: group.members.length })}
          </DisclosureButton>
          <ul id={membersId} hidden={!open} className={styles.groupMembers}>
            {group.members.map(({ network, row }) => (
              <li key={network.id}>
                <span>
                  <UntrustedText text={network.name} kind="name" />
                </span>
                <span>
                  <BalanceCell row={row} />
                </span>
                <span className={ui.muted}>
                  <ValueCell row={row} />
                </span>
                <SendOnNetwork member={{ network, row }} symbol={group.symbol} fromId={fromId} />
              </li>
            ))}
          </ul>
        </>
      )}
    </li>
  );
}
