import type { ReactNode } from 'react';
import { useOnline } from '@/lib/browser/useOnline';
import { useT } from '@/lib/i18n';
import styles from './Skeleton.module.css';

type Width = 'xs' | 'sm' | 'md' | 'lg' | 'full';

/**
 * A line of text to come, in the font size of where it stands. `fill="line"` makes it exactly as
 * tall as one line of that text, for a value that must not move what follows when it arrives.
 */
export function SkeletonLine({ width = 'full', fill }: { width?: Width; fill?: 'line' }) {
  return <span aria-hidden="true" className={styles.line} data-width={width} data-fill={fill} />;
}

/** A block to come: a row of a list, a card, a square image or a chart. */
export function SkeletonBlock({ height }: { height: 'row' | 'card' | 'media' | 'chart' }) {
  return <span aria-hidden="true" className={styles.block} data-height={height} />;
}

/** An icon to come. */
export function SkeletonCircle() {
  return <span aria-hidden="true" className={styles.circle} />;
}

/** Shapes side by side; the last one pushed to the end (an amount at the right of its row). */
export function SkeletonRow({ children }: { children: ReactNode }) {
  return <span className={styles.row}>{children}</span>;
}

/** Pushes what it wraps to the end of a SkeletonRow. */
export function SkeletonEnd({ children }: { children: ReactNode }) {
  return <span className={styles.push}>{children}</span>;
}

/**
 * A region whose content is on its way: placeholders of the size of what will come, hidden from
 * assistive technology, and one polite status saying what is being read. Leave `label` out only
 * where the region already has a status line of its own that says so. Offline, it says so in
 * words instead of shimmering: nothing is on its way.
 */
export function Skeleton({ label, children }: { label?: string | undefined; children: ReactNode }) {
  const t = useT();
  const online = useOnline();
  if (!online)
    return (
      <div className={styles.region}>
        <p role="status" className={styles.offline}>
          {t('common:skeleton.offline')}
        </p>
      </div>
    );
  return (
    <div className={styles.region}>
      {label !== undefined && (
        <p role="status" className="visually-hidden">
          {label}
        </p>
      )}
      <div aria-hidden="true" className={styles.shapes} data-skeleton="">
        {children}
      </div>
    </div>
  );
}

/** A screen whose code is on its way: its title and the first of its content, in shapes. */
export function ScreenSkeleton({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className={styles.screen}>
      <p role="status" className="visually-hidden">
        {label ?? t('common:skeleton.openingScreen')}
      </p>
      <div aria-hidden="true" className={styles.screen} data-skeleton="">
        <span className={styles.screenTitle}>
          <SkeletonLine width="sm" fill="line" />
        </span>
        <SkeletonLine width="lg" />
        <SkeletonBlock height="card" />
        <SkeletonBlock height="row" />
        <SkeletonBlock height="row" />
      </div>
    </div>
  );
}
