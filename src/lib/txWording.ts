import { amountValue, codeValue, type Message, type MessageId, msg } from '@/core/i18n/message';
import { untrustedLabel } from '@/core/text/untrustedText';
import type { TxRecord, TxStatus } from '@/core/tx/record';
import type { TxChange } from '@/core/tx/transactionService';
import { shortAddress } from './format';
import { translate } from './i18n';

/** A transaction's status in words (by message id: worded where it is shown). */
export const STATUS_WORDS: Record<TxStatus, MessageId> = {
  signed: 'common:tx.status.signed',
  pending: 'common:tx.status.pending',
  confirmed: 'common:tx.status.confirmed',
  failed: 'common:tx.status.failed',
  replaced: 'common:tx.status.replaced',
  dropped: 'common:tx.status.dropped',
  rejected: 'common:tx.status.rejected',
};

/** "1.5 USDC to 0x1234…abcd", or what the transaction does when it is not a transfer. */
export function describeRecord(record: TxRecord): Message {
  const nonce = String(record.nonce);
  if (record.kind === 'cancel') return msg('common:tx.cancellation', { nonce });
  if (record.kind === 'fill-gap') return msg('common:tx.gapFiller', { nonce });
  const intent = record.intent;
  let what: Message = msg('common:tx.call', { to: codeValue(shortAddress(record.to)) });
  if (intent) {
    const { asset } = intent;
    // An NFT as it is written everywhere: "[count × ]name #id" (notation, not words).
    const amount =
      asset.kind === 'nft'
        ? `${asset.standard === 'erc1155' ? `${intent.amount} × ` : ''}${untrustedLabel(asset.symbol, 'tokenName')} #${asset.tokenId}`
        : amountValue(intent.amount, asset.decimals, asset.symbol);
    what = msg('common:tx.transfer', { amount, to: codeValue(shortAddress(intent.recipient)) });
  }
  return record.kind === 'speed-up' ? msg('common:tx.spedUp', { what }) : what;
}

/** A notice for a change worth telling the person about, or undefined. */
export function changeNotice(change: TxChange): { tone: 'success' | 'error' | 'info'; text: Message } | undefined {
  const { record } = change;
  const what = describeRecord(record);
  switch (record.status) {
    case 'confirmed':
      return { tone: 'success', text: msg('common:tx.notice.confirmed', { what, block: String(record.blockNumber) }) };
    case 'failed': {
      // One final period, whether the reason has one or not.
      const reason = translate(record.failureReason ?? msg('common:tx.reverted')).replace(/\.$/, '');
      return { tone: 'error', text: msg('common:tx.notice.failed', { what, reason }) };
    }
    case 'dropped':
      return { tone: 'error', text: msg('common:tx.notice.dropped', { what, nonce: String(record.nonce) }) };
    default:
      return undefined;
  }
}
