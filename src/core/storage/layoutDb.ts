import { isHex } from 'viem';
import type { BalanceLayout } from '../verify/balanceLayouts';
import type { KeptLayout, LayoutStore } from '../verify/layoutBook';
import type { CairnDatabase } from './database';

/** A kept layout as stored: its token key, the code it was learnt for, and the layout. */
type StoredLayout = { key: string; code: string; layout: BalanceLayout };

function isLayout(value: unknown): value is BalanceLayout {
  if (typeof value !== 'object' || value === null) return false;
  const layout = value as Partial<Record<string, unknown>>;
  if (layout.kind === 'solady') return true;
  if (layout.kind !== 'mapping' && layout.kind !== 'vyper') return false;
  return (
    typeof layout.slot === 'string' &&
    isHex(layout.slot) &&
    layout.slot.length <= 66 &&
    (layout.masked === undefined || (layout.kind === 'mapping' && layout.masked === true))
  );
}

/** What was stored, or undefined when it is damaged (that token's layout is learnt again). */
export function fromStoredLayout(stored: unknown): [string, KeptLayout] | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const s = stored as Partial<StoredLayout>;
  if (typeof s.key !== 'string' || !/^\d+:0x[0-9a-f]{40}$/.test(s.key) || typeof s.code !== 'string') return undefined;
  if (!isLayout(s.layout)) return undefined;
  return [s.key, { key: s.code, layout: s.layout }];
}

export function indexedDbLayoutStore(db: CairnDatabase): LayoutStore {
  return {
    load: async () =>
      (await db.getAll('balanceLayouts')).flatMap((stored) => {
        const read = fromStoredLayout(stored);
        return read ? [read] : [];
      }),
    save: async (token, kept) => {
      await db.put('balanceLayouts', { key: token, code: kept.key, layout: kept.layout } satisfies StoredLayout);
    },
    remove: async (token) => {
      await db.delete('balanceLayouts', token);
    },
  };
}
