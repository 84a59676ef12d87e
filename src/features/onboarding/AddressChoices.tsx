import { useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { AddressText } from '@/components/AddressText';
import { Amount } from '@/components/Amount';
import { Identicon } from '@/components/Identicon';
import ui from '@/components/ui.module.css';
import { errorText } from '@/lib/errorMessages';
import { nativeBalancesQuery } from '@/lib/queries/balanceQueries';
import { useSelectedNetwork } from '@/lib/session';
import styles from './onboarding.module.css';

export type AddressChoice = { index: number; path: string; address: Address };

/**
 * Addresses to tick, each with its path and its balance on the selected network (one batched
 * read), so people find the accounts that hold their funds. Needs a query cache around it.
 */
export function AddressChoices({
  addresses,
  selected,
  onToggle,
}: {
  addresses: readonly AddressChoice[];
  selected: ReadonlySet<number>;
  onToggle(index: number): void;
}) {
  const network = useSelectedNetwork();
  const balances = useQuery(
    nativeBalancesQuery(
      network,
      addresses.map((a) => a.address),
    ),
  );
  return (
    <>
      <p className={ui.muted}>
        Balances on {network.name}
        {balances.isError ? `: ${errorText(balances.error)}` : balances.isPending ? ': loading…' : ''}
      </p>
      <ul className={ui.plainList} aria-label="Addresses">
        {addresses.map((a) => {
          const balance = balances.data?.get(a.address);
          return (
            <li key={a.path} className={styles.addressRow}>
              <label>
                <input type="checkbox" checked={selected.has(a.index)} onChange={() => onToggle(a.index)} />
                <Identicon address={a.address} />
                <span>Account {a.index + 1}</span>
                <AddressText address={a.address} />
              </label>
              <span className={ui.muted}>{a.path}</span>
              {balance !== undefined && (
                <Amount
                  value={balance}
                  decimals={network.nativeCurrency.decimals}
                  symbol={network.nativeCurrency.symbol}
                />
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** The set with `index` added, or removed if it was there. */
export function toggled(set: ReadonlySet<number>, index: number): Set<number> {
  const next = new Set(set);
  if (next.has(index)) next.delete(index);
  else next.add(index);
  return next;
}
