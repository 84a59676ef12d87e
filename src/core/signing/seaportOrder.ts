import type { Address } from 'viem';
import { msg } from '../i18n/message';
import {
  definesExactly,
  parseTypeString,
  SEAPORT_CONSIDERATION_ITEM,
  SEAPORT_OFFER_ITEM,
  SEAPORT_ORDER_COMPONENTS,
} from './permitShapes';
import {
  isLongLived,
  type SeaportDescription,
  type SeaportItem,
  type SeaportItemKind,
  type SignatureWarning,
  untilTime,
} from './permitTypes';
import type { SignableTypedData } from './typedData';

/** Seaport's ItemType enum, in order (seaport-types src/lib/ConsiderationEnums.sol). */
const ITEM_KINDS: readonly SeaportItemKind[] = [
  'native',
  'ERC-20',
  'ERC-721',
  'ERC-1155',
  'ERC-721 with criteria',
  'ERC-1155 with criteria',
];

type Message = Record<string, unknown>;

function item(raw: Message): SeaportItem {
  const itemType = Number(raw.itemType as bigint);
  const shown: SeaportItem = {
    kind: ITEM_KINDS[itemType] ?? 'unknown',
    itemType,
    token: raw.token as Address,
    identifierOrCriteria: raw.identifierOrCriteria as bigint,
    startAmount: raw.startAmount as bigint,
    endAmount: raw.endAmount as bigint,
  };
  if (raw.recipient !== undefined) shown.recipient = raw.recipient as Address;
  return shown;
}

const worthless = (items: readonly SeaportItem[]) => items.every((i) => i.startAmount === 0n && i.endAmount === 0n);

/**
 * A Seaport order (1.5, 1.6: the same OrderComponents) as what the signer gives and gets: the
 * offer goes to whoever fills the order; of the consideration, items whose recipient is the
 * offerer come back to the signer, the rest go to others (fees, royalties, anyone). Undefined
 * unless the domain is named "Seaport" and every struct matches Seaport's type strings.
 */
export function describeSeaportOrder(typedData: SignableTypedData, now: bigint): SeaportDescription | undefined {
  const { types, primaryType, message, domain } = typedData;
  if (domain.name !== 'Seaport' || primaryType !== parseTypeString(SEAPORT_ORDER_COMPONENTS).name) return undefined;
  const shapes = [SEAPORT_ORDER_COMPONENTS, SEAPORT_OFFER_ITEM, SEAPORT_CONSIDERATION_ITEM];
  if (!shapes.every((spec) => definesExactly(types, spec))) return undefined;
  const offerer = message.offerer as Address;
  const offer = (message.offer as Message[]).map(item);
  const consideration = (message.consideration as Message[]).map(item);
  const toOfferer = consideration.filter((i) => i.recipient === offerer);
  const toOthers = consideration.filter((i) => i.recipient !== offerer);
  const end = untilTime(message.endTime as bigint);
  const longLived = isLongLived(end, now);
  const warnings: SignatureWarning[] = [];
  // "Little or nothing back": Cairn cannot price arbitrary items, so the rule it can check exactly
  // is that the signer gives something and every item coming back to them is empty or zero.
  if (!worthless(offer) && worthless(toOfferer)) {
    warnings.push({
      code: 'nothingBack',
      serious: true,
      text:
        toOfferer.length === 0
          ? msg('core.signing:seaport.warning.nothingBack')
          : msg('core.signing:seaport.warning.zeroBack'),
    });
  }
  if (longLived) {
    warnings.push({
      code: 'longLived',
      serious: false,
      text: end.kind === 'never' ? msg('core.signing:seaport.warning.never') : msg('core.signing:seaport.warning.long'),
    });
  }
  return {
    kind: 'seaport',
    contract: domain.verifyingContract,
    offerer,
    zone: message.zone as Address,
    orderType: Number(message.orderType as bigint),
    offer,
    toOfferer,
    toOthers,
    start: message.startTime as bigint,
    end,
    longLived,
    warnings,
    needsAcknowledgement: false,
  };
}
