import type { Namespace } from '@/core/i18n/message';

/**
 * What a feature declares beside its screens (src/features/<feature>/catalogs.ts): for each of
 * its modules the app shows (a screen, or a part of the shell), named as its file, the catalogs
 * it shows beyond the shell's and core's. The app loads them with that module's code;
 * src/features/catalogs.test.ts checks that they cover every message the module can show.
 */
export type Catalogs = Readonly<Record<string, readonly Namespace[]>>;

/** The catalogs of several parts shown together, each once. */
export function catalogsOf(...lists: readonly (readonly Namespace[])[]): readonly Namespace[] {
  return [...new Set(lists.flat())];
}
