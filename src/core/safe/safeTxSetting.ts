import { checkedItems, type SettingsError } from '../errors/settings';
import type { SyncedSetting } from '../settingDeclaration';
import {
  fromStoredSafeTx,
  type PendingSafeTx,
  type SafeTxStatus,
  type StoredSafeTx,
  sameSafeTx,
  toStoredSafeTx,
  withSignatures,
} from './pendingSafeTx';
import type { SafeSignature } from './signatures';

/**
 * The Safe transactions Cairn keeps (proposed here or imported from another owner), with the
 * offline signatures collected so far, shared by every window of the profile. Each is stored in
 * its file form and read back through the file's checks: one that no longer reads is dropped.
 */
export const safeTxSetting = {
  key: 'safeTransactions' as const,
  initial: [] as StoredSafeTx[],
  read: (stored: unknown, dropped?: (error: SettingsError) => void): StoredSafeTx[] =>
    checkedItems(
      'safeTransactions',
      (items) => items.list(stored, (item): item is StoredSafeTx => fromStoredSafeTx(item) !== undefined),
      dropped,
    ),
  actions: (change: (fn: (kept: StoredSafeTx[]) => StoredSafeTx[]) => void) => {
    /** Applies `edit` to the kept transaction `like`, or adds `added` when there is none. */
    const upsert = (
      like: Pick<PendingSafeTx, 'safeTxHash' | 'chainId'>,
      edit: (pending: PendingSafeTx) => PendingSafeTx,
      added?: PendingSafeTx,
    ) =>
      change((kept) => {
        const index = kept.findIndex((item) => {
          const read = fromStoredSafeTx(item);
          return read !== undefined && sameSafeTx(read, like);
        });
        const current = index >= 0 ? fromStoredSafeTx(kept[index]) : undefined;
        if (current) return kept.map((item, i) => (i === index ? toStoredSafeTx(edit(current)) : item));
        return added ? [...kept, toStoredSafeTx(edit(added))] : kept;
      });
    return {
      /**
       * Keeps a Safe transaction with its (checked) signatures: a new one as it is, one already
       * kept gains the signatures it lacked (an owner's answer coming back).
       */
      keepSafeTx(pending: PendingSafeTx, signatures: readonly SafeSignature[] = []): void {
        upsert(pending, (current) => withSignatures(current, signatures), pending);
      },
      /** Marks where a kept transaction stands (executed, failed, replaced), with its execution if Cairn sent it. */
      markSafeTx(
        like: Pick<PendingSafeTx, 'safeTxHash' | 'chainId'>,
        status: SafeTxStatus,
        execution?: PendingSafeTx['execution'],
      ): void {
        upsert(like, (current) => ({ ...current, status, execution: execution ?? current.execution }));
      },
      removeSafeTx(like: Pick<PendingSafeTx, 'safeTxHash' | 'chainId'>): void {
        change((kept) =>
          kept.filter((item) => {
            const read = fromStoredSafeTx(item);
            return read === undefined || !sameSafeTx(read, like);
          }),
        );
      },
    };
  },
} satisfies SyncedSetting<'safeTransactions', StoredSafeTx[], object>;
