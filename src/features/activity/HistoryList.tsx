import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useRef, useState } from 'react';
import { T } from '@/components/T';
import type { EntryRow as Row } from '@/core/activity/entries';
import type { ActivityAsset } from '@/core/activity/item';
import { useT } from '@/lib/i18n';
import type { AssetLabel } from '@/lib/names/assetLabels';
import styles from './activity.module.css';
import { EntryRow } from './EntryRow';
import { rowSizes } from './rowSizes';

/**
 * The history as a virtualised list: only the rows in view (and a few around them) exist in the
 * page, so ten thousand entries scroll as smoothly as ten.
 */
export function HistoryList({
  rows,
  chainId,
  label,
  name,
  native,
}: {
  rows: readonly Row[];
  chainId: number;
  label: (asset: ActivityAsset) => AssetLabel;
  name: (address: string | undefined) => string | undefined;
  native: { symbol: string; decimals: number };
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
                <EntryRow
                  entry={row.entry}
                  chainId={chainId}
                  label={label}
                  name={name}
                  native={native}
                  time={row.entry.timestamp === undefined ? undefined : row.entry.timestamp * 1000}
                />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
