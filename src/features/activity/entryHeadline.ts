import { zeroAddress } from 'viem';
import type { ActivityEntry } from '@/core/activity/entries';
import type { MessageId } from '@/core/i18n/message';
import { sameAddress } from '@/core/keys/sameAddress';

const APPROVAL_WORDS = {
  granted: 'activity:entry.headline.approvalGranted',
  withdrawn: 'activity:entry.headline.approvalWithdrawn',
} as const satisfies Record<NonNullable<ActivityEntry['approval']>, MessageId>;

/** The words that head an entry: what the transaction did, as far as its movements and record say. */
export function headline(entry: ActivityEntry) {
  // A deployment first: its constructor may mint to the deployer, but what it did is create a contract.
  if (entry.creation) return 'activity:entry.headline.contractCreation';
  const directions = new Set(entry.movements.map((m) => m.direction));
  if (entry.movements.length > 0 && entry.movements.every((m) => sameAddress(m.counterparty, zeroAddress)))
    return directions.has('in') ? 'activity:entry.headline.minted' : 'activity:entry.headline.burned';
  if (entry.movements.length === 0) {
    if (entry.approval) return APPROVAL_WORDS[entry.approval];
    return entry.sentByAccount ? 'activity:entry.headline.contractCall' : 'activity:entry.headline.transaction';
  }
  if (directions.has('self') && directions.size === 1) return 'activity:entry.headline.toYourself';
  if (directions.has('in') && directions.size > 1) return 'activity:entry.headline.swap';
  return directions.has('in') ? 'activity:entry.headline.received' : 'activity:entry.headline.sent';
}
