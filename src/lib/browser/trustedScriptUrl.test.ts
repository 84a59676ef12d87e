import { describe, expect, it } from 'vitest';
import { isOwnWorkerScript } from './trustedScriptUrl';

describe('the Trusted Types policy’s rule for script URLs', () => {
  const page = 'https://wallet.example/cairn/index.html#/settings';

  it('makes URLs of the build’s own workers beside the page', () => {
    for (const url of [
      'sw.js',
      'https://wallet.example/cairn/sw.js',
      'https://wallet.example/cairn/assets/vault.worker-Dq4h_SJ0.js',
      'assets/keystore.worker-DIeXxQr2.js',
    ])
      expect(isOwnWorkerScript(url, page), url).toBe(true);
  });

  it('refuses any other script: another origin, folder, file, a query or fragment, a data or blob URL', () => {
    for (const url of [
      'https://evil.example/cairn/sw.js',
      'http://wallet.example/cairn/sw.js',
      'https://wallet.example/sw.js',
      'https://wallet.example/other/cairn/sw.js',
      'assets/index-abc.js',
      'assets/vault.worker-x.js?v=1',
      'sw.js#x',
      'connect.js',
      'data:text/javascript,alert(1)',
      'blob:https://wallet.example/1234',
      'javascript:alert(1)',
      '//evil.example/sw.js',
    ])
      expect(isOwnWorkerScript(url, page), url).toBe(false);
  });
});
