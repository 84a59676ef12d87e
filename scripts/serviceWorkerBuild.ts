// sw.js, Cairn's service worker (src/serviceWorker), built alone as one classic script beside
// index.html so its scope is the app's folder, before build-manifest.json hashes the files.
import type { Plugin } from 'vite';
import { SERVICE_WORKER_FILE } from '../src/core/build/updateProtocol.ts';
import { isCairnPage } from './cairnPage.ts';
import { bundleStandalone } from './standaloneBundle.ts';

export const buildServiceWorker = (): Promise<string> => bundleStandalone('serviceWorker/serviceWorker.ts', 'iife');

export function serviceWorkerFile(): Plugin {
  let cairnPage = false;
  return {
    name: 'cairn-service-worker',
    apply: 'build',
    configResolved(config) {
      cairnPage = isCairnPage(config);
    },
    async generateBundle() {
      if (cairnPage)
        this.emitFile({ type: 'asset', fileName: SERVICE_WORKER_FILE, source: await buildServiceWorker() });
    },
  };
}
