import { encode } from 'uqr';
import styles from './QrCode.module.css';

/**
 * A QR code drawn as one SVG path, always dark on light (scanners expect that, whatever the
 * page theme). `label` is what assistive technology announces; show the text beside it too.
 */
export function QrCode({ value, label, size = 220 }: { value: string; label: string; size?: number }) {
  const { data, size: modules } = encode(value, { ecc: 'M', border: 4 });
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      className={styles.qr}
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
    >
      <rect width={modules} height={modules} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
