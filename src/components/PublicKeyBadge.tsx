import styles from './PublicKeyBadge.module.css';

/** Marks an account derived from the public demo phrase, wherever the account appears. */
export function PublicKeyBadge() {
  return <span className={styles.badge}>Public test key</span>;
}
