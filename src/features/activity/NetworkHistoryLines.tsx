import type { Address } from 'viem';
import { NetworkIcon } from '@/components/NetworkIcon';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import {
  type HistoryBehindBecause,
  type NetworkHistoryStatus,
  networkHistoryStatus,
} from '@/core/activity/networkHistoryStatus';
import { type Message, type MessageValue, msg, untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useHistorySync } from '@/lib/stores/activity';
import styles from './activity.module.css';
import type { NetworkHistory } from './HistoriesAcross';

/** Why a network's history is behind, in the reader's language: a sync's failure in its own words. */
function why(status: Extract<NetworkHistoryStatus, { because: HistoryBehindBecause }>): Message {
  switch (status.because) {
    case 'node':
      return msg('activity:networks.because.node');
    case 'wrongChain':
      return msg('activity:networks.because.wrongChain');
    case 'rateLimited':
      return msg('activity:networks.because.rateLimited');
    case 'sync':
      return msg('activity:networks.because.sync', { error: errorMessage(status.error) });
  }
}

function line(status: NetworkHistoryStatus, network: MessageValue): Message {
  switch (status.state) {
    case 'reading':
      return status.progress === undefined
        ? msg('activity:networks.reading', { network })
        : msg('activity:networks.readingProgress', { network, percent: Math.floor(status.progress * 100) });
    case 'fresh':
      return msg('activity:networks.fresh', { network, block: status.block });
    case 'stale':
      return msg('activity:networks.stale', { network, block: status.block, why: why(status) });
    case 'failed':
      return msg('activity:networks.failed', { network, why: why(status) });
  }
}

/**
 * Where each listed network's history stands, one line each: being read, up to date at its block,
 * behind at the block it got to and why, or not read and why; a failed sync can be asked again
 * from its line. A network that fails says so on its own line and leaves the others as they are.
 */
export function NetworkHistoryLines({
  parts,
  account,
}: {
  parts: readonly NetworkHistory[];
  account: Address | undefined;
}) {
  const t = useT('activity');
  const historySync = useHistorySync();
  return (
    <div role="status">
      <ul className={styles.networkLines} aria-label={t('activity:networks.label')}>
        {parts.map((part) => {
          const status = networkHistoryStatus(part.sync, part.head);
          const behind = status.state === 'stale' || status.state === 'failed';
          const canRetry =
            account !== undefined && behind && (status.because === 'sync' || status.because === 'rateLimited');
          return (
            <li key={part.network.id} className={behind ? ui.noticeWarning : undefined}>
              <NetworkIcon network={part.network} />{' '}
              <T message={line(status, untrustedValue(part.network.name, 'name'))} />
              {canRetry && (
                <>
                  {' '}
                  <button
                    type="button"
                    className={ui.secondary}
                    onClick={() => void historySync.request(part.network, account)}
                  >
                    {t('activity:tryAgain')}
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
