import { Link } from 'react-router';
import { type IconName, icons } from '@/components/icons';
import { useT } from '@/lib/i18n';
import { useLinks } from '@/lib/links';
import styles from './home.module.css';

/** Home's main actions under its total: Send, Receive and Sign. */
export function HomeActions() {
  const t = useT('portfolio');
  const links = useLinks();
  const actions: { to: string; label: string; icon: IconName }[] = [
    { to: links.send, label: t('portfolio:summary.action.send'), icon: 'send' },
    { to: links.receive, label: t('portfolio:summary.action.receive'), icon: 'receive' },
    { to: links.sign, label: t('portfolio:summary.action.sign'), icon: 'sign' },
  ];
  return (
    <ul className={styles.actions} aria-label={t('portfolio:summary.actions')}>
      {actions.map((a) => (
        <li key={a.icon}>
          <Link to={a.to} className={styles.action}>
            <span className={styles.actionIcon}>{icons[a.icon]}</span>
            {a.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
