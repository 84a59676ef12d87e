import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { Address } from 'viem';
import { AddressText } from '@/components/AddressText';
import { Amount } from '@/components/Amount';
import { CodeText } from '@/components/CodeText';
import { Identicon } from '@/components/Identicon';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { untrustedValue } from '@/core/i18n/message';
import type { PathPreset } from '@/core/keys/derivationPath';
import { t as translated, useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { nativeBalancesQuery } from '@/lib/queries/balanceQueries';
import { useSelectedNetwork } from '@/lib/stores/session';
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
  const t = useT('onboarding');
  const network = useSelectedNetwork();
  const networkName = untrustedValue(network.name, 'name');
  const balances = useQuery(
    nativeBalancesQuery(
      network,
      addresses.map((a) => a.address),
    ),
  );
  return (
    <>
      <p className={ui.muted}>
        {balances.isError ? (
          <T
            id="onboarding:addresses.balancesError"
            values={{ network: networkName, error: errorMessage(balances.error) }}
          />
        ) : (
          <T
            id={balances.isPending ? 'onboarding:addresses.balancesLoading' : 'onboarding:addresses.balancesOn'}
            values={{ network: networkName }}
          />
        )}
      </p>
      <ul className={ui.plainList} aria-label={t('onboarding:addresses.label')}>
        {addresses.map((a) => {
          const balance = balances.data?.get(a.address);
          return (
            <li key={a.address} className={styles.addressRow}>
              <label>
                <input type="checkbox" checked={selected.has(a.index)} onChange={() => onToggle(a.index)} />
                <Identicon address={a.address} />
                <span>{t('onboarding:addresses.account', { number: a.index + 1 })}</span>
                <AddressText address={a.address} />
              </label>
              {a.path && (
                <bdi className={ui.muted} dir="ltr" translate="no">
                  {a.path}
                </bdi>
              )}
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

/** The Continue button's words for `count` chosen accounts (in a flow, which takes the onboarding catalog). */
export function continueWith(count: number): string {
  return translated('onboarding:choose.continue', { count });
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
  const t = useT('onboarding');
  const groupId = useId();
  return (
    <fieldset className={ui.choices}>
      <legend>{t('onboarding:path.legend')}</legend>
      {presets.map((p) => (
        <label key={p.id} className={ui.checkbox}>
          <input type="radio" name={groupId} checked={chosenId === p.id} onChange={() => onChoose(p.id)} />
          <span>
            <T message={p.label} /> <CodeText>{p.template.replace('{i}', 'i')}</CodeText>{' '}
            <span className={ui.muted}>
              (<T message={p.usedBy} />)
            </span>
          </span>
        </label>
      ))}
      {allowCustom && (
        <label className={ui.checkbox}>
          <input type="radio" name={groupId} checked={chosenId === 'custom'} onChange={() => onChoose('custom')} />
          <span>{t('onboarding:path.custom')}</span>
        </label>
      )}
    </fieldset>
  );
}
