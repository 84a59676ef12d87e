import { zeroAddress } from 'viem';
import { AddressText } from '@/components/AddressText';
import { Amount } from '@/components/Amount';
import { CodeText } from '@/components/CodeText';
import { T } from '@/components/T';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import { codeValue, untrustedValue } from '@/core/i18n/message';
import { sameAddress } from '@/core/keys/sameAddress';
import { type AuthorizationToSign, hasCallData, type SignRequest } from '@/core/signing/keySigner';
import { describeMessage } from '@/core/signing/message';
import { useT } from '@/lib/i18n';
import { useSelectedNetwork } from '@/lib/stores/session';
import styles from './deviceSigning.module.css';

/**
 * What the device is asked to sign, in brief, inside the signing dialog (which covers Cairn's
 * review): the facts to find again on the device's own screen.
 */
export function RequestSummary({ request }: { request: SignRequest }) {
  const t = useT('deviceSigning');
  const network = useSelectedNetwork();
  if (request.kind === 'authorization') return <AuthorizationSummary authorization={request.authorization} />;
  if (request.kind === 'message') {
    const { text, hex } = describeMessage(request.message);
    return (
      <dl className={ui.facts}>
        <dt>{t('deviceSigning:summary.message')}</dt>
        <dd>
          {text === undefined ? (
            <CodeText className={styles.hash}>{hex}</CodeText>
          ) : (
            <UntrustedText text={text} kind="whole" />
          )}
        </dd>
      </dl>
    );
  }
  if (request.kind === 'typedData') {
    const { domain, primaryType } = request.typedData;
    return (
      <dl className={ui.facts}>
        <dt>{t('deviceSigning:summary.typedData')}</dt>
        <dd>
          {domain?.name !== undefined ? (
            <T
              id="deviceSigning:summary.typedDataFor"
              values={{
                type: untrustedValue(String(primaryType), 'name'),
                name: untrustedValue(String(domain.name), 'name'),
              }}
            />
          ) : (
            <UntrustedText text={String(primaryType)} kind="name" />
          )}
        </dd>
        {domain?.chainId !== undefined && (
          <>
            <dt>{t('deviceSigning:summary.chainId')}</dt>
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
      <dt>{t('deviceSigning:summary.to')}</dt>
      <dd>{to ? <AddressText address={to} /> : t('deviceSigning:summary.newContract')}</dd>
      <dt>{t('deviceSigning:summary.amount')}</dt>
      <dd>
        {native ? (
          <Amount value={value} decimals={native.decimals} symbol={native.symbol} />
        ) : (
          <T id="deviceSigning:summary.wei" values={{ value: codeValue(String(value)) }} />
        )}
      </dd>
      <dt>{t('deviceSigning:summary.network')}</dt>
      <dd>
        {native ? (
          <T
            id="deviceSigning:summary.networkNamed"
            values={{ name: untrustedValue(network.name, 'name'), chainId: codeValue(String(chainId)) }}
          />
        ) : (
          <T id="deviceSigning:summary.networkChainId" values={{ chainId: codeValue(String(chainId)) }} />
        )}
      </dd>
      {nonce !== undefined && (
        <>
          <dt>{t('deviceSigning:summary.nonce')}</dt>
          <dd>{nonce}</dd>
        </>
      )}
      {hasCallData(request.transaction) && data && (
        <>
          <dt>{t('deviceSigning:summary.data')}</dt>
          <dd>{t('deviceSigning:summary.dataBytes', { bytes: (data.length - 2) / 2 })}</dd>
        </>
      )}
    </dl>
  );
}

/** An EIP-7702 authorization: the delegate (or none: the upgrade undone), the network and the nonce. */
function AuthorizationSummary({ authorization }: { authorization: AuthorizationToSign }) {
  const t = useT('deviceSigning');
  const network = useSelectedNetwork();
  const { address, chainId, nonce } = authorization;
  return (
    <dl className={ui.facts}>
      <dt>{t('deviceSigning:summary.upgrade')}</dt>
      <dd>
        {sameAddress(address, zeroAddress) ? (
          t('deviceSigning:summary.undoUpgrade')
        ) : (
          <T id="deviceSigning:summary.delegateTo" tags={{ 0: <AddressText address={address} /> }} />
        )}
      </dd>
      <dt>{t('deviceSigning:summary.network')}</dt>
      <dd>
        {chainId === network.chainId ? (
          <T
            id="deviceSigning:summary.networkNamed"
            values={{ name: untrustedValue(network.name, 'name'), chainId: codeValue(String(chainId)) }}
          />
        ) : (
          <T id="deviceSigning:summary.networkChainId" values={{ chainId: codeValue(String(chainId)) }} />
        )}
      </dd>
      <dt>{t('deviceSigning:summary.nonce')}</dt>
      <dd>{nonce}</dd>
    </dl>
  );
}
