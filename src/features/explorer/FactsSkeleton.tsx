import { Skeleton, SkeletonLine } from '@/components/Skeleton';
import ui from '@/components/ui.module.css';
import styles from './explorer.module.css';

/** A list of facts on its way (a transaction's or an address's): a term and a value per row. */
export function FactsSkeleton({ label, rows }: { label: string; rows: number }) {
  return (
    <Skeleton label={label}>
      <span className={`${ui.facts} ${styles.facts}`}>
        {Array.from({ length: rows }, (_, row) => `fact-${row}`).map((key, row) => (
          <span key={key} className={styles.factSkeleton}>
            <SkeletonLine width="sm" />
            <SkeletonLine width={row % 3 === 0 ? 'md' : 'sm'} />
          </span>
        ))}
      </span>
    </Skeleton>
  );
}
