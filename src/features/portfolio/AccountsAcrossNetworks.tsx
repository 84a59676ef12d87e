import { Fragment } from 'react';
import { Fiat } from '@/components/Amount';
import { Truncated } from '@/components/Truncated';
import { groupAcrossNetworks, type NetworkRow } from '@/core/assets/assetGroups';
import type { AccountView } from '@/core/assets/portfolioView';
import type { Network } from '@/core/chain/networks';
import { sameAddress } from '@/core/keys/sameAddress';
import type { NetworkPortfolioPart } from '@/lib/portfolio/PortfoliosAcross';
import { AssetGroupList } from './AssetGroupList';
import styles from './home.module.css';
import { SpamTokens } from './SpamTokens';

/**
 * Home across networks, per account: each account read on any counted network, its assets grouped
 * across networks as on the whole list, its total across them, and the tokens sent to it unasked,
 * per network.
 */
export function AccountsAcrossNetworks({
  parts,
  hideZero,
}: {
  /** The parts counted in the total, in the networks' order. */
  parts: readonly NetworkPortfolioPart[];
  hideZero: boolean;
}) {
  const accounts = parts
    .flatMap(({ portfolio }) => portfolio.accounts)
    .filter((account, i, all) => all.findIndex((other) => sameAddress(other.address, account.address)) === i);
  return (
    <>
      {accounts.map((account) => {
        const held = parts.flatMap(({ network, portfolio }) => {
          const holdings = portfolio.view?.accounts.find((a) => sameAddress(a.address, account.address));
          return holdings ? [{ network, holdings }] : [];
        });
        const rows: NetworkRow[] = held.flatMap(({ network, holdings }) =>
          holdings.rows.map((row) => ({ network, row })),
        );
        const total = held.reduce((sum, { holdings }) => sum + holdings.total, 0n);
        const priced = held.some(({ holdings }) => holdings.hasPrices);
        return (
          <AssetGroupList
            key={account.id}
            groups={groupAcrossNetworks(rows, { hideZero })}
            fromId={account.id}
            heading={
              <span className={styles.groupsHeading}>
                <Truncated text={account.name} />
                {priced && <Fiat value={total} />}
              </span>
            }
          >
            <UnaskedTokens held={held} />
          </AssetGroupList>
        );
      })}
    </>
  );
}

/** Each network's tokens sent unasked, named by network. */
export function UnaskedTokens({
  held,
}: {
  held: readonly { network: Network; holdings: Pick<AccountView, 'spam'> }[];
}) {
  return (
    <>
      {held.map(({ network, holdings }) => (
        <Fragment key={network.id}>
          <SpamTokens rows={holdings.spam} network={network} named />
        </Fragment>
      ))}
    </>
  );
}
