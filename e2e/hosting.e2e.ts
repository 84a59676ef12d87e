import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../scripts/ports.ts';
import { startStaticServer } from '../scripts/static-server.ts';
import { AppShell } from './pages/AppShell.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { e2eDistDir } from './support/paths.ts';

describe('hosting and browser security', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('the built index.html carries a strict CSP and no inline script', () => {
    const html = readFileSync(join(e2eDistDir, 'index.html'), 'utf8');
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1]?.replace(/&#39;/g, "'");
    expect(csp).toBeDefined();
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('unsafe-inline');
    // Every <script> has a src; none carries inline code.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\.\/assets\//);
      expect(body?.trim()).toBe('');
    }
    // Relative asset URLs, so any sub-path works.
    expect(html).not.toMatch(/(src|href)="\/assets\//);
  });

  it('no built file references a third-party host to load from', () => {
    const assets = readdirSync(join(e2eDistDir, 'assets')).filter((f) => f.endsWith('.css'));
    for (const file of assets) {
      expect(readFileSync(join(e2eDistDir, 'assets', file), 'utf8')).not.toMatch(/url\(\s*['"]?https?:/);
    }
    expect(readFileSync(join(e2eDistDir, 'index.html'), 'utf8')).not.toMatch(/(src|href)="https?:/);
  });

  it('the server sends the CSP with frame-ancestors and X-Frame-Options', async () => {
    const response = await fetch(env.server.url);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('loads with requests only to its own origin and the configured node, and no CSP violation', async () => {
    const { page, context, consoleErrors } = await env.newPage();
    const hosts = new Set<string>();
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol === 'http:' || url.protocol === 'https:') hosts.add(url.origin);
    });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const shell = new AppShell(page);
    await shell.open(env.server.url);
    await expect.poll(() => shell.statusText()).toContain('Connected');
    await page.waitForTimeout(1500);
    const appOrigin = new URL(env.server.url).origin;
    const nodeOrigin = new URL(env.chain.url).origin;
    expect([...hosts].sort()).toEqual([appOrigin, nodeOrigin].sort());
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('works from a sub-path', async () => {
    const server = await startStaticServer({
      root: e2eDistDir,
      port: await findFreePort(),
      localRpcUrl: env.chain.url,
      basePath: '/apps/cairn/',
    });
    try {
      const { page } = await env.newPage();
      const shell = new AppShell(page);
      await shell.open(server.url);
      await expect.poll(() => shell.statusText()).toContain('Connected');
      expect(await shell.heading.textContent()).toBe('Welcome to Cairn');
      // A plain static host (no embedded chain): the public demo wallet is never offered.
      expect(await page.getByRole('button', { name: /^Import a private key/ }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: /^Open demo wallet/ }).count()).toBe(0);
      await page.goto(`${server.url}#/settings`);
      await shell.heading.waitFor();
      expect(page.url()).toBe(`${server.url}#/settings`);
    } finally {
      await server.close();
    }
  });

  it('refuses to render inside a cross-origin frame (clickjacking)', async () => {
    // Control: the same build served without anti-framing headers does render when framed, so
    // the check below can tell the difference.
    const unprotected = await startStaticServer({
      root: e2eDistDir,
      port: await findFreePort(),
      localRpcUrl: env.chain.url,
      headers: { 'X-Frame-Options': '', 'Content-Security-Policy': '' },
    });
    const port = await findFreePort();
    const hostile: Server = createServer((request, response) => {
      const target = request.url === '/control' ? unprotected.url : env.server.url;
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end(`<!doctype html><title>hostile</title><iframe title="victim" src="${target}"></iframe>`);
    });
    await new Promise<void>((resolve) => hostile.listen(port, '127.0.0.1', resolve));
    const framedText = async (path: string) => {
      const { page } = await env.newPage();
      await page.goto(`http://127.0.0.1:${port}${path}`);
      await page.waitForTimeout(1500);
      const frame = page.frames().find((f) => f !== page.mainFrame());
      return frame ? await frame.evaluate(() => document.body?.textContent ?? '').catch(() => '') : '';
    };
    try {
      expect(await framedText('/control')).toContain('Welcome to Cairn');
      const text = await framedText('/');
      expect(text).not.toContain('Welcome');
      expect(text).not.toContain('Network');
    } finally {
      hostile.close();
      await unprotected.close();
    }
  });
});
