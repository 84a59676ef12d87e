import { useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { UntrustedText } from '@/components/UntrustedText';
import { listedTokens } from '@/core/assets/catalogue';
import type { Network } from '@/core/chain/networks';
import { toDecimalString } from '@/lib/format';
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

/** "0x…" in full, in code type. */
export function FullAddress({ address }: { address: string }) {
  return <span className={styles.code}>{address}</span>;
}

/** The token named in full: symbol, name and address (untrusted text from the token contract). */
export function TokenName({ token, known }: { token: Address; known: Known | undefined }) {
  if (!known) {
    return (
      <>
        token <FullAddress address={token} />
      </>
    );
  }
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
  if (unlimited) {
    return (
      <>
        <strong>an unlimited amount</strong> of <TokenName token={token} known={known} />
      </>
    );
  }
  if (!known) {
    return (
      <>
        {amount.toString()} base units of <TokenName token={token} known={known} />
      </>
    );
  }
  return (
    <>
      <strong>{toDecimalString(amount, known.decimals)}</strong> <TokenName token={token} known={known} />
    </>
  );
}
