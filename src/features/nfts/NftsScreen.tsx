import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Address } from 'viem';
import { EmptyState } from '@/components/EmptyState';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Screen } from '@/components/Screen';
import { Skeleton, SkeletonBlock, SkeletonLine } from '@/components/Skeleton';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { HeldNft } from '@/core/assets/nftHoldings';
import { untrustedLabel } from '@/core/text/untrustedText';
import { syncRequests, useSyncStatus } from '@/lib/activity';
import { errorText } from '@/lib/errorMessages';
import { useLinks } from '@/lib/links';
import { useNftMedia } from '@/lib/nftMedia';
import { useAccountItems } from '@/lib/queries/activityQueries';
import { heldNftsQuery } from '@/lib/queries/nftQueries';
import { useSelectedNetwork } from '@/lib/session';
import { useVault } from '@/lib/vault';
import styles from './nfts.module.css';

const CARDS = [0, 1, 2];

/** The NFTs the selected account holds: found in its synced history, confirmed on chain now. */
export function NftsScreen() {
  const network = useSelectedNetwork();
  const links = useLinks();
  const account = useVault((s) => s.accounts.find((a) => a.id === s.selectedAccountId));
  const address = account?.address as Address | undefined;
  const items = useAccountItems(network, address);
  const status = useSyncStatus(network.id, address);
  const held = useQuery(heldNftsQuery(network, address, items.data));
  // NFTs are found in the synced history: until a first sync, an empty list means "not known yet".
  const synced = status.syncedTo !== undefined;
  const looking =
    address !== undefined &&
    !items.isError &&
    !held.isError &&
    (!held.data || (held.data.length === 0 && !synced && status.error === undefined));
  return (
    <Screen title="NFTs">
      <p className={ui.muted}>
        {account ? `Held by ${account.name} on ${network.name}` : 'Choose an account'}: found in its history and checked
        with the contracts now.
      </p>
      <ErrorAlert
        message={items.isError ? `The stored history could not be read: ${errorText(items.error)}` : undefined}
        action={{ label: 'Try again', onAction: () => void items.refetch() }}
      />
      <ErrorAlert
        message={held.isError ? `NFTs could not be checked with their contracts: ${errorText(held.error)}` : undefined}
        action={{ label: 'Try again', onAction: () => void held.refetch(), busy: held.isFetching }}
      />
      {status.error !== undefined && !status.running && !(held.data && held.data.length > 0) && (
        <ErrorAlert
          message={`The history NFTs are found in could not be brought up to date: ${errorText(status.error)}`}
          action={
            address
              ? { label: 'Try again', onAction: () => syncRequests.getState().request(network.id, address) }
              : undefined
          }
        />
      )}
      {looking && (
        <Skeleton label="Looking for NFTs…">
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
        <EmptyState title="No NFTs yet" actions={<Link to={links.receive}>Receive</Link>}>
          <p>
            This account holds no NFT on {network.name} that its history shows. An NFT sent to it appears here once it
            is in the history, checked with its contract; to receive one, give the sender the address on Receive.
          </p>
        </EmptyState>
      )}
      {held.data && held.data.length > 0 && (
        <ul className={styles.gallery} aria-label="NFTs held">
          {held.data.map((nft) => (
            <NftCard key={`${nft.contract}:${nft.tokenId}`} nft={nft} />
          ))}
        </ul>
      )}
    </Screen>
  );
}

function NftCard({ nft }: { nft: HeldNft }) {
  const { metadata, image } = useNftMedia(nft.metadataUri);
  const links = useLinks();
  const name = metadata?.name;
  const collection = nft.collection;
  // For the card's label and the image's alternative text, which take plain text.
  const title =
    name !== undefined
      ? untrustedLabel(name, 'nftName')
      : `${collection === undefined ? 'NFT' : untrustedLabel(collection, 'tokenName')} #${nft.tokenId}`;
  const collectionShown = collection === undefined ? undefined : <UntrustedText text={collection} kind="tokenName" />;
  return (
    <li className={styles.card} aria-label={title}>
      <div className={styles.media}>
        {image.kind === 'ready' ? (
          <img src={image.src} alt={title} />
        ) : (
          <p className={ui.muted}>
            {image.kind === 'loading'
              ? 'Loading image…'
              : image.kind === 'blocked' || image.kind === 'error'
                ? image.reason
                : 'No image.'}
          </p>
        )}
      </div>
      <h2 className={styles.title}>
        {name !== undefined ? (
          <UntrustedText text={name} kind="nftName" />
        ) : (
          <>
            {collectionShown ?? 'NFT'} #{nft.tokenId.toString()}
          </>
        )}
      </h2>
      <p className={ui.muted}>
        {collectionShown ?? 'Collection'} · #{nft.tokenId.toString()}
        {nft.standard === 'erc1155' ? ` · ${nft.balance} held` : ''}
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
        <Link to={links.sendAsset(`${nft.contract.toLowerCase()}:${nft.tokenId}`)} aria-label={`Send ${title}`}>
          Send
        </Link>
        <Link to={links.address(nft.contract)}>Contract</Link>
      </div>
    </li>
  );
}
