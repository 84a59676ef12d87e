import { useT } from '@/lib/i18n';
import styles from './PublicKeyBadge.module.css';

/** Marks an account derived from the public demo phrase, wherever the account appears. */
export function PublicKeyBadge() {
  const t = useT();
  return <span className={styles.badge}>{t('common:publicTestKey')}</span>;
}
