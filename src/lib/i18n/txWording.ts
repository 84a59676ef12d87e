import { amountValue, codeValue, type Message, msg, type PlainMessageId, untrustedValue } from '@/core/i18n/message';
import { untrustedLabel } from '@/core/text/untrustedText';
import type { TxRecord, TxStatus } from '@/core/tx/record';
import type { TxChange } from '@/core/tx/transactionService';
import { shortAddress } from './format';

/** A transaction's status in words (by message id: worded where it is shown). */
export const STATUS_WORDS: Record<TxStatus, PlainMessageId> = {
  signed: 'common:tx.status.signed',
  pending: 'common:tx.status.pending',
  confirmed: 'common:tx.status.confirmed',
  failed: 'common:tx.status.failed',
  replaced: 'common:tx.status.replaced',
  dropped: 'common:tx.status.dropped',
  rejected: 'common:tx.status.rejected',
};

/** "1.5 USDC to 0x1234…abcd", or what the transaction does when it is not a transfer ("Contract creation"). */
export function describeRecord(record: TxRecord): Message {
  const nonce = String(record.nonce);
  if (record.kind === 'cancel') return msg('common:tx.cancellation', { nonce });
  if (record.kind === 'fill-gap') return msg('common:tx.gapFiller', { nonce });
  if (record.kind === 'account-upgrade') return msg('common:tx.accountUpgrade');
  if (record.kind === 'account-undo') return msg('common:tx.accountUndo');
  if (record.kind === 'safe-approve' && record.to)
    return msg('common:tx.safeApprove', { safe: codeValue(shortAddress(record.to)) });
  if (record.kind === 'safe-execute' && record.to)
    return msg('common:tx.safeExecute', { safe: codeValue(shortAddress(record.to)) });
  const { batch } = record;
  if (batch && record.kind === 'pay-gas')
    return msg('common:tx.payGas', { count: batch.calls, account: codeValue(shortAddress(batch.account)) });
  if (batch && (record.kind === 'batch' || (record.kind === 'speed-up' && !record.intent)))
    return msg('common:tx.batch', { count: batch.calls });
  const intent = record.intent;
  let what: Message =
    record.to === undefined
      ? msg('common:tx.creation')
      : msg('common:tx.call', { to: codeValue(shortAddress(record.to)) });
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
    case 'failed':
      return { tone: 'error', text: failedNotice(what, record.failureReason) };
    case 'dropped':
      return { tone: 'error', text: msg('common:tx.notice.dropped', { what, nonce: String(record.nonce) }) };
    default:
      return undefined;
  }
}

/**
 * "… failed — reason." with one final full stop, whether the reason has one or not. The reason is
 * kept as it is stored (a Message worded where the notice is shown, or the contract's or an old
 * record's words, shown as untrusted text), so the notice reads in the language of the day.
 */
function failedNotice(what: Message, reason: Message | string | undefined): Message {
  if (reason === undefined) return msg('common:tx.notice.failed', { what, reason: msg('common:tx.reverted') });
  if (typeof reason === 'string') return quotedFailure(what, reason);
  const said = theirText(reason);
  if (said !== undefined) return quotedFailure(what, said);
  // Cairn's own failure reasons are whole sentences, with their own full stop in every language.
  return reason.id.startsWith(SENTENCE_REASONS)
    ? msg('common:tx.notice.failedSentence', { what, reason })
    : msg('common:tx.notice.failed', { what, reason });
}

/** The contract's (or an old record's) words as the reason, their own final full stop left out. */
function quotedFailure(what: Message, said: string): Message {
  return msg('common:tx.notice.failed', { what, reason: untrustedValue(said.replace(/\.$/, ''), 'whole') });
}

/** The ids of the failure reasons Cairn words as sentences (core.chain:tx.failure.outOfGas…). */
const SENTENCE_REASONS = 'core.chain:tx.failure.';

/** The words inside a reason that only quotes a contract or node (core/errors/theirWords). */
function theirText(reason: Message): string | undefined {
  const text = reason.id === 'core.chain:said' ? reason.values?.text : undefined;
  return typeof text === 'object' && 'kind' in text && text.kind === 'untrusted' ? text.text : undefined;
}
