import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { manifestListing, offlineFiles, parseBuildManifest } from './buildManifest';

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the build manifest', () => {
  const files = {
    'index.html': hash('a'),
    'assets/b-1.js': hash('b'),
    'assets/b-1.js.map': hash('c'),
    'Z.txt': hash('d'),
  };

  it('lists files as sha256sum prints them, sorted by bytes (capitals first), one line each', () => {
    expect(manifestListing(files)).toBe(
      `${hash('d')}  Z.txt\n${hash('b')}  assets/b-1.js\n${hash('c')}  assets/b-1.js.map\n${hash('a')}  index.html\n`,
    );
  });

  it('reads a manifest, with its version and commit, and keeps every file but source maps offline', () => {
    const manifest = parseBuildManifest({ version: '1.2.3', commit: 'abc1234', sha256: hash('x'), files });
    expect(manifest).toEqual({ version: '1.2.3', commit: 'abc1234', sha256: hash('x'), files });
    expect(manifest && offlineFiles(manifest).sort()).toEqual(['Z.txt', 'assets/b-1.js', 'index.html']);
    // An older manifest without them still reads.
    expect(parseBuildManifest({ sha256: hash('x'), files })).toMatchObject({ version: 'unknown', commit: 'unknown' });
  });

  it('refuses a manifest with a bad hash or a path that leaves the build folder', () => {
    const ok = { sha256: hash('x'), files };
    expect(parseBuildManifest({ ...ok, sha256: 'abc' })).toBeUndefined();
    expect(parseBuildManifest({ ...ok, sha256: hash('x').toUpperCase() })).toBeUndefined();
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
      expect(parseBuildManifest({ ...ok, files: { [path]: hash('a') } }), path).toBeUndefined();
    expect(parseBuildManifest({ ...ok, files: { 'a.js': 'not a hash' } })).toBeUndefined();
    expect(parseBuildManifest([ok])).toBeUndefined();
    expect(parseBuildManifest(null)).toBeUndefined();
  });

  it('reads a signed build’s publisher key and signatures, keeping only signatures of the right form', () => {
    const ok = { sha256: hash('x'), files };
    const signature = `${'A'.repeat(86)}==`;
    const signed = parseBuildManifest({
      ...ok,
      key: hash('key'),
      signatures: { [hash('key')]: signature, [hash('old')]: 'short', notAFingerprint: signature },
    });
    expect(signed).toMatchObject({ key: hash('key'), signatures: { [hash('key')]: signature } });
    expect(Object.keys(signed?.signatures ?? {})).toEqual([hash('key')]);
    // An unsigned build's manifest has neither.
    expect(parseBuildManifest(ok)).not.toHaveProperty('key');
    expect(parseBuildManifest({ ...ok, key: 'not a fingerprint' })).toBeUndefined();
  });
});
