import type { Account } from '@/core/accounts/account';
import type { Network } from '@/core/chain/networks';
import {
  type MessageCatalog,
  type MessageId,
  type MessageValue,
  msg,
  type PlainMessageId,
  untrustedValue,
} from '@/core/i18n/message';
import { T } from './T';
import ui from './ui.module.css';

/** A message that names an account and a network, and nothing else. */
type AccountIntroId = {
  [I in MessageId]: MessageCatalog[I] extends { account: MessageValue; network: MessageValue }
    ? keyof MessageCatalog[I] extends 'account' | 'network'
      ? I
      : never
    : never;
}[MessageId];

/**
 * A screen's opening line about the selected account: what it shows for that account on the
 * network (both names untrusted), or, with no account, to choose one.
 */
export function AccountIntro({
  account,
  network,
  forAccount,
  noAccount,
}: {
  account: Account | undefined;
  /** The network, or the networks (named together, in their order). */
  network: Network | readonly Network[];
  forAccount: AccountIntroId;
  noAccount: PlainMessageId;
}) {
  const message = account
    ? msg(forAccount, {
        account: untrustedValue(account.name, 'name'),
        network: untrustedValue('name' in network ? network.name : network.map((n) => n.name).join(', '), 'name'),
      })
    : msg(noAccount);
  return (
    <p className={ui.muted}>
      <T message={message} />
    </p>
  );
}
