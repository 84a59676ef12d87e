import { useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { T } from '@/components/T';
import { UntrustedText } from '@/components/UntrustedText';
import { listedTokens } from '@/core/assets/catalogue';
import type { Network } from '@/core/chain/networks';
import { useT } from '@/lib/i18n';
import { formatDateTime, toDecimalString } from '@/lib/i18n/format';
import { tokenMetadataQuery } from '@/lib/queries/portfolioQueries';
import styles from './typedData.module.css';

type Known = { name: string; symbol: string; decimals: number };

/**
 * The token a permit names, with its symbol, name and decimals from the bundled list, else from
 * the node; undefined while unknown (or when the typed data is for another chain, whose tokens
 * neither the list nor the node of the selected network can tell).
 */
export function usePermitToken(network: Network, token: Address, sameChain: boolean): Known | undefined {
  const listed = sameChain ? listedTokens(network).find((t) => t.address === token) : undefined;
  const read = useQuery({ ...tokenMetadataQuery(network, token), enabled: sameChain && !listed });
  if (listed) return listed;
  const metadata = read.data;
  return metadata && metadata.decimals !== undefined ? { ...metadata, decimals: metadata.decimals } : undefined;
}

/** A unix time in seconds as a date and time, long, in the locale given (an Intl tag). */
export function dateTimeText(seconds: bigint, locale: string): string {
  return formatDateTime(Number(seconds) * 1000, undefined, locale);
}

/** "0x…" in full, in code type. */
export function FullAddress({ address }: { address: string }) {
  return (
    <bdi className={styles.code} dir="ltr" translate="no">
      {address}
    </bdi>
  );
}

/** The token named in full: symbol, name and address (untrusted text from the token contract). */
export function TokenName({ token, known }: { token: Address; known: Known | undefined }) {
  useT('review');
  if (!known) return <T id="review:permit.tokenAt" tags={{ 0: <FullAddress address={token} /> }} />;
  return (
    <>
      <UntrustedText text={known.symbol} kind="symbol" /> (<UntrustedText text={known.name} kind="tokenName" />,{' '}
      <FullAddress address={token} />)
    </>
  );
}

/**
 * An amount exactly, never rounded (a permit's limit understated would mislead): in the token's
 * units when its decimals are known, otherwise in base units, with no guessed decimals.
 */
export function PermitAmount({
  amount,
  token,
  known,
  unlimited,
}: {
  amount: bigint;
  token: Address;
  known: Known | undefined;
  unlimited: boolean;
}) {
  useT('review');
  const name = <TokenName token={token} known={known} />;
  if (unlimited) return <T id="review:permit.unlimitedAmount" tags={{ 0: <strong />, 1: name }} />;
  if (!known) return <T id="review:permit.baseUnits" values={{ amount: amount.toString() }} tags={{ 0: name }} />;
  return (
    <>
      <strong>{toDecimalString(amount, known.decimals)}</strong> <TokenName token={token} known={known} />
    </>
  );
}
