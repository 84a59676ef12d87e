import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import type { Address } from 'viem';
import { AccountIntro } from '@/components/AccountIntro';
import { EmptyState } from '@/components/EmptyState';
import { ErrorAlert } from '@/components/ErrorAlert';
import { NetworkViewSelect } from '@/components/NetworkViewSelect';
import { Screen } from '@/components/Screen';
import { Skeleton, SkeletonBlock, SkeletonLine } from '@/components/Skeleton';
import { T } from '@/components/T';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { HeldNft } from '@/core/activity/nftHoldings';
import type { Network } from '@/core/chain/networks';
import { msg, untrustedValue } from '@/core/i18n/message';
import { untrustedLabel } from '@/core/text/untrustedText';
import { translate, useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useLinks } from '@/lib/links';
import { useNftMedia } from '@/lib/portfolio/nftMedia';
import { useAccountItems } from '@/lib/queries/activityQueries';
import { heldNftsQuery } from '@/lib/queries/nftQueries';
import { useHistorySync, useSyncStatus } from '@/lib/stores/activity';
import { useViewedNetworks, ViewedNetworkParts } from '@/lib/stores/session';
import { useVault } from '@/lib/vault/vault';
import styles from './nfts.module.css';

const CARDS = [0, 1, 2];

/**
 * The NFTs the selected account holds on each network the window shows (every followed one, or
 * the one viewed): found in its synced history, confirmed on chain now.
 */
export function NftsScreen() {
  const t = useT('nfts');
  const account = useVault((s) => s.accounts.find((a) => a.id === s.selectedAccountId));
  const networks = useViewedNetworks();
  return (
    <Screen title={t('nfts:title')}>
      <AccountIntro
        account={account}
        network={networks}
        forAccount="nfts:intro.account"
        noAccount="nfts:intro.noAccount"
      />
      <NetworkViewSelect label={t('nfts:networks')} allLabel={t('nfts:allNetworks')} />
      <ViewedNetworkParts>{(network, several) => <NetworkNfts network={network} named={several} />}</ViewedNetworkParts>
    </Screen>
  );
}

/** One network's NFTs of the selected account: `named` says the network (lists of several). */
function NetworkNfts({ network, named }: { network: Network; named: boolean }) {
  const t = useT('nfts');
  const links = useLinks();
  const account = useVault((s) => s.accounts.find((a) => a.id === s.selectedAccountId));
  const address = account?.address as Address | undefined;
  const items = useAccountItems(network, address);
  const status = useSyncStatus(network.id, address);
  const historySync = useHistorySync();
  const held = useQuery(heldNftsQuery(network, address, items.data));
  // NFTs are found in the synced history: until a first sync, an empty list means "not known yet".
  const synced = status.syncedTo !== undefined;
  const looking =
    address !== undefined &&
    !items.isError &&
    !held.isError &&
    (!held.data || (held.data.length === 0 && !synced && status.error === undefined));
  const networkName = untrustedValue(network.name, 'name');
  const titleId = `nfts-on-${network.id}`;
  return (
    <>
      <ErrorAlert
        message={items.isError ? msg('nfts:error.history', { error: errorMessage(items.error) }) : undefined}
        action={{ label: t('nfts:tryAgain'), onAction: () => void items.refetch() }}
      />
      <ErrorAlert
        message={held.isError ? msg('nfts:error.contracts', { error: errorMessage(held.error) }) : undefined}
        action={{ label: t('nfts:tryAgain'), onAction: () => void held.refetch(), busy: held.isFetching }}
      />
      {status.error !== undefined && !status.running && !(held.data && held.data.length > 0) && (
        <ErrorAlert
          message={msg('nfts:error.sync', { error: errorMessage(status.error) })}
          action={
            address
              ? { label: t('nfts:tryAgain'), onAction: () => void historySync.request(network, address) }
              : undefined
          }
        />
      )}
      {looking && (
        <Skeleton label={named ? t('nfts:lookingOn', { network: networkName }) : t('nfts:looking')}>
          <span className={styles.gallery}>
            {CARDS.map((card) => (
              <span key={card} className={styles.card}>
                <SkeletonBlock height="media" />
                <SkeletonLine width="md" />
                <SkeletonLine width="sm" />
              </span>
            ))}
          </span>
        </Skeleton>
      )}
      {held.data && held.data.length === 0 && synced && (
        <EmptyState
          title={named ? t('nfts:empty.titleOn', { network: networkName }) : t('nfts:empty.title')}
          actions={<Link to={links.receive}>{t('nfts:empty.receive')}</Link>}
        >
          <p>
            <T id="nfts:empty.body" values={{ network: untrustedValue(network.name, 'name') }} />
          </p>
        </EmptyState>
      )}
      {held.data &&
        held.data.length > 0 &&
        (named ? (
          <section aria-labelledby={titleId}>
            <h2 id={titleId}>{t('nfts:listOn', { network: networkName })}</h2>
            <Gallery nfts={held.data} network={network} level={3} />
          </section>
        ) : (
          <Gallery nfts={held.data} network={network} level={2} />
        ))}
    </>
  );
}

function Gallery({ nfts, network, level }: { nfts: readonly HeldNft[]; network: Network; level: 2 | 3 }) {
  const t = useT('nfts');
  return (
    <ul className={styles.gallery} aria-label={t('nfts:list')}>
      {nfts.map((nft) => (
        <NftCard key={`${nft.contract}:${nft.tokenId}`} nft={nft} network={network} level={level} />
      ))}
    </ul>
  );
}

function NftCard({ nft, network, level }: { nft: HeldNft; network: Network; level: 2 | 3 }) {
  const Title = level === 2 ? 'h2' : 'h3';
  const t = useT('nfts');
  const { metadata, image } = useNftMedia(nft.metadataUri);
  const links = useLinks();
  const name = metadata?.name;
  const collection = nft.collection;
  const id = nft.tokenId.toString();
  const collectionValue = collection === undefined ? undefined : untrustedValue(collection, 'tokenName');
  const unnamed =
    collectionValue === undefined
      ? msg('nfts:card.unnamed', { id })
      : msg('nfts:card.unnamedOf', { collection: collectionValue, id });
  // For the card's label and the image's alternative text, which take plain text.
  const title = name !== undefined ? untrustedLabel(name, 'nftName') : translate(unnamed);
  const titleId = useId();
  const line = { collection: collectionValue ?? msg('nfts:card.collection'), id };
  return (
    <li className={styles.card} aria-labelledby={titleId}>
      <div className={styles.media}>
        {image.kind === 'ready' ? (
          // A name the NFT gave itself is data: never translated.
          <img src={image.src} alt={title} translate={name === undefined ? undefined : 'no'} />
        ) : (
          <p className={ui.muted}>
            {image.kind === 'loading'
              ? t('nfts:card.loadingImage')
              : image.kind === 'blocked' || image.kind === 'error'
                ? image.reason
                : t('nfts:card.noImage')}
          </p>
        )}
      </div>
      <Title className={styles.title} id={titleId}>
        {name !== undefined ? <UntrustedText text={name} kind="nftName" /> : <T message={unnamed} />}
      </Title>
      <p className={ui.muted}>
        {nft.standard === 'erc1155' ? (
          <T id="nfts:card.lineHeld" values={{ ...line, balance: nft.balance }} />
        ) : (
          <T id="nfts:card.line" values={line} />
        )}
      </p>
      {metadata?.description && (
        <p className={styles.description}>
          <UntrustedText text={metadata.description} kind="nftDescription" />
        </p>
      )}
      {metadata && metadata.attributes.length > 0 && (
        <dl className={styles.traits}>
          {metadata.attributes.map((a) => (
            <div key={`${a.trait}:${a.value}`}>
              <dt>
                <UntrustedText text={a.trait} kind="nftTrait" />
              </dt>
              <dd>
                <UntrustedText text={a.value} kind="nftTrait" />
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className={ui.actions}>
        <Link
          to={links.sendAsset(`${nft.contract.toLowerCase()}:${nft.tokenId}`, network.id)}
          aria-label={t('nfts:card.sendNamed', { title })}
        >
          {t('nfts:card.send')}
        </Link>
        <Link to={links.address(nft.contract)}>{t('nfts:card.contract')}</Link>
      </div>
    </li>
  );
}
