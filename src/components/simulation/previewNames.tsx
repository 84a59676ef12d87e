import { useMemo } from 'react';
import type { Address } from 'viem';
import type { ActivityAsset } from '@/core/activity/item';
import type { Network } from '@/core/chain/networks';
import type { SimulationResult } from '@/core/simulation/types';
import { useT } from '@/lib/i18n';
import { useAddressNames } from '@/lib/names/addressNames';
import { type AssetLabel, useAssetLabels } from '@/lib/names/assetLabels';
import { useSavedContracts } from '@/lib/names/knownAddresses';
import { AddressText } from '../AddressText';
import { UntrustedText } from '../UntrustedText';

/** How the preview names addresses and tokens. */
export type PreviewNames = {
  /** The person's own name for an address (account or contact), if any. */
  nameOf(address: Address): string | undefined;
  /** A saved contract of theirs on this network. */
  isSaved(address: Address): boolean;
  labelOf(asset: ActivityAsset): AssetLabel;
};

/** Every asset a preview mentions, for one batched label read. */
function assetsOf(result: SimulationResult | undefined): ActivityAsset[] {
  if (!result) return [];
  const out: ActivityAsset[] = [];
  for (const c of result.changes) {
    if (c.kind === 'erc20') out.push({ kind: 'erc20', address: c.token });
    if (c.kind === 'erc721') out.push({ kind: 'erc721', address: c.token, tokenId: 0n });
    if (c.kind === 'erc1155') out.push({ kind: 'erc1155', address: c.token, tokenId: c.id });
  }
  for (const a of result.approvals) {
    out.push(
      a.kind === 'erc20' || a.kind === 'permit2'
        ? { kind: 'erc20', address: a.token }
        : { kind: 'erc721', address: a.token, tokenId: 0n },
    );
  }
  return out;
}

export function usePreviewNames(network: Network, result: SimulationResult | undefined): PreviewNames {
  const names = useAddressNames(network);
  const saved = useSavedContracts(network);
  const assets = useMemo(() => assetsOf(result), [result]);
  const labelOf = useAssetLabels(network, assets);
  return {
    nameOf: names,
    isSaved: (address) => saved.has(address.toLowerCase()),
    labelOf,
  };
}

/** An address with the person's name for it, or a listed (or added) token's name. */
export function NamedAddress({ address, names }: { address: Address; names: PreviewNames }) {
  const t = useT('review');
  const own = names.nameOf(address);
  if (own !== undefined)
    return (
      <>
        <strong>
          <UntrustedText text={own} kind="name" />
        </strong>{' '}
        (<AddressText address={address} />)
      </>
    );
  // Only tokens the person's list or they themselves named: a contract's own name() could claim to be anything.
  const label = names.labelOf({ kind: 'erc20', address });
  const contractName = label.known ? (label.name ?? label.symbol) : undefined;
  return (
    <>
      {contractName !== undefined && (
        <>
          <UntrustedText text={contractName} kind="tokenName" />{' '}
        </>
      )}
      <AddressText address={address} />
      {names.isSaved(address) && <> {t('review:names.savedContract')}</>}
    </>
  );
}

/** A token or collection as the preview names it: its symbol or name, read from the contract. */
export function TokenName({ token, nft = false, names }: { token: Address; nft?: boolean; names: PreviewNames }) {
  const label = names.labelOf(
    nft ? { kind: 'erc721', address: token, tokenId: 0n } : { kind: 'erc20', address: token },
  );
  return <UntrustedText text={(nft ? label.name : undefined) ?? label.symbol} kind={nft ? 'tokenName' : 'symbol'} />;
}
