import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { icons } from '@/components/icons';
import styles from './SettingsFrame.module.css';

/** A section of Settings as the index and the section list name it. */
export type SettingsSection = { path: string; label: string; summary: string };

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
  return (
    <div className={styles.frame}>
      <nav className={styles.sectionNav} aria-label="Settings">
        <ul className={styles.sectionList}>
          {sections.map((section) => (
            <li key={section.path}>
              <NavLink to={section.path} className={styles.sectionLink}>
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.open}>
        <Link to={indexPath} className={styles.back}>
          {icons.back}
          <span>All settings</span>
        </Link>
        {children}
      </div>
    </div>
  );
}
