import { AddressText } from '@/components/AddressText';
import { Amount } from '@/components/Amount';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import { hasCallData, type SignRequest } from '@/core/signing/keySigner';
import { describeMessage } from '@/core/signing/message';
import { useSelectedNetwork } from '@/lib/session';
import styles from './deviceSigning.module.css';

/**
 * What the device is asked to sign, in brief, inside the signing dialog (which covers Cairn's
 * review): the facts to find again on the device's own screen.
 */
export function RequestSummary({ request }: { request: SignRequest }) {
  const network = useSelectedNetwork();
  if (request.kind === 'message') {
    const { text, hex } = describeMessage(request.message);
    return (
      <dl className={ui.facts}>
        <dt>Message</dt>
        <dd>
          {text === undefined ? <code className={styles.hash}>{hex}</code> : <UntrustedText text={text} kind="whole" />}
        </dd>
      </dl>
    );
  }
  if (request.kind === 'typedData') {
    const { domain, primaryType } = request.typedData;
    return (
      <dl className={ui.facts}>
        <dt>Typed data</dt>
        <dd>
          <UntrustedText text={String(primaryType)} kind="name" />
          {domain?.name !== undefined && (
            <>
              {' '}
              for <UntrustedText text={String(domain.name)} kind="name" />
            </>
          )}
        </dd>
        {domain?.chainId !== undefined && (
          <>
            <dt>Chain id</dt>
            <dd>{String(domain.chainId)}</dd>
          </>
        )}
      </dl>
    );
  }
  const { to, value = 0n, chainId, nonce, data } = request.transaction;
  const native = chainId === network.chainId ? network.nativeCurrency : undefined;
  return (
    <dl className={ui.facts}>
      <dt>To</dt>
      <dd>{to ? <AddressText address={to} /> : 'A new contract'}</dd>
      <dt>Amount</dt>
      <dd>{native ? <Amount value={value} decimals={native.decimals} symbol={native.symbol} /> : `${value} wei`}</dd>
      <dt>Network</dt>
      <dd>
        {native ? `${network.name}, ` : ''}chain id {chainId}
      </dd>
      {nonce !== undefined && (
        <>
          <dt>Nonce</dt>
          <dd>{nonce}</dd>
        </>
      )}
      {hasCallData(request.transaction) && data && (
        <>
          <dt>Data</dt>
          <dd>{(data.length - 2) / 2} bytes (a contract call)</dd>
        </>
      )}
    </dl>
  );
}
