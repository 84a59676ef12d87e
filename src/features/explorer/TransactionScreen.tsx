import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { Address } from 'viem';
import { isHash } from 'viem';
import { AddressText } from '@/components/AddressText';
import { Amount } from '@/components/Amount';
import { CopyButton } from '@/components/CopyButton';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Screen } from '@/components/Screen';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { SavedAbi } from '@/core/contracts/decode/abiIndex';
import { decodeCall } from '@/core/contracts/decode/calls';
import { decodeLogs } from '@/core/contracts/decode/logs';
import { useAddressNames } from '@/lib/addressNames';
import { errorText } from '@/lib/errorMessages';
import { formatAmount, formatCount, urlHost } from '@/lib/format';
import { useLinks } from '@/lib/links';
import { transactionDetailsQuery } from '@/lib/queries/explorerQueries';
import { useSelectedNetwork, useSession } from '@/lib/session';
import { DecodedArgs } from './DecodedArgs';
import styles from './explorer.module.css';
import { FactsSkeleton } from './FactsSkeleton';

const EMPTY: SavedAbi[] = [];
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'medium' });
const gwei = (value: bigint) => `${formatAmount(value, 9, { maxFractionDigits: 9 })} gwei`;
const TYPES: Record<string, string> = {
  legacy: 'Legacy (type 0)',
  eip2930: 'Access list (type 1, EIP-2930)',
  eip1559: 'Dynamic fee (type 2, EIP-1559)',
  eip4844: 'Blob (type 3, EIP-4844)',
  eip7702: 'Set code (type 4, EIP-7702)',
};

/** One transaction in full, read from the person's node: any hash, theirs or not. */
export function TransactionScreen() {
  const { hash = '' } = useParams();
  const network = useSelectedNetwork();
  const saved = useSession((s) => s.savedAbis[network.id] ?? EMPTY);
  const name = useAddressNames(network);
  const links = useLinks();
  const valid = isHash(hash);
  const details = useQuery(transactionDetailsQuery(network, hash, valid));
  const native = network.nativeCurrency;
  const who = (address: Address | undefined | null) =>
    address ? (
      <>
        {name(address) !== undefined && (
          <strong>
            <UntrustedText text={name(address) ?? ''} kind="name" />:{' '}
          </strong>
        )}
        <Link to={links.address(address)}>
          <AddressText address={address} />
        </Link>
      </>
    ) : (
      '—'
    );

  if (!valid) {
    return (
      <Screen title="Transaction">
        <p role="alert" className={ui.noticeDanger}>
          “{hash}” is not a transaction hash: that is 0x followed by 64 hex digits.
        </p>
      </Screen>
    );
  }
  const data = details.data;
  const call = data ? decodeCall(data.tx.input, data.tx.to ?? undefined, saved) : undefined;
  const logs = data?.receipt
    ? decodeLogs(
        data.receipt.logs.map((l) => ({ ...l, logIndex: l.logIndex ?? 0 })),
        saved,
      )
    : [];
  const status = !data
    ? ''
    : !data.receipt
      ? 'Pending: waiting to be mined'
      : data.receipt.status === 'success'
        ? 'Success'
        : 'Failed (reverted)';

  return (
    <Screen title="Transaction">
      <p className={styles.hash}>
        {hash} <CopyButton value={hash} label="Copy hash" />
      </p>
      {details.isPending && <FactsSkeleton label="Reading the transaction from your node…" rows={8} />}
      <ErrorAlert
        message={details.isError ? `This transaction could not be read: ${errorText(details.error)}` : undefined}
        action={{ label: 'Try again', onAction: () => void details.refetch(), busy: details.isFetching }}
      />
      {data && (
        <>
          <dl className={`${ui.facts} ${styles.facts}`}>
            <dt>Status</dt>
            <dd>
              <strong>{status}</strong>
              {data.receipt &&
                ` — ${formatCount(BigInt(data.confirmations))} confirmation${data.confirmations === 1 ? '' : 's'}`}
            </dd>
            <dt>Block</dt>
            <dd>{data.receipt ? formatCount(data.receipt.blockNumber) : '—'}</dd>
            <dt>Time</dt>
            <dd>
              {data.timestamp === undefined
                ? '—'
                : `${dateFormat.format(data.timestamp * 1000)} (${new Date(data.timestamp * 1000).toISOString()})`}
            </dd>
            <dt>From</dt>
            <dd>{who(data.tx.from)}</dd>
            <dt>To</dt>
            <dd>{data.tx.to ? who(data.tx.to) : <>Contract creation{data.created && <>: {who(data.created)}</>}</>}</dd>
            <dt>Value</dt>
            <dd>
              <Amount value={data.tx.value} decimals={native.decimals} symbol={native.symbol} />
            </dd>
            <dt>Fee</dt>
            <dd>
              {data.fee === undefined ? (
                'not charged yet'
              ) : (
                <>
                  <Amount value={data.fee} decimals={native.decimals} symbol={native.symbol} /> at{' '}
                  {gwei(data.receipt?.effectiveGasPrice ?? 0n)}
                </>
              )}
            </dd>
            <dt>Gas used / limit</dt>
            <dd>
              {data.receipt
                ? `${formatCount(data.receipt.gasUsed)} / ${formatCount(data.tx.gas)} (${((Number(data.receipt.gasUsed) / Number(data.tx.gas)) * 100).toFixed(1)} %)`
                : `— / ${formatCount(data.tx.gas)}`}
            </dd>
            <dt>Fees offered</dt>
            <dd>
              {data.tx.maxFeePerGas !== undefined
                ? `max fee ${gwei(data.tx.maxFeePerGas)}, priority fee ${gwei(data.tx.maxPriorityFeePerGas ?? 0n)}`
                : `gas price ${gwei(data.tx.gasPrice ?? 0n)}`}
            </dd>
            <dt>Nonce</dt>
            <dd>{data.tx.nonce}</dd>
            <dt>Type</dt>
            <dd>{TYPES[data.tx.type] ?? data.tx.type}</dd>
          </dl>

          <section className={ui.section} aria-labelledby="input-title">
            <h2 id="input-title">Input</h2>
            {data.tx.input === '0x' ? (
              <p>No input data: a plain transfer of {native.symbol}.</p>
            ) : call ? (
              <>
                <p>
                  <code>{call.id}</code>
                  {call.source === 'contract' && <span className={ui.muted}> (from the ABI you saved)</span>}
                </p>
                {call.irregular && <p className={ui.noticeWarning}>{call.irregular}</p>}
                <DecodedArgs args={call.args} />
              </>
            ) : (
              <>
                <p>
                  Not decoded: no known ABI has this function.{' '}
                  {data.tx.to && <Link to={links.address(data.tx.to)}>Save the contract’s ABI on its page</Link>}
                </p>
                <pre className={styles.raw}>{data.tx.input}</pre>
              </>
            )}
          </section>

          <section className={ui.section} aria-labelledby="logs-title">
            <h2 id="logs-title">Events ({logs.length})</h2>
            {data.receipt && logs.length === 0 && <p>This transaction emitted no events.</p>}
            {!data.receipt && <p>Events appear once it is mined.</p>}
            <ol className={ui.plainList}>
              {logs.map((log) => (
                <li key={log.logIndex} className={ui.card}>
                  <p>
                    <strong>{log.name ?? 'Unknown event'}</strong> from {who(log.address)}
                  </p>
                  {log.name !== undefined ? (
                    <DecodedArgs args={log.args} />
                  ) : (
                    <pre className={styles.raw}>{[...log.topics, log.data].join('\n')}</pre>
                  )}
                </li>
              ))}
            </ol>
          </section>
          {network.explorerUrl && (
            <p>
              <a href={`${network.explorerUrl}/tx/${hash}`} target="_blank" rel="noreferrer noopener">
                View on {urlHost(network.explorerUrl)}
              </a>
            </p>
          )}
        </>
      )}
    </Screen>
  );
}
