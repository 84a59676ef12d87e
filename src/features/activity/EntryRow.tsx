import { Link } from 'react-router';
import { Amount } from '@/components/Amount';
import { TokenIcon } from '@/components/TokenIcon';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { ActivityEntry, Suspicion } from '@/core/activity/entries';
import type { ActivityAsset } from '@/core/activity/item';
import type { AssetLabel } from '@/lib/assetLabels';
import { shortAddress } from '@/lib/format';
import { useLinks } from '@/lib/links';
import styles from './activity.module.css';

const STATUS: Record<ActivityEntry['status'], string | undefined> = {
  confirmed: undefined,
  failed: 'Failed',
  signed: 'Not yet sent',
  pending: 'Pending',
  replaced: 'Replaced',
  dropped: 'Dropped',
  rejected: 'Refused by the node',
};

const SUSPICION: Record<Suspicion, string> = {
  'zero-value': 'Zero-value transfer you did not make: possible address poisoning',
  'unsolicited-token': 'Token you never asked for: possible spam',
  lookalike: 'From a look-alike of an address you know: possible address poisoning',
};

const ZERO = '0x0000000000000000000000000000000000000000';

const APPROVAL_WORDS: Record<NonNullable<ActivityEntry['approval']>, string> = {
  granted: 'Approval granted',
  withdrawn: 'Approval withdrawn',
};

function headline(entry: ActivityEntry): string {
  const directions = new Set(entry.movements.map((m) => m.direction));
  if (entry.movements.length > 0 && entry.movements.every((m) => m.counterparty?.toLowerCase() === ZERO))
    return directions.has('in') ? 'Minted to you' : 'Burned';
  if (entry.movements.length === 0) {
    if (entry.approval) return APPROVAL_WORDS[entry.approval];
    return entry.sentByAccount ? 'Contract call' : 'Transaction';
  }
  if (directions.has('self') && directions.size === 1) return 'To yourself';
  if (directions.has('in') && directions.size > 1) return 'Swap or exchange';
  return directions.has('in') ? 'Received' : 'Sent';
}

function AssetAmount({ asset, amount, label }: { asset: ActivityAsset; amount: bigint; label: AssetLabel }) {
  if (asset.kind === 'native' || asset.kind === 'erc20')
    return <Amount value={amount} decimals={label.decimals} symbol={label.symbol} />;
  const collection =
    label.name === undefined ? (
      <UntrustedText text={label.symbol} kind="symbol" />
    ) : (
      <UntrustedText text={label.name} kind="tokenName" truncate />
    );
  return (
    <span>
      {asset.kind === 'erc1155' && `${amount} × `}
      {collection} #{asset.tokenId.toString()}
    </span>
  );
}

function Counterparty({ address, name }: { address: string; name: string | undefined }) {
  return name === undefined ? shortAddress(address) : <UntrustedText text={name} kind="name" />;
}

/** One transaction in the history list: what moved, with whom, the fee, the status; a link to its page. */
export function EntryRow({
  entry,
  chainId,
  label,
  name,
  native,
  time,
}: {
  entry: ActivityEntry;
  chainId: number;
  label: (asset: ActivityAsset) => AssetLabel;
  name: (address: string | undefined) => string | undefined;
  native: { symbol: string; decimals: number };
  time: string;
}) {
  const links = useLinks();
  const other = entry.counterparty;
  const incoming = entry.movements.length > 0 && entry.movements.every((m) => m.direction === 'in');
  const status = STATUS[entry.status];
  return (
    <Link to={links.transaction(entry.hash)} className={styles.entry} data-status={entry.status}>
      <span className={styles.what}>
        <strong>{headline(entry)}</strong>
        {other && other.toLowerCase() !== ZERO && (
          <span className={ui.muted}>
            {' '}
            {incoming ? 'from' : 'to'} <Counterparty address={other} name={name(other)} />
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
        {entry.fee !== undefined && entry.fee > 0n && (
          <span>
            fee <Amount value={entry.fee} decimals={native.decimals} symbol={native.symbol} />
          </span>
        )}
        {entry.site && <span>asked by {new URL(entry.site).host}</span>}
        {status && <span className={styles.status}>{status}</span>}
        {entry.suspicions.map((s) => (
          <span key={s} className={styles.warning}>
            {SUSPICION[s]}
          </span>
        ))}
        <span className={ui.muted}>{time}</span>
      </span>
    </Link>
  );
}
