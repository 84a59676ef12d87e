import { untrustedLabel } from '@/core/text/untrustedText';
import type { TxRecord, TxStatus } from '@/core/tx/record';
import type { TxChange } from '@/core/tx/transactionService';
import { formatAmount, shortAddress } from './format';

export const STATUS_WORDS: Record<TxStatus, string> = {
  signed: 'Signed, not yet accepted by the node',
  pending: 'Pending',
  confirmed: 'Confirmed',
  failed: 'Failed',
  replaced: 'Replaced',
  dropped: 'Dropped',
  rejected: 'Refused by the node',
};

/** "1.5 USDC to 0x1234…abcd", or what the transaction does when it is not a transfer. */
export function describeRecord(record: TxRecord): string {
  if (record.kind === 'cancel') return `Cancellation of nonce ${record.nonce}`;
  if (record.kind === 'fill-gap') return `Gap filler for nonce ${record.nonce}`;
  const intent = record.intent;
  let what = `Call to ${shortAddress(record.to)}`;
  if (intent) {
    const { asset } = intent;
    const amount =
      asset.kind === 'nft'
        ? `${asset.standard === 'erc1155' ? `${intent.amount} × ` : ''}${untrustedLabel(asset.symbol, 'tokenName')} #${asset.tokenId}`
        : `${formatAmount(intent.amount, asset.decimals)} ${untrustedLabel(asset.symbol, 'symbol')}`;
    what = `${amount} to ${shortAddress(intent.recipient)}`;
  }
  return record.kind === 'speed-up' ? `${what} (sped up)` : what;
}

/** A notice for a change worth telling the person about, or undefined. */
export function changeNotice(change: TxChange): { tone: 'success' | 'error' | 'info'; text: string } | undefined {
  const { record } = change;
  const what = describeRecord(record);
  switch (record.status) {
    case 'confirmed':
      return { tone: 'success', text: `${what}: confirmed in block ${record.blockNumber}.` };
    case 'failed':
      return { tone: 'error', text: `${what}: failed — ${(record.failureReason ?? 'reverted').replace(/\.$/, '')}.` };
    case 'dropped':
      return { tone: 'error', text: `${what}: dropped — another transaction used nonce ${record.nonce}.` };
    default:
      return undefined;
  }
}
