// The local chain of this test worker (src/testing/localChainGlobalSetup.ts starts one per worker).
import { inject } from 'vitest';

export function localChainUrl(): string {
  const urls = inject('localChainUrls') ?? [];
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const url = urls[worker - 1];
  if (!url)
    throw new Error(
      `No local chain for worker ${worker} (${urls.length} started): run this file in the integration project`,
    );
  return url;
}
