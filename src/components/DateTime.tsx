import { useLocale } from '@/lib/i18n';
import { formatDateTime } from '@/lib/i18n/format';

/**
 * A date and/or time in the language shown, as data: in a <time> with its ISO form, not
 * translated (it is already in the reader's language) and isolated from the words around it.
 */
export function DateTime({ when, options }: { when: Date | number; options?: Intl.DateTimeFormatOptions }) {
  useLocale();
  const date = typeof when === 'number' ? new Date(when) : when;
  return (
    <time dateTime={date.toISOString()} translate="no">
      {formatDateTime(date, options)}
    </time>
  );
}
