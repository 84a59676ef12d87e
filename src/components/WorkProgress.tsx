import { useId } from 'react';
import { intlLocale, useT } from '@/lib/i18n';
import ui from './ui.module.css';
import styles from './WorkProgress.module.css';

/**
 * Progress of work that takes a while (a key derivation, a scan of the chain), so the person sees
 * what is happening and how far it has got. `label` says what is happening; it names the
 * progress bar and sits in a polite status, so it is announced when the work starts and again
 * when the label changes, never at each step. With a `fraction` the bar is determinate and
 * `detail` (such as "blocks 40,000 of 100,000", else the percentage) is shown beside it and read
 * as its value; without one it is indeterminate: under way, how far unknown.
 */
export function WorkProgress({
  label,
  fraction,
  detail,
  className,
}: {
  label: string;
  /** 0..1 when the work can say how far it has got; undefined when it cannot (yet). */
  fraction?: number | undefined;
  /** How far, in words (blocks done of all); the percentage when left out. */
  detail?: string | undefined;
  className?: string | undefined;
}) {
  const t = useT();
  const labelId = useId();
  const known = fraction !== undefined;
  const shown = Math.min(1, Math.max(0, fraction ?? 0));
  const percent = new Intl.NumberFormat(intlLocale(), { style: 'percent', maximumFractionDigits: 0 }).format(shown);
  const value = known ? (detail ?? percent) : undefined;
  return (
    <div className={`${ui.muted} ${styles.work}`}>
      <span role="status" id={labelId}>
        {label}
      </span>
      <progress
        className={className ?? styles.bar}
        aria-labelledby={labelId}
        max={1}
        {...(known ? { value: shown, 'aria-valuetext': value } : {})}
      >
        {value ?? t('common:workProgress.underWay')}
      </progress>
      {value !== undefined && <span aria-hidden="true">{value}</span>}
    </div>
  );
}
