import { useQuery } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Address } from 'viem';
import { isHash } from 'viem';
import { AddressText } from '@/components/AddressText';
import { Amount } from '@/components/Amount';
import { CodeText } from '@/components/CodeText';
import { CopyButton } from '@/components/CopyButton';
import { DateTime } from '@/components/DateTime';
import { ErrorAlert } from '@/components/ErrorAlert';
import { LtrText } from '@/components/LtrText';
import { NetworkIcon } from '@/components/NetworkIcon';
import { Screen } from '@/components/Screen';
import { T } from '@/components/T';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import { sameHex } from '@/core/bytes';
import type { SavedAbi } from '@/core/contracts/decode/abiIndex';
import { decodeCall } from '@/core/contracts/decode/calls';
import { decodeLogs } from '@/core/contracts/decode/logs';
import { codeValue, type Message, type MessageId, msg, untrustedValue } from '@/core/i18n/message';
import { intlLocale, type Locale, useLocale, useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { formatAmount, formatCount, formatPercent, urlHost } from '@/lib/i18n/format';
import { useLinks } from '@/lib/links';
import { useAddressNames } from '@/lib/names/addressNames';
import { transactionDetailsQuery } from '@/lib/queries/explorerQueries';
import { networkRecordsQuery } from '@/lib/queries/recordQueries';
import { ScreenNetwork, useSelectedNetwork, useSession } from '@/lib/stores/session';
import { useTransactions } from '@/lib/stores/transactions';
import { DecodedArgs } from './DecodedArgs';
import styles from './explorer.module.css';
import { FactsSkeleton } from './FactsSkeleton';

const EMPTY: SavedAbi[] = [];
const gwei = (value: bigint) => formatAmount(value, 9, { maxFractionDigits: 9 });
const TYPES = {
  legacy: 'explorer:tx.type.legacy',
  eip2930: 'explorer:tx.type.eip2930',
  eip1559: 'explorer:tx.type.eip1559',
  eip4844: 'explorer:tx.type.eip4844',
  eip7702: 'explorer:tx.type.eip7702',
} as const satisfies Record<string, MessageId>;

const typeId = (type: string) => (Object.hasOwn(TYPES, type) ? TYPES[type as keyof typeof TYPES] : undefined);

/** The time a block was made, in full in the language shown, then as ISO 8601. */
function BlockTime({ timestamp }: { timestamp: number }) {
  const date = new Date(timestamp * 1000);
  return (
    <>
      <DateTime when={date} options={{ dateStyle: 'full', timeStyle: 'medium' }} /> (
      <LtrText>{date.toISOString()}</LtrText>)
    </>
  );
}

/** Gas used, of the limit, and the share as a percentage with one decimal. */
function gasUsage(used: bigint, limit: bigint, locale: Locale): Message {
  return msg('explorer:tx.gasUsage', { used, limit, share: formatPercent(used, limit, 1, intlLocale(locale)) ?? '—' });
}

/** An address, after the name Cairn knows it by, if any ("Alice: 0x…"). */
function Named({ name, children }: { name: string | undefined; children: ReactElement<{ children?: ReactNode }> }) {
  if (name === undefined) return children;
  return (
    <T id="explorer:tx.named" values={{ name: untrustedValue(name, 'name') }} tags={{ 0: <strong />, 1: children }} />
  );
}

/**
 * One transaction in full, read from the person's node: any hash, theirs or not, on the network a
 * link names (`network=`: a list across networks links each transaction to its own), else the
 * header's. Everything on the page works on that network.
 */
export function TransactionScreen() {
  const [params] = useSearchParams();
  const networks = useSession((s) => s.networks);
  const header = useSelectedNetwork();
  const network = networks.find((n) => n.id === params.get('network')) ?? header;
  return (
    <ScreenNetwork network={network}>
      <TransactionDetails />
    </ScreenNetwork>
  );
}

function TransactionDetails() {
  const t = useT('explorer');
  const locale = useLocale();
  const { hash = '' } = useParams();
  const network = useSelectedNetwork();
  const saved = useSession((s) => s.savedAbis[network.id] ?? EMPTY);
  const name = useAddressNames(network);
  const links = useLinks();
  const valid = isHash(hash);
  const details = useQuery(transactionDetailsQuery(network, hash, valid));
  // A browser wallet that sent something other than what was reviewed: said first, on Cairn's record.
  const records = useQuery(networkRecordsQuery(useTransactions().store, network)).data;
  const mismatch = records?.find((r) => sameHex(r.hash, hash))?.walletMismatch;
  const native = network.nativeCurrency;
  const who = (address: Address | undefined | null) =>
    address ? (
      <Named name={name(address)}>
        <Link to={links.address(address)}>
          <AddressText address={address} />
        </Link>
      </Named>
    ) : (
      '—'
    );

  if (!valid) {
    return (
      <Screen title={t('explorer:tx.title')}>
        <p role="alert" className={ui.noticeDanger}>
          <T id="explorer:tx.invalid" values={{ hash: untrustedValue(hash, 'whole') }} />
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
  const status = !data?.receipt
    ? msg('explorer:tx.status.pending')
    : data.receipt.status === 'success'
      ? msg('explorer:tx.status.success')
      : msg('explorer:tx.status.failed');
  const type = data ? typeId(data.tx.type) : undefined;

  return (
    <Screen title={t('explorer:tx.title')}>
      <p className={styles.hash}>
        <LtrText>{hash}</LtrText> <CopyButton value={hash} label={t('explorer:tx.copyHash')} />
      </p>
      {mismatch && (
        <p role="alert" className={ui.noticeDanger}>
          <T message={mismatch} />
        </p>
      )}
      {details.isPending && <FactsSkeleton label={t('explorer:tx.reading')} rows={8} />}
      <ErrorAlert
        message={details.isError ? msg('explorer:tx.readError', { error: errorMessage(details.error) }) : undefined}
        action={{ label: t('explorer:tryAgain'), onAction: () => void details.refetch(), busy: details.isFetching }}
      />
      {data && (
        <>
          <dl className={`${ui.facts} ${styles.facts}`}>
            <dt>{t('explorer:tx.fact.status')}</dt>
            <dd>
              {data.receipt ? (
                <T
                  id="explorer:tx.statusConfirmations"
                  values={{ status, count: data.confirmations }}
                  tags={{ 0: <strong /> }}
                />
              ) : (
                <strong>
                  <T message={status} />
                </strong>
              )}
            </dd>
            <dt>{t('explorer:tx.fact.network')}</dt>
            <dd>
              <NetworkIcon network={network} /> <UntrustedText text={network.name} kind="name" />
            </dd>
            <dt>{t('explorer:tx.fact.block')}</dt>
            <dd>{data.receipt ? formatCount(data.receipt.blockNumber) : '—'}</dd>
            <dt>{t('explorer:tx.fact.time')}</dt>
            <dd>{data.timestamp === undefined ? '—' : <BlockTime timestamp={data.timestamp} />}</dd>
            <dt>{t('explorer:tx.fact.from')}</dt>
            <dd>{who(data.tx.from)}</dd>
            <dt>{t('explorer:tx.fact.to')}</dt>
            <dd>
              {data.tx.to ? (
                who(data.tx.to)
              ) : data.created ? (
                <T id="explorer:tx.contractCreationAt" tags={{ 0: <>{who(data.created)}</> }} />
              ) : (
                t('explorer:tx.contractCreation')
              )}
            </dd>
            <dt>{t('explorer:tx.fact.value')}</dt>
            <dd>
              <Amount value={data.tx.value} decimals={native.decimals} symbol={native.symbol} />
            </dd>
            <dt>{t('explorer:tx.fact.fee')}</dt>
            <dd>
              {data.fee === undefined ? (
                t('explorer:tx.feeNotCharged')
              ) : (
                <T
                  id="explorer:tx.feeAt"
                  values={{ gasPrice: gwei(data.receipt?.effectiveGasPrice ?? 0n) }}
                  tags={{ 0: <Amount value={data.fee} decimals={native.decimals} symbol={native.symbol} /> }}
                />
              )}
            </dd>
            <dt>{t('explorer:tx.fact.gas')}</dt>
            <dd>
              <T
                message={
                  data.receipt
                    ? gasUsage(data.receipt.gasUsed, data.tx.gas, locale)
                    : msg('explorer:tx.gasPending', { limit: data.tx.gas })
                }
              />
            </dd>
            <dt>{t('explorer:tx.fact.feesOffered')}</dt>
            <dd>
              {data.tx.maxFeePerGas !== undefined
                ? t('explorer:tx.feesEip1559', {
                    maxFee: gwei(data.tx.maxFeePerGas),
                    priorityFee: gwei(data.tx.maxPriorityFeePerGas ?? 0n),
                  })
                : t('explorer:tx.feesLegacy', { gasPrice: gwei(data.tx.gasPrice ?? 0n) })}
            </dd>
            <dt>{t('explorer:tx.fact.nonce')}</dt>
            <dd>{data.tx.nonce}</dd>
            <dt>{t('explorer:tx.fact.type')}</dt>
            <dd>{type ? t(type) : data.tx.type}</dd>
          </dl>

          <section className={ui.section} aria-labelledby="input-title">
            <h2 id="input-title">{t('explorer:input.title')}</h2>
            {data.tx.input === '0x' ? (
              <p>
                <T id="explorer:input.none" values={{ symbol: untrustedValue(native.symbol, 'symbol') }} />
              </p>
            ) : call ? (
              <>
                <p>
                  <CodeText>{call.id}</CodeText>
                  {call.source === 'contract' && <span className={ui.muted}> {t('explorer:input.fromSavedAbi')}</span>}
                </p>
                {call.irregular && (
                  <p className={ui.noticeWarning}>
                    <T message={call.irregular} />
                  </p>
                )}
                <DecodedArgs args={call.args} />
              </>
            ) : (
              <>
                <p>
                  {t('explorer:input.notDecoded')}{' '}
                  {data.tx.to && <Link to={links.address(data.tx.to)}>{t('explorer:input.saveAbi')}</Link>}
                </p>
                <pre className={styles.raw} dir="ltr" translate="no">
                  {data.tx.input}
                </pre>
              </>
            )}
          </section>

          <section className={ui.section} aria-labelledby="logs-title">
            <h2 id="logs-title">{t('explorer:logs.title', { count: logs.length })}</h2>
            {data.receipt && logs.length === 0 && <p>{t('explorer:logs.none')}</p>}
            {!data.receipt && <p>{t('explorer:logs.afterMining')}</p>}
            <ol className={ui.plainList}>
              {logs.map((log) => (
                <li key={log.logIndex} className={ui.card}>
                  <p>
                    <T
                      id="explorer:logs.from"
                      values={{ event: log.name === undefined ? msg('explorer:logs.unknown') : codeValue(log.name) }}
                      tags={{ 0: <strong />, 1: <>{who(log.address)}</> }}
                    />
                  </p>
                  {log.name !== undefined ? (
                    <DecodedArgs args={log.args} />
                  ) : (
                    <pre className={styles.raw} dir="ltr" translate="no">
                      {[...log.topics, log.data].join('\n')}
                    </pre>
                  )}
                </li>
              ))}
            </ol>
          </section>
          {network.explorerUrl && (
            <p>
              <a href={`${network.explorerUrl}/tx/${hash}`} target="_blank" rel="noreferrer noopener">
                <T id="explorer:viewOn" values={{ host: codeValue(urlHost(network.explorerUrl)) }} />
              </a>
            </p>
          )}
        </>
      )}
    </Screen>
  );
}
