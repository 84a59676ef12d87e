// sw.js, Cairn's service worker (src/serviceWorker), built alone as one classic script beside
// index.html so its scope is the app's folder, before build-manifest.json hashes the files. The
// publisher's public key is written into it ('' for an unsigned build), and while keys change the
// key before it, which vouches only for the build a browser already serves (docs/signed-builds.md).
import type { Plugin } from 'vite';
import { publisherKey } from '../../src/core/build/buildSignature.ts';
import { SERVICE_WORKER_FILE } from '../../src/core/build/updateProtocol.ts';
import type { SigningKeys } from './buildSigning.ts';
import { isCairnPage } from './cairnPage.ts';
import { bundleStandalone } from './standaloneBundle.ts';

/** sw.js carrying the public keys of `keys` (none: an unsigned build). Throws for a key WebCrypto cannot read. */
export async function buildServiceWorker(keys: SigningKeys | undefined): Promise<string> {
  const publisher = keys?.publisher.publicKey.spki ?? '';
  const previous = keys?.previous ? [keys.previous.publicKey.spki] : [];
  for (const spki of [publisher, ...previous].filter(Boolean))
    if (!(await publisherKey(spki))) throw new Error('sw.js would carry a publisher key WebCrypto cannot read');
  return bundleStandalone('serviceWorker/serviceWorker.ts', 'iife', {
    __CAIRN_PUBLISHER_KEY__: JSON.stringify(publisher),
    __CAIRN_PREVIOUS_KEYS__: JSON.stringify(previous),
  });
}

export function serviceWorkerFile(keys: SigningKeys | undefined): Plugin {
  let cairnPage = false;
  return {
    name: 'cairn-service-worker',
    apply: 'build',
    configResolved(config) {
      cairnPage = isCairnPage(config);
    },
    async generateBundle() {
      if (cairnPage)
        this.emitFile({ type: 'asset', fileName: SERVICE_WORKER_FILE, source: await buildServiceWorker(keys) });
    },
  };
}
