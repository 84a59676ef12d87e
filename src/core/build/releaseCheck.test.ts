import { describe, expect, it } from 'vitest';
import { inWords } from '@/testing/inWords';
import { manifestOfFiles, newTestKey, sha256Tool, signedBy } from '@/testing/signedBuilds';
import { writePageConfig } from './pageConfig';
import { checkRelease, fileMatches } from './releaseCheck';

const bytesOf = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

const page = '<html><head><meta name="cairn-local-rpc-url" content="http://127.0.0.1:8545" />\n  </head></html>';
const served: Record<string, string> = {
  'index.html': page,
  'assets/app-1.js': 'console.log(1)',
  'assets/app-1.js.map': '{}',
  'licences.json': '[]',
};

/** Tools that serve `files` and remember what was asked for. */
function serving(files: Record<string, string>) {
  const asked: string[] = [];
  return {
    asked,
    tools: {
      sha256: sha256Tool,
      parallel: 2,
      download: async (path: string) => {
        asked.push(path);
        const text = files[path];
        if (text === undefined) throw new Error('404');
        return { bytes: bytesOf(text), kept: `kept ${path}` };
      },
    },
  };
}

describe('checking a build against its manifest', () => {
  it('downloads every file but source maps and keeps each once its hash matches', async () => {
    const { tools, asked } = serving(served);
    const outcome = await checkRelease(manifestOfFiles(served), tools);
    expect(outcome.ok && [...outcome.files].sort()).toEqual([
      ['assets/app-1.js', 'kept assets/app-1.js'],
      ['index.html', 'kept index.html'],
      ['licences.json', 'kept licences.json'],
    ]);
    expect(asked.sort()).toEqual(['assets/app-1.js', 'index.html', 'licences.json']);
  });

  it('accepts a page a local-chain server wrote its facts into, and nothing else changed', async () => {
    const configured = {
      ...served,
      'index.html': writePageConfig(page, { localRpcUrl: 'http://127.0.0.1:4321', devchain: true }),
    };
    expect((await checkRelease(manifestOfFiles(served), serving(configured).tools)).ok).toBe(true);
    const injected = { ...served, 'index.html': page.replace('<head>', '<head><script src="x.js"></script>') };
    expect(inWords(await checkRelease(manifestOfFiles(served), serving(injected).tools))).toEqual({
      ok: false,
      refused: true,
      reason: 'index.html does not match its SHA-256 in build-manifest.json.',
    });
  });

  it('refuses a page with a byte order mark or bytes that are not UTF-8 in front', async () => {
    const manifest = manifestOfFiles(served);
    for (const prefix of ['\uFEFF', '\uFFFD']) {
      const changed = { ...served, 'index.html': prefix + page };
      expect(await checkRelease(manifest, serving(changed).tools)).toMatchObject({ ok: false, refused: true });
    }
    const tools = serving(served).tools;
    const invalid = {
      ...tools,
      download: async (path: string) =>
        path === 'index.html'
          ? { bytes: new Uint8Array([0xff, ...new TextEncoder().encode(page)]).buffer as ArrayBuffer, kept: 'x' }
          : tools.download(path),
    };
    expect(await checkRelease(manifest, invalid)).toMatchObject({ ok: false, refused: true });
  });

  it('refuses a build with a file changed after its manifest was written', async () => {
    const manifest = manifestOfFiles(served);
    const tampered = { ...served, 'assets/app-1.js': 'console.log(2)' };
    expect(inWords(await checkRelease(manifest, serving(tampered).tools))).toEqual({
      ok: false,
      refused: true,
      reason: 'assets/app-1.js does not match its SHA-256 in build-manifest.json.',
    });
  });

  it('refuses a manifest whose list does not add up to its build hash, before downloading anything', async () => {
    const manifest = manifestOfFiles(served);
    const { tools, asked } = serving(served);
    const outcome = await checkRelease(
      { ...manifest, files: { ...manifest.files, 'extra.js': manifest.sha256 } },
      tools,
    );
    expect(inWords(outcome)).toMatchObject({
      ok: false,
      refused: true,
      reason: expect.stringContaining('does not add up'),
    });
    expect(asked).toEqual([]);
  });

  it('takes, for a worker that carries a publisher key, only a build that key signed, before downloading anything', async () => {
    const [trustedKey, otherKey] = [await newTestKey(), await newTestKey()];
    const trusted = trustedKey.key;
    const unsigned = manifestOfFiles(served);
    const byTrusted = signedBy(unsigned, trustedKey, [trustedKey]);
    const byOther = signedBy(unsigned, otherKey, [otherKey]);
    expect((await checkRelease(byTrusted, { ...serving(served).tools, trusted })).ok).toBe(true);
    for (const manifest of [unsigned, byOther]) {
      const { tools, asked } = serving(served);
      expect(inWords(await checkRelease(manifest, { ...tools, trusted }))).toEqual({
        ok: false,
        refused: true,
        reason: `it is not signed by the publisher key this copy of Cairn trusts (${trusted.fingerprint}).`,
      });
      expect(asked).toEqual([]);
    }
    // A worker built without a key (unsigned) checks no signature.
    expect((await checkRelease(unsigned, serving(served).tools)).ok).toBe(true);
  });

  it('tells whether stored bytes are a file of the build, a page with the server’s facts written in included', async () => {
    const manifest = manifestOfFiles(served);
    const configured = writePageConfig(page, { localRpcUrl: 'http://127.0.0.1:4321', devchain: true });
    expect(await fileMatches(manifest, 'index.html', bytesOf(configured), sha256Tool)).toBe(true);
    expect(await fileMatches(manifest, 'assets/app-1.js', bytesOf('console.log(1)'), sha256Tool)).toBe(true);
    expect(await fileMatches(manifest, 'assets/app-1.js', bytesOf('console.log(2)'), sha256Tool)).toBe(false);
    expect(await fileMatches(manifest, 'index.html', bytesOf('<title>planted</title>'), sha256Tool)).toBe(false);
    expect(await fileMatches(manifest, 'planted.js', bytesOf('console.log(1)'), sha256Tool)).toBe(false);
  });

  it('leaves a build it could not download for a later try, without refusing it', async () => {
    const { 'licences.json': _, ...missing } = served;
    expect(inWords(await checkRelease(manifestOfFiles(served), serving(missing).tools))).toEqual({
      ok: false,
      refused: false,
      reason: 'licences.json could not be downloaded.',
    });
  });
});
