import { useSearchParams } from 'react-router';
import { AddressText } from '@/components/AddressText';
import { CopyButton } from '@/components/CopyButton';
import { Identicon } from '@/components/Identicon';
import { NetworkSelect } from '@/components/NetworkSelect';
import { QrCode } from '@/components/QrCode';
import { Screen } from '@/components/Screen';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { codeValue, untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { useLinkedNetwork, useNetworkChoices, useSelectedNetwork } from '@/lib/stores/session';
import { useSelectedAccount } from '@/lib/vault/vault';
import { AccountAbsentWarning } from './AccountAbsentWarning';
import { CheckOnLedger } from './CheckOnLedger';
import { PasskeyAccountNotice } from './PasskeyAccountNotice';
import styles from './receive.module.css';

/** An EIP-681 payment URI naming the chain, so wallets that scan it pick the right network. */
export function paymentUri(address: string, chainId: number): string {
  return `ethereum:${address}@${chainId}`;
}

/**
 * The networks one may receive on here: the selected one and every followed one; the network
 * asked for in the address (`?network=`, from an asset's row) when it is one of them.
 */
function useReceiveNetwork() {
  const selected = useSelectedNetwork();
  const choices = useNetworkChoices(selected);
  const [params, setParams] = useSearchParams();
  const asked = useLinkedNetwork(params.get('network'));
  const choose = (id: string) => setParams({ network: id }, { replace: true });
  return { network: asked ?? selected, selected, choices, choose };
}

export function ReceiveScreen() {
  const t = useT('receive');
  const account = useSelectedAccount();
  const { network, selected, choices, choose } = useReceiveNetwork();
  if (!account) {
    return (
      <Screen title={t('receive:title')}>
        <p>{t('receive:noAccount')}</p>
      </Screen>
    );
  }
  const uri = paymentUri(account.address, network.chainId);
  return (
    <Screen title={t('receive:title')}>
      <div className={styles.layout}>
        <div className={styles.details}>
          <NetworkSelect label={t('receive:networkPicker')} choices={choices} value={network} onChange={choose} />
          <p className={styles.network}>
            <T
              id="receive:network"
              values={{ network: untrustedValue(network.name, 'name'), chainId: codeValue(String(network.chainId)) }}
              tags={{ 0: <strong />, 1: <span className={ui.muted} /> }}
            />
          </p>
          <p className={ui.noticeWarning}>
            <T
              id="receive:onlyThisNetwork"
              values={{
                symbol: untrustedValue(network.nativeCurrency.symbol, 'symbol'),
                network: untrustedValue(network.name, 'name'),
              }}
            />
          </p>
          <AccountAbsentWarning account={account} network={network} home={selected} />
          {account.source.kind === 'passkeyAccount' && (
            <PasskeyAccountNotice account={{ ...account, source: account.source }} network={network} />
          )}
          {account.demo && <p className={ui.noticeDanger}>{t('receive:demo')}</p>}
          {account.source.kind === 'watch' && <p className={ui.noticeWarning}>{t('receive:watchOnly')}</p>}
          <h2 className={styles.accountName}>
            <Identicon address={account.address} /> <bdi translate="no">{account.name}</bdi>
          </h2>
          <p className={styles.address}>
            <AddressText address={account.address} />
          </p>
          <div className={ui.actions}>
            <CopyButton value={account.address} label={t('receive:copy')} />
          </div>
          {account.source.kind === 'ledger' && <CheckOnLedger address={account.address} path={account.source.path} />}
          <p className={ui.muted}>
            <T
              id="receive:paymentLink"
              values={{ uri: codeValue(uri) }}
              tags={{ 0: <code className={styles.uri} /> }}
            />
          </p>
        </div>
        <figure className={styles.qr}>
          <QrCode value={uri} label={t('receive:qrLabel', { uri: codeValue(uri) })} />
          <figcaption className={ui.muted}>
            <T
              id="receive:scanToPay"
              values={{ account: untrustedValue(account.name, 'name'), network: untrustedValue(network.name, 'name') }}
            />
          </figcaption>
        </figure>
      </div>
    </Screen>
  );
}
