import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSampleDapp,
  normaliseWalletUrl,
  renderSamplePage,
  type SampleDappServerOptions,
  startSampleDappServer,
  WALLET_URL_PLACEHOLDER,
} from './example-server.ts';
import { findFreePort } from './ports.ts';
import type { StaticServer } from './static-server.ts';

const walletUrl = 'http://127.0.0.1:5173/';

describe('the sample dApp: build and server', () => {
  let outDir: string;
  let server: StaticServer;
  const start = async (options: Partial<SampleDappServerOptions> = {}) =>
    startSampleDappServer({ root: outDir, port: await findFreePort(), walletUrl, ...options });

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'cairn-sample-dapp-'));
    await buildSampleDapp(outDir);
    server = await start();
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    rmSync(outDir, { recursive: true, force: true });
  });

  it('builds three pages with no inline script, each naming the wallet by its placeholder', () => {
    const pages = readdirSync(outDir).filter((file) => file.endsWith('.html'));
    expect(pages.sort()).toEqual(['frame.html', 'hostile.html', 'index.html', 'legacy.html']);
    for (const page of pages) {
      const html = readFileSync(join(outDir, page), 'utf8');
      expect(html).toContain(`<meta name="cairn-wallet-url" content="${WALLET_URL_PLACEHOLDER}" />`);
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes, body] of scripts) {
        expect(attributes).toMatch(/\bsrc="/);
        expect(body?.trim()).toBe('');
      }
      expect(html).not.toMatch(/\son[a-z]+=/i);
    }
    expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toContain(
      `<script src="${WALLET_URL_PLACEHOLDER}connect.js"></script>`,
    );
  });

  it('serves the dApp with the wallet’s URL written in', async () => {
    const response = await fetch(server.url);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<script src="http://127.0.0.1:5173/connect.js"></script>');
    expect(html).toContain('<meta name="cairn-wallet-url" content="http://127.0.0.1:5173/" />');
    expect(html).not.toContain(WALLET_URL_PLACEHOLDER);
    for (const page of ['hostile.html', 'frame.html', 'coop.html', 'index.html']) {
      const text = await (await fetch(new URL(page, server.url))).text();
      expect(text).toContain('content="http://127.0.0.1:5173/"');
      expect(text).not.toContain(WALLET_URL_PLACEHOLDER);
    }
  });

  it('serves every page without connect.js when asked (a dApp reached through the extension)', async () => {
    const plain = await start({ connector: false });
    try {
      for (const page of ['', 'coop.html', 'legacy.html']) {
        const html = await (await fetch(new URL(page, plain.url))).text();
        expect(html).not.toContain('connect.js');
        expect(html).toContain('<script type="module"');
      }
    } finally {
      await plain.close();
    }
  });

  it('lets scripts come only from itself and the wallet', async () => {
    const response = await fetch(server.url);
    expect(response.headers.get('content-security-policy')).toBe(
      "script-src 'self' http://127.0.0.1:5173; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
    const bare = await start({ headers: { 'Content-Security-Policy': '' } });
    try {
      expect((await fetch(bare.url)).headers.get('content-security-policy')).toBeNull();
    } finally {
      await bare.close();
    }
  });

  it('sends Cross-Origin-Opener-Policy on the pages that test it', async () => {
    const coop = await fetch(new URL('coop.html', server.url));
    expect(coop.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(await coop.text()).toContain('http://127.0.0.1:5173/connect.js');
    const popups = await fetch(new URL('coop-allow-popups.html', server.url));
    expect(popups.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });

  it('serves the built scripts, and nothing outside its root', async () => {
    const script = readdirSync(join(outDir, 'assets')).find((file) => file.endsWith('.js'));
    const response = await fetch(new URL(`assets/${script}`, server.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/javascript');
    expect((await fetch(new URL('missing.html', server.url))).status).toBe(404);
    expect((await fetch(new URL('/../package.json', server.url))).status).toBe(404);
    expect((await fetch(`${server.url}..%2f..%2fpackage.json`)).status).toBe(403);
    expect((await fetch(server.url, { method: 'POST' })).status).toBe(405);
  });

  it('binds 127.0.0.1 only', () => {
    expect(new URL(server.url).hostname).toBe('127.0.0.1');
  });

  it('refuses to start without a build', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'cairn-sample-empty-'));
    await expect(start({ root: empty })).rejects.toThrow(/No build of the sample dApp/);
  });
});

describe('the wallet URL in the sample dApp’s pages', () => {
  it('is the folder of the wallet, ending in a slash', () => {
    expect(normaliseWalletUrl('http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173/');
    expect(normaliseWalletUrl('https://wallet.example/cairn?x=1#y')).toBe('https://wallet.example/cairn/');
    expect(() => normaliseWalletUrl('javascript:alert(1)')).toThrow(/http or https/);
  });

  it('cannot break out of its attribute', () => {
    const html = `<script src="${WALLET_URL_PLACEHOLDER}connect.js"></script>`;
    expect(renderSamplePage(html, 'https://wallet.example/"><b>/')).toBe(
      '<script src="https://wallet.example/%22%3E%3Cb%3E/connect.js"></script>',
    );
  });
});
