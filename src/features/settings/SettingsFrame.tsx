import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { icons } from '@/components/icons';
import type { PlainMessageId } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import styles from './SettingsFrame.module.css';

/** A section of Settings as the index and the section list name it. */
export type SettingsSection = { path: string; label: PlainMessageId; summary: PlainMessageId };

/**
 * One section of Settings: beside the list of sections on wide screens; on narrower ones alone,
 * under a link back to the index (which is then the section menu).
 */
export function SettingsFrame({
  sections,
  indexPath,
  children,
}: {
  sections: readonly SettingsSection[];
  indexPath: string;
  children: ReactNode;
}) {
  const t = useT('settings');
  return (
    <div className={styles.frame}>
      <nav className={styles.sectionNav} aria-label={t('settings:frame.nav')}>
        <ul className={styles.sectionList}>
          {sections.map((section) => (
            <li key={section.path}>
              <NavLink to={section.path} className={styles.sectionLink}>
                {t(section.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.open}>
        <Link to={indexPath} className={styles.back}>
          {icons.back}
          <span>{t('settings:frame.all')}</span>
        </Link>
        {children}
      </div>
    </div>
  );
}
