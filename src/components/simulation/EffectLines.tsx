import type { JSX } from 'react';
import type { Address } from 'viem';
import { usdValue } from '@/core/assets/fiat';
import type { FeedAnswer } from '@/core/assets/portfolio';
import { isConventionalUnlimited } from '@/core/assets/unlimited';
import type { Network } from '@/core/chain/networks';
import type { EffectWarning } from '@/core/simulation/effects';
import type { ApprovalChange, AssetChange } from '@/core/simulation/types';
import { useT } from '@/lib/i18n';
import { AddressText } from '../AddressText';
import { Amount, Fiat } from '../Amount';
import { T } from '../T';
import { NamedAddress, type PreviewNames, TokenName } from './previewNames';

export type Prices = ReadonlyMap<string, FeedAnswer> | undefined;

/**
 * One amount of one asset, exact, with its dollar value where a feed prices it. The figures (with
 * a token's listed symbol) are marked `data-volatile`: a swap's output moves a little at each
 * block, and a site's window must not restart its approve delay for that. A change that matters
 * restarts it through the review's follow (PreviewFollow's `decisions`); which asset moves, an
 * unlisted token's address and the direction stay outside.
 */
function Moved({
  change,
  amount,
  names,
  network,
  prices,
}: {
  change: AssetChange;
  amount: bigint;
  names: PreviewNames;
  network: Network;
  prices: Prices;
}) {
  useT('review');
  if (change.kind === 'native') {
    const { decimals, symbol } = network.nativeCurrency;
    const price = prices?.get('native');
    return (
      <span data-volatile="">
        <Amount value={amount} decimals={decimals} symbol={symbol} full />
        {price && (
          <>
            {' '}
            (<Fiat value={usdValue(amount, decimals, price)} />)
          </>
        )}
      </span>
    );
  }
  if (change.kind === 'erc20') {
    const label = names.labelOf({ kind: 'erc20', address: change.token });
    const price = label.known ? prices?.get(change.token.toLowerCase()) : undefined;
    const moved = (
      <span data-volatile="">
        <Amount value={amount} decimals={label.decimals} symbol={label.symbol} full />
        {price && (
          <>
            {' '}
            (<Fiat value={usdValue(amount, label.decimals, price)} />)
          </>
        )}
      </span>
    );
    if (label.known) return moved;
    return <T id="review:moved.unknownToken" tags={{ 0: moved, 1: <AddressText address={change.token} /> }} />;
  }
  if (change.kind === 'erc1155')
    return (
      <>
        <span data-volatile="">{amount.toString()}</span> × <TokenName token={change.token} nft names={names} /> #
        {change.id.toString()}
      </>
    );
  return null;
}

/** What one of the person's accounts sends and receives, one line per asset and direction. */
export function AccountChangeLines({
  changes,
  names,
  network,
  prices,
}: {
  changes: readonly AssetChange[];
  names: PreviewNames;
  network: Network;
  prices: Prices;
}) {
  useT('review');
  const lines: { key: string; direction: 'out' | 'in'; what: JSX.Element }[] = [];
  for (const [i, change] of changes.entries()) {
    if (change.kind === 'erc721') {
      for (const id of change.sent)
        lines.push({ key: `${i}s${id}`, direction: 'out', what: <Nft token={change.token} id={id} names={names} /> });
      for (const id of change.received)
        lines.push({ key: `${i}r${id}`, direction: 'in', what: <Nft token={change.token} id={id} names={names} /> });
      continue;
    }
    const moved = (amount: bigint) => (
      <Moved change={change} amount={amount} names={names} network={network} prices={prices} />
    );
    if (change.out > 0n) lines.push({ key: `${i}o`, direction: 'out', what: moved(change.out) });
    if (change.in > 0n) lines.push({ key: `${i}i`, direction: 'in', what: moved(change.in) });
  }
  return (
    <ul>
      {lines.map((line) => (
        <li key={line.key} data-direction={line.direction}>
          <T id={line.direction === 'out' ? 'review:moved.sends' : 'review:moved.receives'} tags={{ 0: line.what }} />
        </li>
      ))}
    </ul>
  );
}

/** One NFT: its collection's name and its id. */
function Nft({ token, id, names }: { token: Address; id: bigint; names: PreviewNames }) {
  return (
    <>
      <TokenName token={token} nft names={names} /> #{id.toString()}
    </>
  );
}

/** An approval set by one of the person's accounts, in words. */
export function ApprovalLine({ approval, names }: { approval: ApprovalChange; names: PreviewNames }) {
  useT('review');
  switch (approval.kind) {
    case 'operator': {
      const tags = {
        0: <NamedAddress address={approval.operator} names={names} />,
        1: <TokenName token={approval.token} nft names={names} />,
        2: <strong />,
      };
      return <T id={approval.approved ? 'review:approval.operator' : 'review:approval.operatorRevoked'} tags={tags} />;
    }
    case 'erc721': {
      const token = <TokenName token={approval.token} nft names={names} />;
      const id = approval.tokenId.toString();
      return approval.revoked ? (
        <T id="review:approval.nftRevoked" values={{ id }} tags={{ 0: token }} />
      ) : (
        <T
          id="review:approval.nft"
          values={{ id }}
          tags={{ 0: <NamedAddress address={approval.approved} names={names} />, 1: token }}
        />
      );
    }
    case 'erc20':
    case 'permit2': {
      const label = names.labelOf({ kind: 'erc20', address: approval.token });
      const permit2 = approval.kind === 'permit2';
      const spender = <NamedAddress address={approval.spender} names={names} />;
      const token = <TokenName token={approval.token} names={names} />;
      if (approval.amount === 0n)
        return (
          <T
            id={permit2 ? 'review:approval.allowanceRevokedPermit2' : 'review:approval.allowanceRevoked'}
            tags={{ 0: spender, 1: token }}
          />
        );
      if (approval.unlimited && isConventionalUnlimited(approval.amount))
        return (
          <T
            id={permit2 ? 'review:approval.unlimitedPermit2' : 'review:approval.unlimited'}
            tags={{ 0: spender, 1: <strong />, 2: token }}
          />
        );
      if (approval.unlimited) {
        // A real amount above the threshold (a token with a huge supply): said as unlimited, and exactly.
        const exact = <Amount value={approval.amount} decimals={label.decimals} symbol="" symbolWarning={false} />;
        return (
          <T
            id={permit2 ? 'review:approval.unlimitedExactPermit2' : 'review:approval.unlimitedExact'}
            tags={{ 0: spender, 1: <strong />, 2: token, 3: exact }}
          />
        );
      }
      const amount = <Amount value={approval.amount} decimals={label.decimals} symbol="" full symbolWarning={false} />;
      return (
        <T
          id={permit2 ? 'review:approval.upToPermit2' : 'review:approval.upTo'}
          tags={{ 0: spender, 1: amount, 2: token }}
        />
      );
    }
  }
}

/** One warning of the preview as a sentence. */
export function WarningSentence({
  warning,
  names,
  unit,
}: {
  warning: EffectWarning;
  names: PreviewNames;
  /** How the form's asset is shown (its decimals and symbol). */
  unit: { decimals: number; symbol: string };
}) {
  useT('review');
  const strong = <strong />;
  switch (warning.kind) {
    case 'reverts': {
      const { reason } = warning;
      return warning.call ? (
        <T
          id={warning.call.atomic ? 'review:warning.atomicCallReverts' : 'review:warning.callReverts'}
          values={{ index: warning.call.index + 1, count: warning.call.count, reason }}
          tags={{ 0: strong }}
        />
      ) : (
        <T id="review:warning.reverts" values={{ reason }} tags={{ 0: strong }} />
      );
    }
    case 'operator-for-all':
      return (
        <T
          id="review:warning.operatorForAll"
          tags={{
            0: strong,
            1: <NamedAddress address={warning.operator} names={names} />,
            2: <TokenName token={warning.token} nft names={names} />,
          }}
        />
      );
    case 'unlimited-to-codeless':
      return (
        <T
          id="review:warning.unlimitedToCodeless"
          tags={{
            0: strong,
            1: <NamedAddress address={warning.spender} names={names} />,
            2: <TokenName token={warning.token} names={names} />,
          }}
        />
      );
    case 'unlimited-to-unknown':
      return (
        <T
          id="review:warning.unlimitedToUnknown"
          tags={{ 0: strong, 1: <NamedAddress address={warning.spender} names={names} /> }}
        />
      );
    case 'allowance-above-balance': {
      const label = names.labelOf({ kind: 'erc20', address: warning.token });
      const amount = (value: bigint) => (
        <Amount value={value} decimals={label.decimals} symbol="" full symbolWarning={false} />
      );
      return (
        <T
          id="review:warning.allowanceAboveBalance"
          tags={{
            0: strong,
            1: <NamedAddress address={warning.spender} names={names} />,
            2: amount(warning.amount),
            3: <TokenName token={warning.token} names={names} />,
            4: amount(warning.balance),
          }}
        />
      );
    }
    case 'cannot-receive':
      return (
        <T
          id="review:warning.cannotReceive"
          values={{ id: warning.tokenId.toString() }}
          tags={{
            0: strong,
            1: <NamedAddress address={warning.to} names={names} />,
            2: <TokenName token={warning.token} nft names={names} />,
          }}
        />
      );
    case 'receipt-unverifiable':
      return <T id="review:warning.receiptUnverifiable" tags={{ 0: strong }} />;
    case 'differs-from-form':
      return (
        <T
          id="review:warning.differsFromForm"
          tags={{
            0: strong,
            1: <Amount value={warning.expected} decimals={unit.decimals} symbol={unit.symbol} full />,
            2: <NamedAddress address={warning.recipient} names={names} />,
            3: <Amount value={warning.actual} decimals={unit.decimals} symbol={unit.symbol} full />,
          }}
        />
      );
  }
}
