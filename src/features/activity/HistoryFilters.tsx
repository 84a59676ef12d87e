import { useMemo } from 'react';
import { Field } from '@/components/Field';
import { NetworkViewSelect } from '@/components/NetworkViewSelect';
import type { EntryFilter } from '@/core/activity/entries';
import type { Network } from '@/core/chain/networks';
import { untrustedValue } from '@/core/i18n/message';
import { untrustedLabel } from '@/core/text/untrustedText';
import { useT } from '@/lib/i18n';
import { shortAddress } from '@/lib/i18n/format';
import styles from './activity.module.css';
import type { NetworkHistory } from './HistoriesAcross';
import { historyAssets } from './historyView';

/**
 * The history's filters: the network (across several: all of them, or one; the same choice as the
 * header's network chip), search, asset, direction and status. Each is a labelled native control,
 * so the keyboard and screen readers work them as any form.
 */
export function HistoryFilters({
  filter,
  onFilter,
  parts,
}: {
  filter: EntryFilter;
  onFilter: (patch: Partial<EntryFilter>) => void;
  /** The networks whose entries are in view, for the asset choices. */
  parts: readonly NetworkHistory[];
}) {
  const t = useT('activity');
  // Each asset once: the native coin once, named by every coin's symbol the networks in view have;
  // a token once per network and contract, its network named when several are in view.
  const assetChoices = useMemo(() => {
    const choices = new Map<string, { symbols: string[]; address: string | undefined; network: Network }>();
    for (const part of parts)
      for (const [key, asset] of historyAssets(part.entries)) {
        const symbol = part.label(asset).symbol;
        const known = choices.get(key) ?? {
          symbols: [],
          address: asset.kind === 'native' ? undefined : asset.address,
          network: part.network,
        };
        if (!known.symbols.includes(symbol)) known.symbols.push(symbol);
        choices.set(key, known);
      }
    const several = parts.length > 1;
    return [...choices].map(([key, { symbols, address, network }]) => {
      const asset = `${untrustedLabel(symbols.join(' / '), 'symbol')}${address ? ` (${shortAddress(address)})` : ''}`;
      const text =
        address && several
          ? t('activity:filters.assetOn', { asset, network: untrustedValue(network.name, 'name') })
          : asset;
      return [key, text] as const;
    });
  }, [parts, t]);
  return (
    <search className={styles.filters} aria-label={t('activity:filters.label')}>
      <NetworkViewSelect label={t('activity:filters.network')} allLabel={t('activity:filters.allNetworks')} />
      <Field label={t('activity:filters.search')}>
        <input
          type="search"
          value={filter.search}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => onFilter({ search: e.target.value })}
        />
      </Field>
      <Field label={t('activity:filters.asset')}>
        <select value={filter.asset ?? ''} onChange={(e) => onFilter({ asset: e.target.value || undefined })}>
          <option value="">{t('activity:filters.allAssets')}</option>
          {assetChoices.map(([key, text]) => (
            <option key={key} value={key} translate="no">
              {text}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('activity:filters.direction')}>
        <select
          value={filter.direction}
          onChange={(e) => onFilter({ direction: e.target.value as EntryFilter['direction'] })}
        >
          <option value="any">{t('activity:filters.directionAny')}</option>
          <option value="in">{t('activity:filters.directionIn')}</option>
          <option value="out">{t('activity:filters.directionOut')}</option>
        </select>
      </Field>
      <Field label={t('activity:filters.status')}>
        <select value={filter.status} onChange={(e) => onFilter({ status: e.target.value as EntryFilter['status'] })}>
          <option value="any">{t('activity:filters.statusAny')}</option>
          <option value="confirmed">{t('activity:filters.statusConfirmed')}</option>
          <option value="pending">{t('activity:filters.statusPending')}</option>
          <option value="failed">{t('activity:filters.statusFailed')}</option>
        </select>
      </Field>
    </search>
  );
}
