import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashBuild } from './buildHash.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the build hash', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('hashes every file but build-manifest.json, then the sha256sum listing of them sorted by path', () => {
    dir = mkdtempSync(join(tmpdir(), 'cairn-build-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    writeFileSync(join(dir, 'assets', 'a.js'), 'a');
    writeFileSync(join(dir, 'Z.txt'), 'z');
    writeFileSync(join(dir, 'build-manifest.json'), 'an older hash');

    const hash = hashBuild(dir);
    expect(Object.keys(hash.files)).toEqual(['Z.txt', 'assets/a.js', 'index.html']);
    expect(hash.files['assets/a.js']).toBe(sha256('a'));
    const listing = `${sha256('z')}  Z.txt\n${sha256('a')}  assets/a.js\n${sha256('<!doctype html>')}  index.html\n`;
    expect(hash.sha256).toBe(sha256(listing));
  });
});
