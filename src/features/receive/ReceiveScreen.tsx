import { AddressText } from '@/components/AddressText';
import { CopyButton } from '@/components/CopyButton';
import { Identicon } from '@/components/Identicon';
import { QrCode } from '@/components/QrCode';
import { Screen } from '@/components/Screen';
import ui from '@/components/ui.module.css';
import { useSelectedNetwork } from '@/lib/session';
import { useSelectedAccount } from '@/lib/vault';
import { CheckOnLedger } from './CheckOnLedger';
import styles from './receive.module.css';

/** An EIP-681 payment URI naming the chain, so wallets that scan it pick the right network. */
export function paymentUri(address: string, chainId: number): string {
  return `ethereum:${address}@${chainId}`;
}

export function ReceiveScreen() {
  const account = useSelectedAccount();
  const network = useSelectedNetwork();
  if (!account) {
    return (
      <Screen title="Receive">
        <p>Choose an account first.</p>
      </Screen>
    );
  }
  const uri = paymentUri(account.address, network.chainId);
  return (
    <Screen title="Receive">
      <div className={styles.layout}>
        <div className={styles.details}>
          <p className={styles.network}>
            On <strong>{network.name}</strong> <span className={ui.muted}>(chain id {network.chainId})</span>
          </p>
          <p className={ui.noticeWarning}>
            Send only {network.nativeCurrency.symbol} and tokens of {network.name} to this address. Assets sent from
            another network may be lost.
          </p>
          {account.demo && (
            <p className={ui.noticeDanger}>
              This is a public test key: anything sent to it on a real network is taken at once. Use it on the local
              chain only.
            </p>
          )}
          {account.source.kind === 'watch' && (
            <p className={ui.noticeWarning}>This account is watch-only: Cairn holds no key to spend what arrives.</p>
          )}
          <h2 className={styles.accountName}>
            <Identicon address={account.address} /> {account.name}
          </h2>
          <p className={styles.address}>
            <AddressText address={account.address} />
          </p>
          <div className={ui.actions}>
            <CopyButton value={account.address} label="Copy address" />
          </div>
          {account.source.kind === 'ledger' && <CheckOnLedger address={account.address} path={account.source.path} />}
          <p className={ui.muted}>
            Payment link: <code className={styles.uri}>{uri}</code>
          </p>
        </div>
        <figure className={styles.qr}>
          <QrCode value={uri} label={`QR code of ${uri}`} />
          <figcaption className={ui.muted}>
            Scan to pay {account.name} on {network.name}
          </figcaption>
        </figure>
      </div>
    </Screen>
  );
}
