import { RpcUrlList } from '@/components/RpcUrlList';
import { T } from '@/components/T';
import { codeValue, untrustedValue } from '@/core/i18n/message';
import { useOnline } from '@/lib/browser/useOnline';
import { useT } from '@/lib/i18n';
import { errorCopy } from '@/lib/i18n/errorMessages';
import { useChainHead } from '@/lib/queries/useChainHead';
import { useSelectedNetwork } from '@/lib/stores/session';
import styles from './network.module.css';
import { VerificationAlarmPanel } from './VerificationAlarmPanel';

/**
 * A panel shown while the selected network's node cannot be used: unreachable (with the RPC URL
 * and a retry) or answering for another chain. Cairn signs nothing in either state. Otherwise,
 * while proofs contradict the node, the alarm that says so.
 */
export function NetworkProblem() {
  const t = useT('network');
  const network = useSelectedNetwork();
  const head = useChainHead(network);
  const online = useOnline();

  if (!online) {
    return (
      <div role="alert" className={styles.problem}>
        <h2 className={styles.problemTitle}>{t('network:problem.offline.title')}</h2>
        <p>{t('network:problem.offline.body')}</p>
      </div>
    );
  }

  if (head.isError) {
    const copy = errorCopy(head.error);
    return (
      <div role="alert" className={styles.problem}>
        <h2 className={styles.problemTitle}>{copy.title}</h2>
        <p>
          {copy.body} {t('network:problem.tried', { count: network.rpcUrls.length })}
        </p>
        <RpcUrlList urls={network.rpcUrls} />
        {network.kind === 'local' && (
          <p>
            <T id="network:problem.startLocal" values={{ command: codeValue('npm start') }} tags={{ 0: <code /> }} />
          </p>
        )}
        {copy.details && (
          <p className={styles.details}>
            <T id="network:problem.details" values={{ details: copy.details }} />
          </p>
        )}
        <button type="button" onClick={() => void head.refetch()} disabled={head.isFetching}>
          {head.isFetching ? t('network:problem.retrying') : t('network:problem.retry')}
        </button>
      </div>
    );
  }

  if (head.data?.status === 'wrong-chain') {
    return (
      <div role="alert" className={styles.problem}>
        <h2 className={styles.problemTitle}>{t('network:problem.wrongChain.title')}</h2>
        <p>
          <T
            id="network:problem.wrongChain.body"
            values={{
              urls: codeValue(network.rpcUrls.join(', ')),
              actual: codeValue(String(head.data.chainId)),
              name: untrustedValue(network.name, 'name'),
              expected: codeValue(String(head.data.expectedChainId)),
            }}
            tags={{ 0: <code />, 1: <strong />, 2: <strong /> }}
          />
        </p>
      </div>
    );
  }
  return <VerificationAlarmPanel network={network} />;
}
