import type { TokenIconName } from '@/core/assets/icons/tokenIcon';
import { byFileName } from './byFileName';

// Each icon is a file of the build, fetched from Cairn's own origin when first shown; never
// inlined, so no icon weighs on the scripts. Only the files the bundled lists use are here.
const urls = byFileName(
  import.meta.glob<string>('./web3icons/token-*.svg', { query: '?no-inline', import: 'default', eager: true }),
);

/** The URL of a bundled token icon (same origin). */
export function tokenIconUrl(name: TokenIconName): string | undefined {
  return urls.get(name);
}
