import { Link } from 'react-router';
import { Screen } from '@/components/Screen';
import { useT } from '@/lib/i18n';
import { screen } from './paths';

export function NotFound() {
  const t = useT();
  return (
    <Screen title={t('common:notFound.title')}>
      <p>{t('common:notFound.body')}</p>
      <p>
        <Link to={screen('home').path}>{t('common:notFound.home')}</Link>
      </p>
    </Screen>
  );
}
