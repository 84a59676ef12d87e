import { mergeByTime } from '@/core/activity/acrossNetworks';
import {
  type ActivityEntry,
  type EntryFilter,
  type EntryRow,
  filterAssetKey,
  filterEntries,
  groupByDay,
} from '@/core/activity/entries';
import type { ActivityAsset } from '@/core/activity/item';
import { intlLocale } from '@/lib/i18n';
import { formatDateTime } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/locales';
import { derivedFrom } from '@/lib/stores/derivedCache';

const DAY: Intl.DateTimeFormatOptions = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' };

/**
 * What Activity shows of a history, each part kept with the entries it came from (derivedFrom):
 * opened again on the same history, with the same filter and language, the screen walks none of
 * its entries.
 */
export function historyView(entries: readonly ActivityEntry[], filter: EntryFilter, locale: Locale) {
  const key = JSON.stringify(filter);
  const shown = derivedFrom(entries, `shown ${key}`, [], () => filterEntries(entries, filter));
  const hidden = filter.showSuspicious
    ? 0
    : derivedFrom(
        entries,
        `hidden ${key}`,
        [],
        () => filterEntries(entries, { ...filter, showSuspicious: true }).length - shown.length,
      );
  const rows = derivedFrom(shown, `rows ${locale}`, [], (): EntryRow[] => groupByDay(shown, dayLabels(locale)));
  return { shown, hidden, rows };
}

const NONE: readonly ActivityEntry[] = [];

/**
 * The histories of the networks listed as one list by time (mergeByTime), made again only when one
 * of them changed (kept with the first, the others compared by identity), not at each status report.
 */
export function mergedHistory(lists: readonly (readonly ActivityEntry[])[]): readonly ActivityEntry[] {
  const [first = NONE, ...rest] = lists;
  return derivedFrom(first, `merged ${lists.length}`, rest, () => mergeByTime(lists));
}

/** The day label of a unix time, formatted once per local day rather than once per entry. */
function dayLabels(locale: Locale): (unixSeconds: number) => string {
  const byDay = new Map<string, string>();
  return (time) => {
    const date = new Date(time * 1000);
    const day = `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
    let label = byDay.get(day);
    if (label === undefined) {
      label = formatDateTime(date, DAY, intlLocale(locale));
      byDay.set(day, label);
    }
    return label;
  };
}

/** Each asset the history moved, once per filter key (filterAssetKey), in the order first seen. */
export function historyAssets(entries: readonly ActivityEntry[]): readonly (readonly [string, ActivityAsset])[] {
  return derivedFrom(entries, 'assets', [], () => {
    const seen = new Map<string, ActivityAsset>();
    for (const entry of entries)
      for (const m of entry.movements) {
        const key = filterAssetKey(entry.networkId, m.asset);
        if (!seen.has(key)) seen.set(key, m.asset);
      }
    return [...seen.entries()];
  });
}
