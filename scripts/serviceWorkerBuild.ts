// sw.js, Cairn's service worker (src/serviceWorker), built alone as one classic script beside
// index.html so its scope is the app's folder, before build-manifest.json hashes the files. The
// publisher's public key is written into it ('' for an unsigned build).
import type { Plugin } from 'vite';
import { SERVICE_WORKER_FILE } from '../src/core/build/updateProtocol.ts';
import { isCairnPage } from './cairnPage.ts';
import { bundleStandalone } from './standaloneBundle.ts';

/** sw.js carrying the publisher key `publisherKeySpki` (base64 SubjectPublicKeyInfo; '' for an unsigned build). */
export const buildServiceWorker = (publisherKeySpki: string): Promise<string> =>
  bundleStandalone('serviceWorker/serviceWorker.ts', 'iife', {
    __CAIRN_PUBLISHER_KEY__: JSON.stringify(publisherKeySpki),
  });

export function serviceWorkerFile(publisherKeySpki: string): Plugin {
  let cairnPage = false;
  return {
    name: 'cairn-service-worker',
    apply: 'build',
    configResolved(config) {
      cairnPage = isCairnPage(config);
    },
    async generateBundle() {
      if (cairnPage)
        this.emitFile({
          type: 'asset',
          fileName: SERVICE_WORKER_FILE,
          source: await buildServiceWorker(publisherKeySpki),
        });
    },
  };
}
