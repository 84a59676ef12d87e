import { Link } from 'react-router';
import { zeroAddress } from 'viem';
import { Amount } from '@/components/Amount';
import { DateTime } from '@/components/DateTime';
import { NetworkIcon } from '@/components/NetworkIcon';
import { T } from '@/components/T';
import { TokenIcon } from '@/components/TokenIcon';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { ActivityEntry, Suspicion } from '@/core/activity/entries';
import type { ActivityAsset } from '@/core/activity/item';
import type { Network } from '@/core/chain/networks';
import { codeValue, type MessageId, untrustedValue } from '@/core/i18n/message';
import { sameAddress } from '@/core/keys/sameAddress';
import { useT } from '@/lib/i18n';
import { shortAddress } from '@/lib/i18n/format';
import { useLinks } from '@/lib/links';
import type { AssetLabel } from '@/lib/names/assetLabels';
import styles from './activity.module.css';
import { headline } from './entryHeadline';

const TIME_OF_DAY: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

const STATUS = {
  confirmed: undefined,
  failed: 'activity:entry.status.failed',
  signed: 'activity:entry.status.signed',
  pending: 'activity:entry.status.pending',
  replaced: 'activity:entry.status.replaced',
  dropped: 'activity:entry.status.dropped',
  rejected: 'activity:entry.status.rejected',
} as const satisfies Record<ActivityEntry['status'], MessageId | undefined>;

const SUSPICION = {
  'zero-value': 'activity:entry.suspicion.zeroValue',
  'unsolicited-token': 'activity:entry.suspicion.unsolicitedToken',
  lookalike: 'activity:entry.suspicion.lookalike',
} as const satisfies Record<Suspicion, MessageId>;

function AssetAmount({ asset, amount, label }: { asset: ActivityAsset; amount: bigint; label: AssetLabel }) {
  if (asset.kind === 'native' || asset.kind === 'erc20')
    return <Amount value={amount} decimals={label.decimals} symbol={label.symbol} />;
  const collection =
    label.name === undefined ? (
      <UntrustedText text={label.symbol} kind="symbol" />
    ) : (
      <UntrustedText text={label.name} kind="tokenName" truncate />
    );
  const tokenId = asset.tokenId.toString();
  return (
    <span>
      {asset.kind === 'erc1155' ? (
        <T id="activity:entry.nftCopies" values={{ count: amount, tokenId }} tags={{ 0: collection }} />
      ) : (
        <T id="activity:entry.nft" values={{ tokenId }} tags={{ 0: collection }} />
      )}
    </span>
  );
}

/** The network an entry is on, with how its assets and addresses are named there. */
export type EntryNetwork = {
  network: Network;
  label: (asset: ActivityAsset) => AssetLabel;
  name: (address: string | undefined) => string | undefined;
};

/**
 * One transaction in the history list: what moved, with whom, the fee, the status, its network
 * (when the list spans several); a link to its page on its own network.
 */
export function EntryRow({
  entry,
  network: { network, label, name },
  showNetwork,
  time,
}: {
  entry: ActivityEntry;
  network: EntryNetwork;
  showNetwork: boolean;
  /** When it was mined (unix milliseconds), if known. */
  time: number | undefined;
}) {
  const t = useT('activity');
  const links = useLinks();
  const native = network.nativeCurrency;
  const chainId = network.chainId;
  const other = entry.counterparty;
  const otherName = other === undefined ? undefined : name(other);
  const incoming = entry.movements.length > 0 && entry.movements.every((m) => m.direction === 'in');
  const status = STATUS[entry.status];
  return (
    <Link to={links.transaction(entry.hash, network.id)} className={styles.entry} data-status={entry.status}>
      <span className={styles.what}>
        <strong>{t(headline(entry))}</strong>
        {other && !sameAddress(other, zeroAddress) && (
          <span className={ui.muted}>
            {' '}
            <T
              id={incoming ? 'activity:entry.from' : 'activity:entry.to'}
              values={{
                who: otherName === undefined ? codeValue(shortAddress(other)) : untrustedValue(otherName, 'name'),
              }}
            />
          </span>
        )}
      </span>
      <span className={styles.amounts}>
        {entry.movements.map((m, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: movements of one transaction keep their order
          <span key={i} className={m.direction === 'in' ? styles.in : styles.out}>
            {(m.asset.kind === 'native' || m.asset.kind === 'erc20') && (
              <>
                <TokenIcon
                  chainId={chainId}
                  token={m.asset.kind === 'native' ? 'native' : m.asset.address}
                  symbol={label(m.asset).symbol}
                />{' '}
              </>
            )}
            {m.direction === 'in' ? '+' : m.direction === 'out' ? '−' : ''}
            <AssetAmount asset={m.asset} amount={m.amount} label={label(m.asset)} />
          </span>
        ))}
      </span>
      <span className={styles.meta}>
        {showNetwork && (
          <span className={styles.network}>
            <NetworkIcon network={network} /> <UntrustedText text={network.name} kind="name" />
          </span>
        )}
        {entry.fee !== undefined && entry.fee > 0n && (
          <span>
            <T
              id="activity:entry.fee"
              tags={{ 0: <Amount value={entry.fee} decimals={native.decimals} symbol={native.symbol} /> }}
            />
          </span>
        )}
        {entry.site && (
          <span>
            <T id="activity:entry.askedBy" values={{ site: codeValue(new URL(entry.site).host) }} />
          </span>
        )}
        {status && <span className={styles.status}>{t(status)}</span>}
        {entry.walletMismatch && <span className={styles.warning}>{t('activity:entry.walletMismatch')}</span>}
        {entry.suspicions.map((s) => (
          <span key={s} className={styles.warning}>
            {t(SUSPICION[s])}
          </span>
        ))}
        {time !== undefined && (
          <span className={ui.muted}>
            <DateTime when={time} options={TIME_OF_DAY} />
          </span>
        )}
      </span>
    </Link>
  );
}
