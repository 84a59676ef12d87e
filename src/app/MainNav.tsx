import { useEffect, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { DisclosureButton } from '@/components/DisclosureButton';
import { type IconName, icons } from '@/components/icons';
import { useT } from '@/lib/i18n';
import { type ScreenEntry, type ScreenId, screens } from './paths';
import styles from './Shell.module.css';

const screenIcons: Partial<Record<ScreenId, IconName>> = {
  home: 'home',
  send: 'send',
  swap: 'swap',
  receive: 'receive',
  activity: 'activity',
  nfts: 'nfts',
  approvals: 'approvals',
  contracts: 'contracts',
  sign: 'sign',
  settings: 'settings',
};

function ScreenLink({ entry, onClick }: { entry: ScreenEntry; onClick?: () => void }) {
  const t = useT();
  const icon = screenIcons[entry.id];
  return (
    <NavLink to={entry.path} end={entry.path === '/'} className={styles.navLink} onClick={onClick}>
      {icon && icons[icon]}
      <span>{t(entry.label)}</span>
    </NavLink>
  );
}

/**
 * The main navigation: a rail on the left from 640 px up; on phones a tab bar at the bottom with
 * four screens and More, which opens the rest above it.
 */
export function MainNav() {
  const t = useT();
  const listed = screens.filter((s) => s.inNav);
  const moreId = useId();
  const { pathname } = useLocation();
  // More stays open on the screen it was opened on: going to another screen closes it, and so does
  // its link to the screen already shown (no screen change would close it then).
  const [openOn, setOpenOn] = useState<string>();
  const moreOpen = openOn === pathname;
  const setMoreOpen = (open: boolean) => setOpenOn(open ? pathname : undefined);
  useEffect(() => {
    if (!moreOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpenOn(undefined);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [moreOpen]);
  return (
    <nav className={styles.nav} aria-label={t('common:nav.main')}>
      <ul className={styles.navTabs}>
        {listed
          .filter((s) => s.tab)
          .map((s) => (
            <li key={s.id}>
              <ScreenLink entry={s} />
            </li>
          ))}
        <li className={styles.moreItem}>
          <DisclosureButton open={moreOpen} onToggle={setMoreOpen} controls={moreId} className={styles.navLink}>
            {icons.more}
            <span>{t('common:nav.more')}</span>
          </DisclosureButton>
        </li>
      </ul>
      <ul id={moreId} className={styles.navMore} data-open={moreOpen || undefined}>
        {listed
          .filter((s) => !s.tab)
          .map((s) => (
            <li key={s.id}>
              <ScreenLink entry={s} onClick={() => setOpenOn(undefined)} />
            </li>
          ))}
      </ul>
    </nav>
  );
}
