import { identicon } from '@/core/accounts/identicon';
import styles from './Identicon.module.css';

/** A small picture derived from an address, to tell accounts apart at a glance. Decorative. */
export function Identicon({ address, size = 24 }: { address: string; size?: number }) {
  const shape = identicon(address);
  return (
    <svg width={size} height={size} viewBox="0 0 5 5" aria-hidden="true" focusable="false" className={styles.identicon}>
      <rect width="5" height="5" fill={shape.background} />
      {shape.cells.map((on, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the 25 cells are fixed positions
        on ? <rect key={i} x={i % 5} y={Math.floor(i / 5)} width="1" height="1" fill={shape.foreground} /> : null,
      )}
    </svg>
  );
}
