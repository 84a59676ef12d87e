// docs/hosting.md gives header recipes for nginx, Caddy and `_headers` hosts. This reads each recipe
// and holds the headers it sends for every kind of file against what `npm start`'s server sends
// (scripts/serve/static-server.ts, values from src/core/build/securityHeaders.ts), so that neither changes alone.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  headerContentSecurityPolicy,
  keystoreWorkerContentSecurityPolicy,
} from '../../src/core/build/securityHeaders.ts';
import {
  caddyRecipe,
  type HeaderSet,
  headersFileRecipe,
  nginxRecipe,
  type Recipe,
  recipeBlocks,
} from './hostingDocs.ts';
import { findFreePort } from './ports.ts';
import { type StaticServer, startStaticServer } from './static-server.ts';

const doc = readFileSync(new URL('../../docs/hosting.md', import.meta.url), 'utf8');
const blocks = recipeBlocks(doc);

function block(name: string): string {
  const text = blocks.get(name);
  if (text === undefined) throw new Error(`docs/hosting.md has no <!-- recipe: ${name} --> block`);
  return text;
}

/** Every kind of file in a build, by path inside dist/ ("" is the folder itself). */
const FILES = [
  '',
  'index.html',
  'dapp.html',
  'assets/keystore.worker-abc123.js',
  'assets/keystore.worker-abc123.js.map',
  'assets/vault.worker-Dq4h_SJ0.js',
  'assets/index-abc.js',
  'assets/index-abc.css',
  'assets/network-base-gGdYIMKg.svg',
  'connect.js',
  'connect.mjs',
  'sw.js',
  'build-manifest.json',
  'manifest.webmanifest',
  'licences.json',
];

/** Headers that say how a response travels, not how the browser should treat it. */
const TRANSPORT = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

function withoutTransport(headers: HeaderSet): HeaderSet {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !TRANSPORT.has(name)));
}

/** A media type without its parameters ("text/javascript; charset=utf-8" → "text/javascript"). */
function essence(contentType: string | undefined): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase();
}

const recipes: [string, () => Recipe][] = [
  ['nginx', () => nginxRecipe(block('nginx'))],
  ['Caddy', () => caddyRecipe(block('caddy'))],
  ['_headers on Cloudflare Pages', () => headersFileRecipe(block('_headers'), 'cloudflare')],
  ['_headers on Netlify', () => headersFileRecipe(block('_headers'), 'netlify')],
];

describe('docs/hosting.md', () => {
  let root: string;
  let server: StaticServer;
  /** What `npm start`'s server sends for each file, by its path inside dist/. */
  const sent = new Map<string, HeaderSet>();

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'cairn-hosting-'));
    for (const file of FILES.filter(Boolean)) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), file.endsWith('.html') ? '<!doctype html><title>Cairn</title>' : '{}');
    }
    server = await startStaticServer({ root, port: await findFreePort() });
    for (const file of FILES) {
      const response = await fetch(`${server.url}${file}`);
      expect(response.status, file).toBe(200);
      const headers: HeaderSet = {};
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      sent.set(file, headers);
    }
  });
  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  function serverSent(file: string): HeaderSet {
    const headers = sent.get(file);
    if (!headers) throw new Error(`nothing fetched for ${file}`);
    return headers;
  }

  it('has one block for each recipe, and nothing else marked as one', () => {
    expect([...blocks.keys()].sort()).toEqual(['_headers', 'caddy', 'nginx']);
  });

  it("compares against the server's real policies", () => {
    expect(serverSent('index.html')['content-security-policy']).toBe(headerContentSecurityPolicy);
    expect(serverSent('assets/keystore.worker-abc123.js')['content-security-policy']).toBe(
      keystoreWorkerContentSecurityPolicy,
    );
    expect(serverSent('dapp.html')['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(serverSent('connect.mjs')['access-control-allow-origin']).toBe('*');
    expect(serverSent('assets/index-abc.js')['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(serverSent('sw.js')['cache-control']).toBe('no-cache');
  });

  describe.each(recipes)('the %s recipe', (_name, read) => {
    it('sends, for every kind of file, exactly the headers npm start sends', () => {
      const recipe = read();
      for (const file of FILES) {
        expect(withoutTransport(recipe.headersFor(`/${file}`)), `/${file}`).toEqual(withoutTransport(serverSent(file)));
      }
    });

    it('serves the web manifest as application/manifest+json, and any type it sets as the server does', () => {
      const recipe = read();
      expect(serverSent('manifest.webmanifest')['content-type']).toBe('application/manifest+json');
      expect(recipe.headersFor('/manifest.webmanifest')['content-type']).toBe('application/manifest+json');
      for (const file of FILES) {
        const type = recipe.headersFor(`/${file}`)['content-type'];
        if (type !== undefined) expect(essence(type), `/${file}`).toBe(essence(serverSent(file)['content-type']));
      }
    });
  });

  it('nginx: types connect.mjs as JavaScript (the mime.types of nginx 1.22 does not)', () => {
    expect(nginxRecipe(block('nginx')).headersFor('/connect.mjs')['content-type']).toBe('text/javascript');
  });

  it('_headers: Cloudflare Pages serves dapp.html at /dapp, with the same headers', () => {
    for (const host of ['cloudflare', 'netlify'] as const) {
      const recipe = headersFileRecipe(block('_headers'), host);
      expect(recipe.headersFor('/dapp')).toEqual(recipe.headersFor('/dapp.html'));
    }
  });

  describe('notices a recipe that is out of step', () => {
    it('a rule left out', () => {
      const withoutDappRule = block('_headers').replace(/^\/dapp\.html\n(?: {2}.*\n)+/m, '');
      expect(withoutDappRule).not.toBe(block('_headers'));
      const recipe = headersFileRecipe(withoutDappRule, 'cloudflare');
      expect(withoutTransport(recipe.headersFor('/dapp.html'))).not.toEqual(withoutTransport(serverSent('dapp.html')));
    });

    it('a value changed', () => {
      const older = block('caddy').replace(" 'wasm-unsafe-eval'", '');
      expect(caddyRecipe(older).headersFor('/assets/keystore.worker-abc123.js')['content-security-policy']).not.toBe(
        serverSent('assets/keystore.worker-abc123.js')['content-security-policy'],
      );
    });

    it('a header set where nginx would drop the others', () => {
      const inLocation = block('nginx').replace(
        'add_header Cache-Control $cairn_cache always;',
        'location /assets/ { add_header Cache-Control $cairn_cache always; }',
      );
      expect(() => nginxRecipe(inLocation)).toThrow(/drops the server-level ones/);
    });

    it('two Caddy directives that set one header for the same file', () => {
      const overlapping = block('caddy').replace('@notAssets not path /assets/*', '@notAssets path /*');
      expect(() => caddyRecipe(overlapping).headersFor('/assets/index-abc.js')).toThrow(/two header directives/);
    });

    it('a _headers rule that adds a value where it should replace one', () => {
      const withoutDetach = block('_headers').replace(/^ {2}! Cache-Control\n/m, '');
      expect(headersFileRecipe(withoutDetach, 'cloudflare').headersFor('/assets/index-abc.js')['cache-control']).toBe(
        'no-cache, public, max-age=31536000, immutable',
      );
    });
  });
});
