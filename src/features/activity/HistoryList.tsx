import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useRef, useState } from 'react';
import { T } from '@/components/T';
import type { EntryRow as Row } from '@/core/activity/entries';
import { useT } from '@/lib/i18n';
import styles from './activity.module.css';
import { type EntryNetwork, EntryRow } from './EntryRow';
import { rowSizes } from './rowSizes';

/**
 * The history as a virtualised list: only the rows in view (and a few around them) exist in the
 * page, so ten thousand entries scroll as smoothly as ten. Each entry is shown with its own
 * network's names and coin (`networkOf`), and the network named when the list spans several.
 */
export function HistoryList({
  rows,
  networkOf,
  showNetwork,
}: {
  rows: readonly Row[];
  networkOf: (networkId: string) => EntryNetwork | undefined;
  showNetwork: boolean;
}) {
  const t = useT('activity');
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer lays every row out again, all of them, whenever this function changes: a new
  // one on each render cost 6 ms a frame at 100,000 entries. It changes with the rows only.
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);
  const [sizes] = useState(rowSizes);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => sizes.estimate(rows[index]),
    measureElement: (element, entry, instance) => {
      const size = measureElement(element, entry, instance);
      sizes.learn(rows[instance.indexFromElement(element)], size);
      return size;
    },
    overscan: 10,
    getItemKey,
  });
  return (
    <div ref={scroller} className={styles.scroller}>
      <ul
        aria-label={t('activity:list.label')}
        className={styles.canvas}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <li
              key={item.key}
              aria-setsize={rows.length}
              aria-posinset={item.index + 1}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={styles.row}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {row.kind === 'day' ? (
                <h3 className={styles.day}>
                  {typeof row.day === 'string' ? <bdi translate="no">{row.day}</bdi> : <T message={row.day} />}
                </h3>
              ) : (
                <ShownEntry entry={row.entry} network={networkOf(row.entry.networkId)} showNetwork={showNetwork} />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** An entry with its network's names, or nothing for one of a network no longer listed. */
function ShownEntry({
  entry,
  network,
  showNetwork,
}: {
  entry: Row extends infer R ? (R extends { kind: 'entry'; entry: infer E } ? E : never) : never;
  network: EntryNetwork | undefined;
  showNetwork: boolean;
}) {
  if (!network) return null;
  return (
    <EntryRow
      entry={entry}
      network={network}
      showNetwork={showNetwork}
      time={entry.timestamp === undefined ? undefined : entry.timestamp * 1000}
    />
  );
}
