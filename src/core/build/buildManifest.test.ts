import { describe, expect, it } from 'vitest';
import { sha256 } from '@/testing/signedBuilds';
import { manifestListing, offlineFiles, parseBuildManifest } from './buildManifest';

describe('the build manifest', () => {
  const files = {
    'index.html': sha256('a'),
    'assets/b-1.js': sha256('b'),
    'assets/b-1.js.map': sha256('c'),
    'Z.txt': sha256('d'),
  };

  it('lists files as sha256sum prints them, sorted by bytes (capitals first), one line each', () => {
    expect(manifestListing(files)).toBe(
      `${sha256('d')}  Z.txt\n${sha256('b')}  assets/b-1.js\n${sha256('c')}  assets/b-1.js.map\n${sha256('a')}  index.html\n`,
    );
  });

  it('reads a manifest, with its version and commit, and keeps every file but source maps offline', () => {
    const manifest = parseBuildManifest({ version: '1.2.3', commit: 'abc1234', sha256: sha256('x'), files });
    expect(manifest).toEqual({ version: '1.2.3', commit: 'abc1234', sha256: sha256('x'), files });
    expect(manifest && offlineFiles(manifest).sort()).toEqual(['Z.txt', 'assets/b-1.js', 'index.html']);
    // An older manifest without them still reads.
    expect(parseBuildManifest({ sha256: sha256('x'), files })).toMatchObject({ version: 'unknown', commit: 'unknown' });
  });

  it('refuses a manifest with a bad hash or a path that leaves the build folder', () => {
    const ok = { sha256: sha256('x'), files };
    expect(parseBuildManifest({ ...ok, sha256: 'abc' })).toBeUndefined();
    expect(parseBuildManifest({ ...ok, sha256: sha256('x').toUpperCase() })).toBeUndefined();
    for (const path of [
      '../index.html',
      '/index.html',
      'assets/../x.js',
      'a//b.js',
      'a\\b.js',
      'a.js?x=1',
      './a.js',
      '',
    ])
      expect(parseBuildManifest({ ...ok, files: { [path]: sha256('a') } }), path).toBeUndefined();
    expect(parseBuildManifest({ ...ok, files: { 'a.js': 'not a hash' } })).toBeUndefined();
    expect(parseBuildManifest([ok])).toBeUndefined();
    expect(parseBuildManifest(null)).toBeUndefined();
  });

  it('reads a signed build’s publisher key and signatures, keeping only signatures of the right form', () => {
    const ok = { sha256: sha256('x'), files };
    const signature = `${'A'.repeat(86)}==`;
    const signed = parseBuildManifest({
      ...ok,
      key: sha256('key'),
      signatures: { [sha256('key')]: signature, [sha256('old')]: 'short', notAFingerprint: signature },
    });
    expect(signed).toMatchObject({ key: sha256('key'), signatures: { [sha256('key')]: signature } });
    expect(Object.keys(signed?.signatures ?? {})).toEqual([sha256('key')]);
    // An unsigned build's manifest has neither.
    expect(parseBuildManifest(ok)).not.toHaveProperty('key');
    expect(parseBuildManifest({ ...ok, key: 'not a fingerprint' })).toBeUndefined();
  });
});
