import type { Address } from 'viem';

/** Where an account's key comes from. */
export type AccountSource =
  | { kind: 'hd'; secretId: string; template: string; index: number; path: string }
  | { kind: 'key'; secretId: string }
  | { kind: 'watch' };

/** An account as the rest of Cairn sees it: no key material, just what identifies it. */
export type Account = {
  id: string;
  name: string;
  address: Address;
  source: AccountSource;
  hidden: boolean;
  /** Derived from the public demo phrase: shown as public test keys everywhere. */
  demo: boolean;
  createdAt: number;
};

export function canSign(account: Account): boolean {
  return account.source.kind !== 'watch';
}
