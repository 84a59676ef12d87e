import type { LayoutStore } from '@/core/verify/layoutBook';

// Where the wallet keeps the balance layouts it learns (IndexedDB), handed over at start: a module
// of its own, so the start-up chunk does not take the balance checks' code with it.
let kept: LayoutStore | undefined;

/** Keeps the layouts learnt in `store` (the wallet's start). */
export function keepLayoutsIn(store: LayoutStore): void {
  kept = store;
}

/** The store layouts are kept in, once the wallet has said. */
export const layoutStore = (): LayoutStore | undefined => kept;
