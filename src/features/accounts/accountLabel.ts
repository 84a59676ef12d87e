import type { Account } from '@/core/accounts/account';
import { shortAddress } from '@/lib/format';

/** An account in one line: name, short address, and what sets it apart (public test key, watch-only). */
export function accountLabel(account: Account): string {
  const tags = [account.demo ? 'public test key' : '', account.source.kind === 'watch' ? 'watch-only' : ''].filter(
    Boolean,
  );
  return `${account.name} — ${shortAddress(account.address)}${tags.length ? ` (${tags.join(', ')})` : ''}`;
}
