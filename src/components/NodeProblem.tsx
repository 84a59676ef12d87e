import type { ReactNode } from 'react';
import type { Network } from '@/core/chain/networks';
import { codeValue, untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { errorCopy } from '@/lib/i18n/errorMessages';
import { useChainHead } from '@/lib/queries/useChainHead';
import styles from './NodeProblem.module.css';
import { RpcUrlList } from './RpcUrlList';
import { T } from './T';

/** A panel that says what keeps Cairn from using a network: a title, then its sentences. */
export function ProblemPanel({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div role="alert" className={styles.problem}>
      <h2 className={styles.problemTitle}>{title}</h2>
      {children}
    </div>
  );
}

/**
 * What is wrong with `network`'s node, as its head (useChainHead) finds it: unreachable, too many
 * requests or another failure (with the RPC URLs and a retry), or answering for another chain.
 * Cairn signs nothing in either state. While the node answers for the network, `otherwise` (or
 * nothing). `named`: the title names the network, for a screen that works on another one than the
 * header's.
 */
export function NodeProblem({
  network,
  named = false,
  otherwise = null,
}: {
  network: Network;
  named?: boolean;
  otherwise?: ReactNode;
}) {
  const t = useT('network');
  const head = useChainHead(network);
  const name = untrustedValue(network.name, 'name');
  const titled = (title: string) =>
    named ? <T id="network:problem.onNetwork" values={{ network: name, title }} /> : title;
  const onlyWhenAnswers = named && (
    <p>
      <T id="network:problem.screenNetwork" values={{ network: name }} />
    </p>
  );

  if (head.isError) {
    const copy = errorCopy(head.error);
    return (
      <ProblemPanel title={titled(copy.title)}>
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
        {onlyWhenAnswers}
        <button type="button" onClick={() => void head.refetch()} disabled={head.isFetching}>
          {head.isFetching ? t('network:problem.retrying') : t('network:problem.retry')}
        </button>
      </ProblemPanel>
    );
  }

  if (head.data?.status === 'wrong-chain') {
    return (
      <ProblemPanel title={titled(t('network:problem.wrongChain.title'))}>
        <p>
          <T
            id="network:problem.wrongChain.body"
            values={{
              urls: codeValue(network.rpcUrls.join(', ')),
              actual: codeValue(String(head.data.chainId)),
              name,
              expected: codeValue(String(head.data.expectedChainId)),
            }}
            tags={{ 0: <code />, 1: <strong />, 2: <strong /> }}
          />
        </p>
        {onlyWhenAnswers}
      </ProblemPanel>
    );
  }
  return otherwise;
}
