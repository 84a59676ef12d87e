import { type TextKind, untrustedText } from '@/core/text/untrustedText';
import { useT } from '@/lib/i18n';
import truncation from './Truncated.module.css';
import styles from './UntrustedText.module.css';

/** What the warning beside text with hidden characters says, to eyes and screen readers alike (its message). */
export const HIDDEN_TEXT_WARNING = 'common:untrusted.hiddenCharacters' as const;

/** The warning shown after such text: words, not colour alone. */
export function HiddenTextWarning() {
  const t = useT();
  return (
    <span className={styles.warning}>
      {' '}
      <span aria-hidden="true">⚠</span> ({t(HIDDEN_TEXT_WARNING)})
    </span>
  );
}

/**
 * Text Cairn did not write — a token's symbol or name, NFT metadata, a contact or ENS name —
 * shown with its hidden and direction-changing characters as `\u{…}` codes, cut to the limit of
 * its kind, and followed by a warning when it had such characters (unless `warn` is false because
 * the warning is already shown beside it). In a <bdi translate="no">, so its own direction cannot reorder the
 * text around it. With `truncate`, it is cut with an ellipsis where it does not fit, the text as
 * shown (codes included) in its tooltip.
 */
export function UntrustedText({
  text,
  kind,
  warn = true,
  truncate = false,
}: {
  text: string;
  kind: TextKind;
  warn?: boolean;
  truncate?: boolean;
}) {
  const t = useT();
  const shown = untrustedText(text, kind);
  return (
    <>
      {truncate ? (
        <bdi className={truncation.truncated} title={shown.text} translate="no">
          {shown.text}
        </bdi>
      ) : (
        <bdi translate="no">{shown.text}</bdi>
      )}
      {shown.truncated && <span className="visually-hidden"> {t('common:untrusted.shortened')}</span>}
      {warn && shown.hidden && <HiddenTextWarning />}
    </>
  );
}
