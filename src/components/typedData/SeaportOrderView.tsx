import type { ReactNode } from 'react';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import type { SeaportDescription, SeaportItem } from '@/core/signing/permitTypes';
import { toDecimalString } from '@/lib/format';
import { FullAddress, PermitAmount, usePermitToken } from './PermitToken';

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

function amountRange(item: SeaportItem, show: (amount: bigint) => ReactNode) {
  if (item.startAmount === item.endAmount) return show(item.startAmount);
  return (
    <>
      from {show(item.startAmount)} at the start to {show(item.endAmount)} at the end
    </>
  );
}

function ItemText({ item, network, sameChain }: { item: SeaportItem; network: Network; sameChain: boolean }) {
  const fungible = item.kind === 'ERC-20';
  const known = usePermitToken(network, item.token, sameChain && fungible);
  if (item.kind === 'native') {
    const symbol = sameChain ? network.nativeCurrency.symbol : undefined;
    return amountRange(item, (amount) =>
      symbol ? `${toDecimalString(amount, network.nativeCurrency.decimals)} ${symbol}` : `${amount} wei (native coin)`,
    );
  }
  if (fungible) {
    return amountRange(item, (amount) => (
      <PermitAmount amount={amount} token={item.token} known={known} unlimited={false} />
    ));
  }
  const which =
    item.kind === 'ERC-721' || item.kind === 'ERC-1155'
      ? `token id ${item.identifierOrCriteria}`
      : item.identifierOrCriteria === 0n
        ? 'any token id'
        : `any token id in the set with Merkle root 0x${item.identifierOrCriteria.toString(16)}`;
  return (
    <>
      {amountRange(item, (amount) => amount.toString())} × {item.kind} {which} of <FullAddress address={item.token} />
    </>
  );
}

function Items({
  label,
  items,
  network,
  sameChain,
  empty,
}: {
  label: string;
  items: SeaportItem[];
  network: Network;
  sameChain: boolean;
  empty: string;
}) {
  if (items.length === 0) return <p className={ui.flush}>{empty}</p>;
  return (
    <ul className={ui.stack} aria-label={label}>
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the order's items are a fixed list
        <li key={i}>
          <ItemText item={item} network={network} sameChain={sameChain} />
          {item.recipient && label === 'To others' && (
            <>
              {' '}
              to <FullAddress address={item.recipient} />
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A Seaport order: what the signer gives, what comes back to them, what goes to others, and when. */
export function SeaportOrderView({
  order,
  network,
  sameChain,
}: {
  order: SeaportDescription;
  network: Network;
  sameChain: boolean;
}) {
  const start = new Date(Number(order.start) * 1000).toLocaleString(undefined, {
    dateStyle: 'long',
    timeStyle: 'short',
  });
  const end =
    order.end.kind === 'time'
      ? new Date(Number(order.end.at) * 1000).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' })
      : 'never';
  return (
    <>
      <p className={ui.flush}>
        A Seaport order by <FullAddress address={order.offerer} />
        {order.contract && (
          <>
            {' '}
            for the contract <FullAddress address={order.contract} />
          </>
        )}
        . Anyone who fills it before it ends receives what is offered.
      </p>
      <h3>You give</h3>
      <Items label="You give" items={order.offer} network={network} sameChain={sameChain} empty="Nothing." />
      <h3>You receive</h3>
      <Items label="You receive" items={order.toOfferer} network={network} sameChain={sameChain} empty="Nothing." />
      <h3>Others receive</h3>
      <Items label="To others" items={order.toOthers} network={network} sameChain={sameChain} empty="Nobody else." />
      <p className={ui.flush}>
        Open from {start}; ends: {end}.{' '}
        {order.zone === ZERO_ADDRESS ? (
          'No zone.'
        ) : (
          <>
            Zone (may restrict or cancel fills): <FullAddress address={order.zone} />.
          </>
        )}
      </p>
    </>
  );
}
