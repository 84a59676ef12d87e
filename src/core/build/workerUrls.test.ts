import { describe, expect, it } from 'vitest';
import { buildPathOf, isForeignRegistration, isOwnRegistration } from './workerUrls';

const scope = 'https://x.example/wallet/';

describe('the service worker’s URLs', () => {
  it('is Cairn’s own registration only as sw.js for its own folder', () => {
    expect(isOwnRegistration('https://x.example/wallet/sw.js', scope)).toBe(true);
    expect(isOwnRegistration('https://x.example/wallet/x.js', scope)).toBe(false);
    expect(isOwnRegistration('https://x.example/wallet/sw.js?v=2', scope)).toBe(false);
    expect(isOwnRegistration('https://x.example/wallet/sw.js', 'https://x.example/wallet/dapp.html')).toBe(false);
    expect(isOwnRegistration('https://x.example/wallet/sw.js', 'https://x.example/wallet/assets/')).toBe(false);
    expect(isOwnRegistration('https://x.example/sw.js', scope)).toBe(false);
  });

  it('counts as foreign every other registration inside Cairn’s folder, not one beside or above it', () => {
    for (const other of ['dapp.html', 'assets/', 'index.html', 'nested/'])
      expect(isForeignRegistration(new URL(other, scope).href, scope)).toBe(true);
    for (const other of ['https://x.example/wallet/', 'https://x.example/', 'https://x.example/beta/'])
      expect(isForeignRegistration(other, scope)).toBe(false);
  });

  it('reads the build file a request asks for, and a path it cannot decode as none of the build', () => {
    expect(buildPathOf('GET', 'https://x.example/wallet/', scope)).toBe('index.html');
    expect(buildPathOf('GET', 'https://x.example/wallet/assets/a%20b.js?x=1', scope)).toBe('assets/a b.js');
    expect(buildPathOf('GET', 'https://x.example/wallet/%E0', scope)).toBe('%E0');
    expect(buildPathOf('POST', 'https://x.example/wallet/', scope)).toBeUndefined();
    expect(buildPathOf('GET', 'https://x.example/other/', scope)).toBeUndefined();
    expect(buildPathOf('GET', 'https://y.example/wallet/', scope)).toBeUndefined();
  });
});
