import { useId } from 'react';
import { Link } from 'react-router';
import { Screen } from '@/components/Screen';
import { useT } from '@/lib/i18n';
import type { SettingsSection } from './SettingsFrame';
import styles from './SettingsFrame.module.css';

/** Settings' index: each section as a link with a line on what it holds (the section menu on phones). */
export function SettingsIndex({ sections }: { sections: readonly SettingsSection[] }) {
  const t = useT('settings');
  const id = useId();
  return (
    <Screen title={t('settings:index.title')}>
      <ul className={styles.index}>
        {sections.map((section, i) => (
          <li key={section.path} className={styles.indexItem}>
            <Link to={section.path} className={styles.indexLink} aria-describedby={`${id}-${i}`}>
              {t(section.label)}
            </Link>
            <p id={`${id}-${i}`} className={styles.summary}>
              {t(section.summary)}
            </p>
          </li>
        ))}
      </ul>
    </Screen>
  );
}
