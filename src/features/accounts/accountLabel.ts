import type { Account } from '@/core/accounts/account';
import { codeValue, type Message, msg, untrustedValue } from '@/core/i18n/message';
import { shortAddress } from '@/lib/i18n/format';

/** An account in one line: name, short address, and what sets it apart (public test key, watch-only). */
export function accountLabel(account: Account): Message {
  const values = { name: untrustedValue(account.name, 'name'), address: codeValue(shortAddress(account.address)) };
  const watch = account.source.kind === 'watch';
  if (account.demo && watch) return msg('accounts:label.demoWatch', values);
  if (account.demo) return msg('accounts:label.demo', values);
  if (watch) return msg('accounts:label.watch', values);
  return msg('accounts:label.plain', values);
}
