import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { Address } from 'viem';
import { AddressText } from '@/components/AddressText';
import { Amount } from '@/components/Amount';
import { Identicon } from '@/components/Identicon';
import ui from '@/components/ui.module.css';
import type { PathPreset } from '@/core/keys/derivationPath';
import { errorText } from '@/lib/errorMessages';
import { accountsText } from '@/lib/format';
import { nativeBalancesQuery } from '@/lib/queries/balanceQueries';
import { useSelectedNetwork } from '@/lib/session';
import styles from './onboarding.module.css';

export type AddressChoice = { index: number; path: string; address: Address };

/**
 * Addresses to tick, each with its path (where known) and its balance on the selected network (one batched
 * read), so people find the accounts that hold their funds. Needs a query cache around it.
 */
export function AddressChoices({
  addresses,
  selected,
  onToggle,
}: {
  /** Each with its path where Cairn knows how its key is derived (not for a wallet's accounts). */
  addresses: readonly (Omit<AddressChoice, 'path'> & { path?: string })[];
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
            <li key={a.address} className={styles.addressRow}>
              <label>
                <input type="checkbox" checked={selected.has(a.index)} onChange={() => onToggle(a.index)} />
                <Identicon address={a.address} />
                <span>Account {a.index + 1}</span>
                <AddressText address={a.address} />
              </label>
              {a.path && <span className={ui.muted}>{a.path}</span>}
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

/** The Continue button's words for `count` chosen accounts. */
export function continueWith(count: number): string {
  return `Continue with ${accountsText(count)}`;
}

/** The derivation path presets as radio buttons; with `allowCustom`, a last one chooses 'custom'. */
export function PathPresetChoice({
  presets,
  chosenId,
  onChoose,
  allowCustom = false,
}: {
  presets: readonly PathPreset[];
  chosenId: string;
  onChoose(id: string): void;
  allowCustom?: boolean;
}) {
  const groupId = useId();
  return (
    <fieldset className={ui.choices}>
      <legend>Derivation path</legend>
      {presets.map((p) => (
        <label key={p.id} className={ui.checkbox}>
          <input type="radio" name={groupId} checked={chosenId === p.id} onChange={() => onChoose(p.id)} />
          <span>
            {p.label} <code>{p.template.replace('{i}', 'i')}</code> <span className={ui.muted}>({p.usedBy})</span>
          </span>
        </label>
      ))}
      {allowCustom && (
        <label className={ui.checkbox}>
          <input type="radio" name={groupId} checked={chosenId === 'custom'} onChange={() => onChoose('custom')} />
          <span>Custom path</span>
        </label>
      )}
    </fieldset>
  );
}
