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
import { T } from '@/components/T';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import { compareItems } from '@/core/activity/item';
import { listedTokens, priceFeedsFor } from '@/core/assets/catalogue';
import { codeValue, msg, untrustedValue } from '@/core/i18n/message';
import { addressOrProblem } from '@/core/keys/address';
import { sameAddress } from '@/core/keys/sameAddress';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { shortAddress, urlHost } from '@/lib/i18n/format';
import { useLinks } from '@/lib/links';
import { useAddressNames } from '@/lib/names/addressNames';
import { addressDetailsQuery } from '@/lib/queries/explorerQueries';
import { activityKeys } from '@/lib/queries/localKeys';
import { portfolioQuery } from '@/lib/queries/portfolioQueries';
import { useActivityStore } from '@/lib/stores/activity';
import { useSelectedNetwork, useSession } from '@/lib/stores/session';
import { useVault, useVaultAccount } from '@/lib/vault/vault';
import { AddContactInline } from './AddContactInline';
import { ContractAbiSection } from './ContractAbiSection';
import styles from './explorer.module.css';
import { FactsSkeleton } from './FactsSkeleton';

/** Any address: what the chain says about it, its tokens, the person's dealings with it, and its name. */
export function AddressScreen() {
  const t = useT('explorer');
  const { address: param = '' } = useParams();
  const parsed = addressOrProblem(param, msg('explorer:address.notAnAddress'));
  if ('problem' in parsed) {
    return (
      <Screen title={t('explorer:address.title')}>
        <p role="alert" className={ui.noticeDanger}>
          <T id="explorer:address.invalid" values={{ text: untrustedValue(param, 'whole'), problem: parsed.problem }} />
        </p>
      </Screen>
    );
  }
  return <AddressPage key={parsed.address} address={parsed.address} />;
}

function AddressPage({ address }: { address: Address }) {
  const t = useT('explorer');
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
        .filter((i) => sameAddress(i.counterparty, address))
        .sort(compareItems);
    },
  });
  const own = useVaultAccount(address) !== undefined;
  const heldTokens = tokens
    .map((t) => ({ token: t, balance: holdings.data?.tokens.get(address.toLowerCase())?.get(t.address.toLowerCase()) }))
    .filter((t) => t.balance !== undefined && t.balance > 0n);
  const title = name(address);
  const uniqueTx = [...new Map((dealings.data ?? []).map((i) => [i.hash, i])).values()].slice(0, 50);
  const networkName = untrustedValue(network.name, 'name');
  const accountName = (account: string) => {
    const named = name(account);
    return named === undefined ? codeValue(shortAddress(account)) : untrustedValue(named, 'name');
  };

  return (
    <Screen title={title === undefined ? t('explorer:address.title') : <UntrustedText text={title} kind="name" />}>
      <p className={styles.hash}>
        <AddressText address={address} /> <CopyButton value={address} label={t('explorer:address.copy')} />
      </p>
      {own && <p className={ui.muted}>{t('explorer:address.own')}</p>}
      {details.isPending && <FactsSkeleton label={t('explorer:address.reading')} rows={3} />}
      <ErrorAlert
        message={
          details.isError ? msg('explorer:address.readError', { error: errorMessage(details.error) }) : undefined
        }
        action={{ label: t('explorer:tryAgain'), onAction: () => void details.refetch(), busy: details.isFetching }}
      />
      {details.data && (
        <dl className={`${ui.facts} ${styles.facts}`}>
          <dt>{t('explorer:address.fact.balance')}</dt>
          <dd>
            <Amount value={details.data.balance} decimals={native.decimals} symbol={native.symbol} />
          </dd>
          <dt>{t('explorer:address.fact.sent')}</dt>
          <dd>{t('explorer:address.sentCount', { count: details.data.nonce })}</dd>
          <dt>{t('explorer:address.fact.kind')}</dt>
          <dd>
            {details.data.delegatesTo ? (
              <T
                id="explorer:address.kind.delegating"
                values={{ address: codeValue(shortAddress(details.data.delegatesTo)) }}
              />
            ) : details.data.codeSize > 0 ? (
              t('explorer:address.kind.contract', { bytes: details.data.codeSize })
            ) : (
              t('explorer:address.kind.account')
            )}
          </dd>
        </dl>
      )}
      <section className={ui.section} aria-labelledby="tokens-title">
        <h2 id="tokens-title">{t('explorer:address.tokens.title')}</h2>
        {holdings.isPending && (
          <Skeleton label={t('explorer:address.tokens.reading')}>
            <SkeletonLine width="sm" />
            <SkeletonLine width="sm" />
          </Skeleton>
        )}
        <ErrorAlert
          message={
            holdings.isError
              ? msg('explorer:address.tokens.readError', { error: errorMessage(holdings.error) })
              : undefined
          }
          action={{ label: t('explorer:tryAgain'), onAction: () => void holdings.refetch(), busy: holdings.isFetching }}
        />
        {holdings.data && heldTokens.length === 0 && (
          <p>
            <T id="explorer:address.tokens.none" values={{ network: networkName }} />
          </p>
        )}
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
        <h2 id="dealings-title">{t('explorer:address.dealings.title')}</h2>
        <ErrorAlert
          message={
            dealings.isError
              ? msg('explorer:address.dealings.readError', { error: errorMessage(dealings.error) })
              : undefined
          }
          action={{ label: t('explorer:tryAgain'), onAction: () => void dealings.refetch() }}
        />
        {dealings.isError ? null : uniqueTx.length === 0 ? (
          <p>
            <T id="explorer:address.dealings.none" values={{ network: networkName }} />
          </p>
        ) : (
          <ul className={ui.plainList}>
            {uniqueTx.map((item) => (
              <li key={item.hash}>
                <Link to={links.transaction(item.hash)}>
                  <T
                    id={item.direction === 'in' ? 'explorer:address.dealings.in' : 'explorer:address.dealings.out'}
                    values={{ account: accountName(item.account), block: item.blockNumber }}
                  />
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
            <T id="explorer:viewOn" values={{ host: codeValue(urlHost(network.explorerUrl)) }} />
          </a>
        </p>
      )}
    </Screen>
  );
}
