import { Link } from 'react-router';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import { parentChainIdOf } from '@/core/chain/parentChains';
import type { Message } from '@/core/i18n/message';
import { msg, untrustedValue } from '@/core/i18n/message';
import { type BalanceCheck, type FigureCheck, figuresOf } from '@/core/verify/figureChecks';
import { useT } from '@/lib/i18n';
import { useLinks } from '@/lib/links';
import styles from './home.module.css';

function viaMessage(check: BalanceCheck): Message | undefined {
  const header = check.header;
  if (!header) return undefined;
  if (header.via === 'pinned') return msg('portfolio:check.via.pinned');
  if (header.via === 'lightClient')
    return msg(
      header.headAwaitsSupermajority ? 'portfolio:check.via.lightClientFinalized' : 'portfolio:check.via.lightClient',
    );
  return msg('portfolio:check.via.agreement', { count: String(header.sources.length) });
}

/** Each distinct reason a figure is not proven, once. */
function reasons(figures: readonly FigureCheck[]): Message[] {
  const seen = new Map<string, Message>();
  for (const figure of figures) {
    if (figure.state !== 'unverified') continue;
    seen.set(
      JSON.stringify(figure.reason, (_, v) => (typeof v === 'bigint' ? v.toString() : v)),
      figure.reason,
    );
  }
  return [...seen.values()];
}

/**
 * Under Home's total: how many of the shown balances are proven and against which block, why
 * the others are not, and how many a proof contradicted; or why nothing could be proven. A link
 * to the network's proof checks in Settings.
 */
export function VerificationLine({ check, network }: { check: BalanceCheck; network: Network }) {
  const t = useT('portfolio');
  const links = useLinks();
  const figures = figuresOf(check);
  const via = viaMessage(check);
  const contradicted = figures.filter((f) => f.state === 'contradicted').length;
  const moved = figures.filter((f) => f.state === 'moved');
  const [problem] = check.problems;
  return (
    <div className={styles.verification}>
      {figures.length === 0 && problem ? (
        <p className={ui.muted}>
          <T id="portfolio:check.line.unchecked" values={{ reason: problem.text }} />
        </p>
      ) : (
        via && (
          <p className={ui.muted}>
            <T
              id="portfolio:check.line.proven"
              values={{
                proven: String(figures.filter((f) => f.state === 'verified').length),
                total: figures.length,
                block: check.block.toString(),
                via,
              }}
            />
          </p>
        )
      )}
      {via && parentChainIdOf(network) !== undefined && (
        <p className={ui.muted}>
          <T id="portfolio:check.line.ownBlocks" values={{ network: untrustedValue(network.name, 'name') }} />
        </p>
      )}
      {reasons(figures).map((reason, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: distinct reasons may share a message id
        <p key={i} className={ui.muted}>
          <T id="portfolio:check.line.notProven" values={{ reason }} />
        </p>
      ))}
      {moved.length > 0 && (
        <p className={ui.muted}>
          <T
            id="portfolio:check.line.moved"
            values={{ count: moved.length, block: (moved[0] as { block: bigint }).block.toString() }}
          />
        </p>
      )}
      {contradicted > 0 && (
        <p className={ui.noticeWarning}>
          <T id="portfolio:check.line.contradicted" values={{ count: contradicted }} />
        </p>
      )}
      <p>
        <Link to={links.networks}>{t('portfolio:check.settings')}</Link>
      </p>
    </div>
  );
}
