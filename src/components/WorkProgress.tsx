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
  const known = fraction > 0;
  return (
    <label className={ui.muted}>
      {label}{' '}
      <progress className={className} max={1} {...(known ? { value: fraction } : {})}>
        {known ? `${Math.round(fraction * 100)} %` : 'under way'}
      </progress>
    </label>
  );
}
