import { Fragment, type JSX, type ReactNode } from 'react';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import { codeValue, type Message, msg } from '@/core/i18n/message';
import type { SeaportDescription, SeaportItem, SeaportItemKind } from '@/core/signing/permitTypes';
import { intlLocale, useLocale, useT } from '@/lib/i18n';
import { toDecimalString } from '@/lib/i18n/format';
import { dateTimeText, FullAddress, PermitAmount, usePermitToken } from './PermitToken';

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** The order's three lists of items, in the order shown: what the person gives, gets, and what goes to others. */
const ITEM_GROUPS = [
  { items: 'offer', heading: 'review:seaport.give', label: 'review:seaport.give', empty: 'review:seaport.nothing' },
  {
    items: 'toOfferer',
    heading: 'review:seaport.receive',
    label: 'review:seaport.receive',
    empty: 'review:seaport.nothing',
  },
  {
    items: 'toOthers',
    heading: 'review:seaport.othersReceive',
    label: 'review:seaport.toOthers',
    empty: 'review:seaport.nobodyElse',
  },
] as const;

/** How an item's kind is named: the standard's own name, or words for the rest. */
const KIND_NAMES: Record<SeaportItemKind, Message | string> = {
  native: 'native',
  'ERC-20': 'ERC-20',
  'ERC-721': 'ERC-721',
  'ERC-1155': 'ERC-1155',
  'ERC-721 with criteria': msg('review:seaport.kind.erc721Criteria'),
  'ERC-1155 with criteria': msg('review:seaport.kind.erc1155Criteria'),
  unknown: msg('review:seaport.kind.unknown'),
};

function amountRange(item: SeaportItem, show: (amount: bigint) => ReactNode): ReactNode {
  if (item.startAmount === item.endAmount) return show(item.startAmount);
  return <T id="review:seaport.range" tags={{ 0: <>{show(item.startAmount)}</>, 1: <>{show(item.endAmount)}</> }} />;
}

function ItemText({ item, network, sameChain }: { item: SeaportItem; network: Network; sameChain: boolean }) {
  const t = useT('review');
  const fungible = item.kind === 'ERC-20';
  const known = usePermitToken(network, item.token, sameChain && fungible);
  if (item.kind === 'native') {
    const symbol = sameChain ? network.nativeCurrency.symbol : undefined;
    return amountRange(item, (amount) =>
      symbol
        ? `${toDecimalString(amount, network.nativeCurrency.decimals)} ${symbol}`
        : t('review:seaport.nativeWei', { amount: amount.toString() }),
    );
  }
  if (fungible) {
    return amountRange(item, (amount) => (
      <PermitAmount amount={amount} token={item.token} known={known} unlimited={false} />
    ));
  }
  const which: Message =
    item.kind === 'ERC-721' || item.kind === 'ERC-1155'
      ? msg('review:seaport.tokenId', { id: item.identifierOrCriteria.toString() })
      : item.identifierOrCriteria === 0n
        ? msg('review:seaport.anyTokenId')
        : msg('review:seaport.merkleRoot', { root: codeValue(`0x${item.identifierOrCriteria.toString(16)}`) });
  const range: JSX.Element = <>{amountRange(item, (amount) => amount.toString())}</>;
  return (
    <T
      id="review:seaport.nft"
      values={{ kind: KIND_NAMES[item.kind], which }}
      tags={{ 0: range, 1: <FullAddress address={item.token} /> }}
    />
  );
}

function Items({
  label,
  items,
  network,
  sameChain,
  empty,
  others = false,
}: {
  label: string;
  items: SeaportItem[];
  network: Network;
  sameChain: boolean;
  empty: string;
  /** Items that go to others: each names its recipient. */
  others?: boolean;
}) {
  if (items.length === 0) return <p className={ui.flush}>{empty}</p>;
  return (
    <ul className={ui.stack} aria-label={label}>
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the order's items are a fixed list
        <li key={i}>
          {item.recipient && others ? (
            <T
              id="review:seaport.toRecipient"
              tags={{
                0: <ItemText item={item} network={network} sameChain={sameChain} />,
                1: <FullAddress address={item.recipient} />,
              }}
            />
          ) : (
            <ItemText item={item} network={network} sameChain={sameChain} />
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
  const t = useT('review');
  const locale = intlLocale(useLocale());
  const start = dateTimeText(order.start, locale);
  const end = order.end.kind === 'time' ? dateTimeText(order.end.at, locale) : msg('review:seaport.never');
  const offerer = <FullAddress address={order.offerer} />;
  return (
    <>
      <p className={ui.flush}>
        {order.contract ? (
          <T id="review:seaport.orderForContract" tags={{ 0: offerer, 1: <FullAddress address={order.contract} /> }} />
        ) : (
          <T id="review:seaport.order" tags={{ 0: offerer }} />
        )}
      </p>
      {ITEM_GROUPS.map((group) => (
        <Fragment key={group.items}>
          <h3>{t(group.heading)}</h3>
          <Items
            label={t(group.label)}
            items={order[group.items]}
            network={network}
            sameChain={sameChain}
            empty={t(group.empty)}
            others={group.items === 'toOthers'}
          />
        </Fragment>
      ))}
      <p className={ui.flush}>
        {order.zone === ZERO_ADDRESS ? (
          <T id="review:seaport.timesNoZone" values={{ start, end }} />
        ) : (
          <T id="review:seaport.timesZone" values={{ start, end }} tags={{ 0: <FullAddress address={order.zone} /> }} />
        )}
      </p>
    </>
  );
}
