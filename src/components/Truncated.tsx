import styles from './Truncated.module.css';

/**
 * A name that may be long (an account, a network): cut with an ellipsis where it does not fit,
 * the full text in its tooltip and, being in the page, for screen readers and search. A name is
 * data: never translated, and isolated from the words around it.
 */
export function Truncated({ text, className }: { text: string; className?: string }) {
  return (
    <bdi className={className ? `${styles.truncated} ${className}` : styles.truncated} title={text} translate="no">
      {text}
    </bdi>
  );
}
