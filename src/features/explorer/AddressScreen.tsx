import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Address } from 'viem';
import { AddressText } from '@/components/AddressText';
import { Amount } from '@/components/Amount';
import { CopyButton } from '@/components/CopyButton';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Screen } from '@/components/Screen';
import { Skeleton, SkeletonLine } from '@/components/Skeleton';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import { compareItems } from '@/core/activity/item';
import { listedTokens, priceFeedsFor } from '@/core/assets/catalogue';
import { isCairnError } from '@/core/errors/base';
import { parseAddress } from '@/core/keys/address';
import { useActivityStore } from '@/lib/activity';
import { useAddressNames } from '@/lib/addressNames';
import { errorText } from '@/lib/errorMessages';
import { formatCount, shortAddress, urlHost } from '@/lib/format';
import { useLinks } from '@/lib/links';
import { addressDetailsQuery } from '@/lib/queries/explorerQueries';
import { activityKeys } from '@/lib/queries/localKeys';
import { portfolioQuery } from '@/lib/queries/portfolioQueries';
import { useSelectedNetwork, useSession } from '@/lib/session';
import { useVault } from '@/lib/vault';
import { AddContactInline } from './AddContactInline';
import { ContractAbiSection } from './ContractAbiSection';
import styles from './explorer.module.css';
import { FactsSkeleton } from './FactsSkeleton';

function checked(text: string): { address: Address } | { problem: string } {
  try {
    return { address: parseAddress(text) };
  } catch (error) {
    return { problem: isCairnError(error) ? error.shortMessage : 'This is not an address.' };
  }
}

/** Any address: what the chain says about it, its tokens, the person's dealings with it, and its name. */
export function AddressScreen() {
  const { address: param = '' } = useParams();
  const parsed = checked(param);
  if ('problem' in parsed) {
    return (
      <Screen title="Address">
        <p role="alert" className={ui.noticeDanger}>
          “{param}”: {parsed.problem}
        </p>
      </Screen>
    );
  }
  return <AddressPage key={parsed.address} address={parsed.address} />;
}

function AccountName({ name, address }: { name: string | undefined; address: string }) {
  return name === undefined ? shortAddress(address) : <UntrustedText text={name} kind="name" />;
}

function AddressPage({ address }: { address: Address }) {
  const network = useSelectedNetwork();
  const name = useAddressNames(network);
  const links = useLinks();
  const store = useActivityStore();
  const accounts = useVault((s) => s.accounts);
  const custom = useSession((s) => s.customTokens[network.id]);
  const native = network.nativeCurrency;
  // Once named here, the form stays to say so (the page's title becomes the name at once).
  const [savedHere, setSavedHere] = useState(false);
  const details = useQuery(addressDetailsQuery(network, address));
  const tokens = useMemo(() => [...listedTokens(network), ...(custom ?? [])], [network, custom]);
  const holdings = useQuery({
    ...portfolioQuery(network, {
      accounts: [address],
      tokens: tokens.map((t) => t.address),
      feeds: priceFeedsFor(network),
    }),
    retry: false,
  });
  const dealings = useQuery({
    queryKey: activityKeys.dealings(network, address, accounts.length),
    queryFn: async () => {
      const all = await Promise.all(accounts.map((a) => store.items(network.chainId, a.address as Address)));
      return all
        .flat()
        .filter((i) => i.counterparty?.toLowerCase() === address.toLowerCase())
        .sort(compareItems);
    },
  });
  const own = accounts.some((a) => a.address.toLowerCase() === address.toLowerCase());
  const heldTokens = tokens
    .map((t) => ({ token: t, balance: holdings.data?.tokens.get(address.toLowerCase())?.get(t.address.toLowerCase()) }))
    .filter((t) => t.balance !== undefined && t.balance > 0n);
  const title = name(address);
  const uniqueTx = [...new Map((dealings.data ?? []).map((i) => [i.hash, i])).values()].slice(0, 50);

  return (
    <Screen title={title === undefined ? 'Address' : <UntrustedText text={title} kind="name" />}>
      <p className={styles.hash}>
        <AddressText address={address} /> <CopyButton value={address} label="Copy address" />
      </p>
      {own && <p className={ui.muted}>This is one of your accounts.</p>}
      {details.isPending && <FactsSkeleton label="Reading this address from your node…" rows={3} />}
      <ErrorAlert
        message={details.isError ? `This address could not be read: ${errorText(details.error)}` : undefined}
        action={{ label: 'Try again', onAction: () => void details.refetch(), busy: details.isFetching }}
      />
      {details.data && (
        <dl className={`${ui.facts} ${styles.facts}`}>
          <dt>Balance</dt>
          <dd>
            <Amount value={details.data.balance} decimals={native.decimals} symbol={native.symbol} />
          </dd>
          <dt>Transactions sent</dt>
          <dd>{formatCount(BigInt(details.data.nonce))} (its nonce)</dd>
          <dt>Kind</dt>
          <dd>
            {details.data.delegatesTo
              ? `An account delegating to ${shortAddress(details.data.delegatesTo)} (EIP-7702)`
              : details.data.codeSize > 0
                ? `A contract (${formatCount(BigInt(details.data.codeSize))} bytes of code)`
                : 'An account (no code)'}
          </dd>
        </dl>
      )}
      <section className={ui.section} aria-labelledby="tokens-title">
        <h2 id="tokens-title">Tokens</h2>
        {holdings.isPending && (
          <Skeleton label="Reading token balances…">
            <SkeletonLine width="sm" />
            <SkeletonLine width="sm" />
          </Skeleton>
        )}
        <ErrorAlert
          message={holdings.isError ? `Token balances could not be read: ${errorText(holdings.error)}` : undefined}
          action={{ label: 'Try again', onAction: () => void holdings.refetch(), busy: holdings.isFetching }}
        />
        {holdings.data && heldTokens.length === 0 && <p>None of the tokens Cairn knows on {network.name}.</p>}
        {heldTokens.length > 0 && (
          <ul className={ui.plainList}>
            {heldTokens.map(({ token, balance }) => (
              <li key={token.address}>
                <Amount value={balance ?? 0n} decimals={token.decimals} symbol={token.symbol} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={ui.section} aria-labelledby="dealings-title">
        <h2 id="dealings-title">Your transactions with it</h2>
        <ErrorAlert
          message={dealings.isError ? `Your history could not be read: ${errorText(dealings.error)}` : undefined}
          action={{ label: 'Try again', onAction: () => void dealings.refetch() }}
        />
        {dealings.isError ? null : uniqueTx.length === 0 ? (
          <p>None in the history Cairn has synced for your accounts on {network.name}.</p>
        ) : (
          <ul className={ui.plainList}>
            {uniqueTx.map((item) => (
              <li key={item.hash}>
                <Link to={links.transaction(item.hash)}>
                  {item.direction === 'in' ? 'Received by' : 'Sent from'}{' '}
                  <AccountName name={name(item.account)} address={item.account} /> in block{' '}
                  {formatCount(item.blockNumber)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      {(title === undefined || savedHere) && <AddContactInline address={address} onSaved={() => setSavedHere(true)} />}
      {details.data && details.data.codeSize > 0 && !details.data.delegatesTo && (
        <ContractAbiSection address={address} />
      )}
      {network.explorerUrl && (
        <p>
          <a href={`${network.explorerUrl}/address/${address}`} target="_blank" rel="noreferrer noopener">
            View on {urlHost(network.explorerUrl)}
          </a>
        </p>
      )}
    </Screen>
  );
}
