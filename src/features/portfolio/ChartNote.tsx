import { T } from '@/components/T';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import { useT } from '@/lib/i18n';
import type { ValueChart } from '@/lib/portfolio/useValueChart';
import styles from './home.module.css';

/** How the chart was computed and what it leaves out, in words. */
export function ChartNote({ chart }: { chart: ValueChart }) {
  const t = useT('portfolio');
  const withoutFeed = (
    <>
      {chart.withoutFeed.map((token, i) => (
        <span key={token.address}>
          {i > 0 && ', '}
          <UntrustedText text={token.symbol} kind="symbol" />
        </span>
      ))}
    </>
  );
  return (
    <details className={styles.chartDetails}>
      <summary>{t('portfolio:chartNote.summary')}</summary>
      <div className={ui.stack}>
        <p>{t('portfolio:chartNote.how')}</p>
        {!chart.nativeHistory && <p>{t('portfolio:chartNote.nativeFlat')}</p>}
        {chart.withoutFeed.length > 0 && (
          <p>
            <T id="portfolio:chartNote.withoutFeed" tags={{ 0: withoutFeed }} />
          </p>
        )}
        <p>
          {t('portfolio:chartNote.leftOut')}
          {chart.unanswered > 0 && ` ${t('portfolio:chartNote.unanswered', { count: chart.unanswered })}`}
          {chart.roundRequests !== undefined && ` ${t('portfolio:chartNote.requests', { count: chart.roundRequests })}`}
        </p>
      </div>
    </details>
  );
}
