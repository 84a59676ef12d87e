import { type StorageFailure, storageFailure } from '../errors/storageFailure';
import { TxError } from '../errors/tx';
import { type Message, msg } from '../i18n/message';
import type { TxRecord, TxStatus } from './record';
import type { TxStore } from './txStore';

/** A record's status changed (from `previous`). */
export type TxChange = { record: TxRecord; previous: TxStatus };

/** Attempts before amend gives up because other windows keep changing the record. */
const AMEND_ATTEMPTS = 5;

/** What failed to be saved: the signed transaction (not sent then), or a record's new state (retried). */
type Unsaved = 'signed' | 'state';

const SENTENCES: Record<Unsaved, Record<StorageFailure, Message>> = {
  signed: { full: msg('core.chain:tx.storage.signedFull'), unavailable: msg('core.chain:tx.storage.signedRefused') },
  state: { full: msg('core.chain:tx.storage.stateFull'), unavailable: msg('core.chain:tx.storage.stateRefused') },
};

function storageFailed(error: unknown, what: Unsaved): TxError {
  return new TxError('TX_STORAGE_FAILED', SENTENCES[what][storageFailure(error)], { cause: error });
}

/**
 * Writes transaction records by the rule every window follows: a new record is stored whole; a
 * change to a record is stored only if the record is still at the revision it was read at (other
 * windows track the same records). Failures say why in words.
 */
export class RecordWriter {
  constructor(
    private readonly deps: {
      store: TxStore;
      now: () => number;
      onStored?: (record: TxRecord) => void;
      onChange?: (change: TxChange) => void;
    },
  ) {}

  /** Stores a new record. Throws TX_STORAGE_FAILED, and then it must not be broadcast. */
  async add(record: TxRecord): Promise<void> {
    try {
      await this.deps.store.put(record);
    } catch (error) {
      throw storageFailed(error, 'signed');
    }
    this.deps.onStored?.(record);
  }

  /**
   * Stores a change to a record read at `record.revision`. When another window changed it in
   * between, nothing is written and the stored record is returned: the next tracking pass decides
   * again from what is stored and on chain. Throws TX_STORAGE_FAILED.
   */
  async save(record: TxRecord, previous: TxStatus): Promise<TxRecord> {
    let saved: TxRecord | undefined;
    try {
      saved = await this.deps.store.putIfUnchanged({ ...record, updatedAt: this.deps.now() });
    } catch (error) {
      throw storageFailed(error, 'state');
    }
    if (!saved) return (await this.deps.store.get(record.id)) ?? record;
    this.deps.onStored?.(saved);
    if (saved.status !== previous) this.deps.onChange?.({ record: saved, previous });
    return saved;
  }

  /** Applies `change` to the stored record, again on the fresh one if another window wrote first. */
  async amend(id: string, change: (record: TxRecord) => TxRecord | undefined): Promise<void> {
    for (let attempt = 0; attempt < AMEND_ATTEMPTS; attempt++) {
      const current = await this.deps.store.get(id);
      const next = current && change(current);
      if (!current || !next) return;
      const saved = await this.deps.store
        .putIfUnchanged({ ...next, updatedAt: this.deps.now() })
        .catch((error: unknown) => {
          throw storageFailed(error, 'state');
        });
      if (saved) {
        this.deps.onStored?.(saved);
        return;
      }
    }
  }
}
