import type { ReactNode } from 'react';
import type { Address } from 'viem';
import { usdValue } from '@/core/assets/fiat';
import type { FeedAnswer } from '@/core/assets/portfolio';
import type { Network } from '@/core/chain/networks';
import type { EffectWarning } from '@/core/simulation/effects';
import type { ApprovalChange, AssetChange } from '@/core/simulation/types';
import { AddressText } from '../AddressText';
import { Amount, Fiat } from '../Amount';
import { UntrustedText } from '../UntrustedText';
import { NamedAddress, type PreviewNames, TokenName } from './previewNames';

export type Prices = ReadonlyMap<string, FeedAnswer> | undefined;

/** One amount of one asset, exact, with its dollar value where a feed prices it. */
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
  if (change.kind === 'native') {
    const { decimals, symbol } = network.nativeCurrency;
    const price = prices?.get('native');
    return (
      <>
        <Amount value={amount} decimals={decimals} symbol={symbol} full />
        {price && (
          <>
            {' '}
            (<Fiat value={usdValue(amount, decimals, price)} />)
          </>
        )}
      </>
    );
  }
  if (change.kind === 'erc20') {
    const label = names.labelOf({ kind: 'erc20', address: change.token });
    const price = label.known ? prices?.get(change.token.toLowerCase()) : undefined;
    return (
      <>
        <Amount value={amount} decimals={label.decimals} symbol={label.symbol} full />
        {price && (
          <>
            {' '}
            (<Fiat value={usdValue(amount, label.decimals, price)} />)
          </>
        )}
        {!label.known && (
          <>
            {' '}
            of the token <AddressText address={change.token} />
          </>
        )}
      </>
    );
  }
  if (change.kind === 'erc1155')
    return (
      <>
        {amount.toString()} × <TokenName token={change.token} nft names={names} /> #{change.id.toString()}
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
  const lines: { key: string; verb: 'Sends' | 'Receives'; what: ReactNode }[] = [];
  for (const [i, change] of changes.entries()) {
    if (change.kind === 'erc721') {
      for (const id of change.sent)
        lines.push({ key: `${i}s${id}`, verb: 'Sends', what: <Nft token={change.token} id={id} names={names} /> });
      for (const id of change.received)
        lines.push({ key: `${i}r${id}`, verb: 'Receives', what: <Nft token={change.token} id={id} names={names} /> });
      continue;
    }
    const moved = (amount: bigint) => (
      <Moved change={change} amount={amount} names={names} network={network} prices={prices} />
    );
    if (change.out > 0n) lines.push({ key: `${i}o`, verb: 'Sends', what: moved(change.out) });
    if (change.in > 0n) lines.push({ key: `${i}i`, verb: 'Receives', what: moved(change.in) });
  }
  return (
    <ul>
      {lines.map((line) => (
        <li key={line.key} data-direction={line.verb === 'Sends' ? 'out' : 'in'}>
          {line.verb} {line.what}
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
  switch (approval.kind) {
    case 'operator':
      return approval.approved ? (
        <>
          Lets <NamedAddress address={approval.operator} names={names} /> move <strong>all</strong> your{' '}
          <TokenName token={approval.token} nft names={names} /> NFTs, now and later
        </>
      ) : (
        <>
          Takes back from <NamedAddress address={approval.operator} names={names} /> the right to move your{' '}
          <TokenName token={approval.token} nft names={names} /> NFTs
        </>
      );
    case 'erc721':
      return approval.revoked ? (
        <>
          Takes back the approval on <TokenName token={approval.token} nft names={names} /> #
          {approval.tokenId.toString()}
        </>
      ) : (
        <>
          Lets <NamedAddress address={approval.approved} names={names} /> take{' '}
          <TokenName token={approval.token} nft names={names} /> #{approval.tokenId.toString()}
        </>
      );
    case 'erc20':
    case 'permit2': {
      const label = names.labelOf({ kind: 'erc20', address: approval.token });
      const via = approval.kind === 'permit2' ? ' through Permit2' : '';
      if (approval.amount === 0n)
        return (
          <>
            Takes back <NamedAddress address={approval.spender} names={names} />
            ’s allowance on <TokenName token={approval.token} names={names} />
            {via}
          </>
        );
      return (
        <>
          Lets <NamedAddress address={approval.spender} names={names} /> spend{' '}
          {approval.unlimited ? (
            <strong>an unlimited amount of</strong>
          ) : (
            <>
              up to <Amount value={approval.amount} decimals={label.decimals} symbol="" full symbolWarning={false} />
            </>
          )}{' '}
          your <TokenName token={approval.token} names={names} />
          {via}
        </>
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
  switch (warning.kind) {
    case 'reverts':
      return warning.call ? (
        <>
          <strong>
            Call {warning.call.index + 1} of {warning.call.count} would fail:
          </strong>{' '}
          <UntrustedText text={warning.reason} kind="whole" />. Cairn would stop there: the calls before it would still
          be mined (and cost their fees), none after it would be sent.
        </>
      ) : (
        <>
          <strong>This transaction would fail:</strong> <UntrustedText text={warning.reason} kind="whole" />. A failed
          transaction still costs its network fee.
        </>
      );
    case 'operator-for-all':
      return (
        <>
          <strong>Gives an operator all your NFTs:</strong> <NamedAddress address={warning.operator} names={names} />{' '}
          could take every <TokenName token={warning.token} nft names={names} /> NFT you hold, now or later, without
          asking again. Drainers ask for exactly this.
        </>
      );
    case 'unlimited-to-codeless':
      return (
        <>
          <strong>Unlimited allowance to an address with no code:</strong>{' '}
          <NamedAddress address={warning.spender} names={names} /> is not a contract, so no app needs this: whoever
          holds its key could take all your <TokenName token={warning.token} names={names} />.
        </>
      );
    case 'unlimited-to-unknown':
      return (
        <>
          <strong>Unlimited permission to an address you have never dealt with:</strong>{' '}
          <NamedAddress address={warning.spender} names={names} />. Make sure it is the app you mean.
        </>
      );
    case 'cannot-receive':
      return (
        <>
          <strong>The recipient may not be able to handle this NFT:</strong>{' '}
          <NamedAddress address={warning.to} names={names} /> is a contract that does not declare it accepts ERC-721
          tokens, so <TokenName token={warning.token} nft names={names} /> #{warning.tokenId.toString()} could be stuck
          there for good.
        </>
      );
    case 'differs-from-form':
      return (
        <>
          <strong>The recipient would get another amount than the form says:</strong> the form sends{' '}
          <Amount value={warning.expected} decimals={unit.decimals} symbol={unit.symbol} full />, and the preview shows{' '}
          <NamedAddress address={warning.recipient} names={names} /> receiving{' '}
          <Amount value={warning.actual} decimals={unit.decimals} symbol={unit.symbol} full />. The token may take a fee
          on each transfer.
        </>
      );
  }
}
