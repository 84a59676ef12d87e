import type { NetworkIconName } from '@/core/assets/icons/networkIcon';
import { byFileName } from './byFileName';

// Like the token icons (see tokenIconUrls.ts), apart from them: the network chip is on the first
// screen, and only these few URLs come with it.
const urls = byFileName(
  import.meta.glob<string>(['./web3icons/network-*.svg', './local-chain.svg'], {
    query: '?no-inline',
    import: 'default',
    eager: true,
  }),
);

/** The URL of a bundled network icon (same origin). */
export function networkIconUrl(name: NetworkIconName): string | undefined {
  return urls.get(name);
}
