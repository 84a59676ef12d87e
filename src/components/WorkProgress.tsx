import { intlLocale, useT } from '@/lib/i18n';
import ui from './ui.module.css';

/**
 * Progress of long work in a worker (keystore key derivation), labelled: a fraction when the work
 * reports one, otherwise shown as under way (an indeterminate bar).
 */
export function WorkProgress({
  label,
  fraction,
  className,
}: {
  label: string;
  fraction: number;
  className?: string | undefined;
}) {
  const t = useT();
  const known = fraction > 0;
  return (
    <label className={ui.muted}>
      {label}{' '}
      <progress className={className} max={1} {...(known ? { value: fraction } : {})}>
        {known
          ? new Intl.NumberFormat(intlLocale(), { style: 'percent', maximumFractionDigits: 0 }).format(fraction)
          : t('common:workProgress.underWay')}
      </progress>
    </label>
  );
}
