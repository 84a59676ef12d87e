import { describe, expect, it } from 'vitest';
import { manifestOfFiles, newTestKey, sha256Tool, signedBy, type TestKey } from '@/testing/signedBuilds';
import type { BuildManifest } from './buildManifest';
import type { TrustedKeys } from './buildSignature';
import { releaseOf } from './releaseCheck';
import {
  type BuildRole,
  dropsServedBuild,
  parseStoredState,
  storedAs,
  storedForm,
  trustedStateOf,
  vouches,
} from './trustedState';

const keysOf = (publisher: TestKey, ...previous: TestKey[]): TrustedKeys => ({
  publisher: publisher.key,
  previous: previous.map((key) => key.key),
});
const [h1, h2, h3] = ['1', '2', '3'].map((n) => n.repeat(64)) as [string, string, string];

describe('what the service worker reads back from its state entry', () => {
  it('reads only the builds it names, by hash, and the acceptance', () => {
    const state = { current: { hash: h1, version: '1.0.0', commit: 'abc' }, staged: { hash: h2 }, accepted: h2 };
    expect(parseStoredState(state)).toEqual({ current: h1, staged: h2, accepted: h2 });
    expect(parseStoredState({})).toEqual({});
    // A refusal in the entry (a script wrote it, or an older worker) is not read.
    expect(parseStoredState({ current: { hash: h1 }, refused: { hash: h3, reason: 'Call now' } })).toEqual({
      current: h1,
    });
  });

  it('calls anything else unreadable, a script’s null or half an object alike', () => {
    for (const planted of [
      null,
      'text',
      [],
      42,
      { current: null },
      { current: { hash: 'not a hash' } },
      { staged: h2 },
      { accepted: 'x' },
      { accepted: 1 },
    ])
      expect(parseStoredState(planted)).toBeUndefined();
  });

  it('stores no refusal, in the form workers have always stored', () => {
    const current = { hash: h1, version: '1.0.0', commit: 'abc' };
    expect(storedForm({ current, refused: { hash: h3, version: '2', commit: 'c', reason: 'r' } })).toEqual({ current });
    expect(storedAs({ current: h1 }, { current })).toBe(true);
    expect(storedAs(undefined, {})).toBe(false);
    expect(storedAs({ current: h2 }, { current })).toBe(false);
  });

  it('says pages must start afresh when the build they ran is dropped or the entry was unreadable', () => {
    const current = { hash: h1, version: '1.0.0', commit: 'abc' };
    expect(dropsServedBuild({ current: h2 }, { current })).toBe(true);
    expect(dropsServedBuild({ current: h2 }, {})).toBe(true);
    expect(dropsServedBuild(undefined, {})).toBe(true);
    expect(dropsServedBuild({ current: h1, staged: h2 }, { current })).toBe(false);
    expect(dropsServedBuild({}, {})).toBe(false);
  });
});

describe('which builds the worker vouches for', () => {
  const build = manifestOfFiles({ 'index.html': '<p>1</p>' });

  it('takes a build anew only by the publisher key; a key before it only keeps the build served', async () => {
    const [oldKey, newKey, stranger] = [await newTestKey(), await newTestKey(), await newTestKey()];
    const keys = keysOf(newKey, oldKey);
    const byOld = signedBy(build, oldKey, [oldKey]);
    expect(await vouches(byOld, keys, 'serve', sha256Tool)).toBe(true);
    expect(await vouches(byOld, keys, 'take', sha256Tool)).toBe(false);
    const handover = signedBy(build, newKey, [newKey, oldKey]);
    for (const role of ['serve', 'take'] as const) expect(await vouches(handover, keys, role, sha256Tool)).toBe(true);
    for (const role of ['serve', 'take'] as const)
      expect(await vouches(signedBy(build, stranger, [stranger]), keys, role, sha256Tool)).toBe(false);
    // Without keys before it, the old key's build is not served either.
    expect(await vouches(byOld, keysOf(newKey), 'serve', sha256Tool)).toBe(false);
  });

  it('takes, unsigned, any build whose list adds up to its hash, and none that does not', async () => {
    expect(await vouches(build, undefined, 'take', sha256Tool)).toBe(true);
    expect(await vouches({ ...build, sha256: h3 }, undefined, 'serve', sha256Tool)).toBe(false);
  });

  it('names the builds as their checked manifests do, and keeps an acceptance only of the staged build', async () => {
    const served = manifestOfFiles({ 'index.html': '<p>1</p>' }, '1.0.0');
    const staged = manifestOfFiles({ 'index.html': '<p>2</p>' }, '2.0.0');
    const known: Record<string, BuildManifest> = { [served.sha256]: served, [staged.sha256]: staged };
    const asked: [string, BuildRole][] = [];
    const vouched = async (hash: string, role: BuildRole) => {
      asked.push([hash, role]);
      return known[hash];
    };
    const stored = { current: served.sha256, staged: staged.sha256, accepted: staged.sha256 };
    expect(await trustedStateOf(stored, vouched)).toEqual({
      current: releaseOf(served),
      staged: releaseOf(staged),
      accepted: staged.sha256,
    });
    expect(asked).toEqual([
      [served.sha256, 'serve'],
      [staged.sha256, 'take'],
    ]);
    expect(await trustedStateOf({ current: h1, staged: h2, accepted: h2 }, vouched)).toEqual({});
    expect(await trustedStateOf(undefined, vouched)).toEqual({});
  });
});
