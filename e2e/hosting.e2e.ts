import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caddyRecipe,
  headersFileRecipe,
  nginxRecipe,
  type Recipe,
  recipeBlocks,
} from '../scripts/serve/hostingDocs.ts';
import { findFreePort } from '../scripts/serve/ports.ts';
import { startFileServer, startStaticServer } from '../scripts/serve/static-server.ts';
import { FRAMED_MESSAGE_ID } from '../src/app/frameGuard.ts';
import { FIRST_SCREEN_SCRIPT, FIRST_SCREEN_SCRIPT_HASH } from '../src/core/build/firstScreenScript.ts';
import {
  headerContentSecurityPolicy,
  keystoreWorkerContentSecurityPolicy,
  metaContentSecurityPolicy,
} from '../src/core/build/securityHeaders.ts';
import { words } from '../src/testing/catalogWords.ts';
import { AppShell } from './pages/AppShell.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { e2eDistDir, projectRoot } from './support/paths.ts';

/** What a framed page says, in English (the browser's language in these tests). */
const FRAMED_MESSAGE = words('en', FRAMED_MESSAGE_ID);

/** The hosting recipes of docs/hosting.md, as hosts following them would send their headers. */
const recipeText = recipeBlocks(readFileSync(join(projectRoot, 'docs', 'hosting.md'), 'utf8'));
const recipe = (name: string) => recipeText.get(name) ?? '';
const recipes: [string, () => Recipe][] = [
  ['nginx', () => nginxRecipe(recipe('nginx'))],
  ['Caddy', () => caddyRecipe(recipe('caddy'))],
  ['_headers (Cloudflare Pages)', () => headersFileRecipe(recipe('_headers'), 'cloudflare')],
  ['_headers (Netlify)', () => headersFileRecipe(recipe('_headers'), 'netlify')],
];

describe('hosting and browser security', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('the built index.html carries a strict CSP and one inline script, allowed by its hash', () => {
    const html = readFileSync(join(e2eDistDir, 'index.html'), 'utf8');
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1]?.replace(/&#39;/g, "'");
    // The exact policy (src/core/build/securityHeaders.test.ts pins its text), so nothing is loosened unnoticed.
    expect(csp).toBe(metaContentSecurityPolicy);
    expect(csp).toContain(`script-src 'self' ${FIRST_SCREEN_SCRIPT_HASH};`);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("default-src 'none'");
    // No eval and no WebAssembly in the page (only the keystore worker's own policy allows the latter).
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('unsafe-inline');
    // Every <script> has a src and no code, but the one that shows the pre-rendered first screen.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    const inline = scripts.filter(([, attributes]) => !attributes?.includes('src='));
    expect(inline.map(([, , body]) => body)).toEqual([FIRST_SCREEN_SCRIPT]);
    for (const [, attributes, body] of scripts.filter((script) => !inline.includes(script))) {
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
    expect(csp).toBe(headerContentSecurityPolicy);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`script-src 'self' ${FIRST_SCREEN_SCRIPT_HASH};`);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // The keystore worker's script alone may compile WebAssembly (its scrypt).
    const worker = readdirSync(join(e2eDistDir, 'assets')).find((f) => /^keystore\.worker-.*\.js$/.test(f));
    const workerResponse = await fetch(`${env.server.url}assets/${worker}`);
    expect(workerResponse.headers.get('content-security-policy')).toBe(keystoreWorkerContentSecurityPolicy);
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

  it.each(recipes)(
    'lets Cairn’s pages use WebHID and the camera under the %s recipe’s headers',
    async (_name, read) => {
      const headers = read();
      const server = await startFileServer({
        root: e2eDistDir,
        port: await findFreePort(),
        pages: {},
        headersFor: (path) => headers.headersFor(`/${path}`),
      });
      try {
        const { page } = await env.newPage();
        for (const path of ['index.html', 'dapp.html']) {
          const response = await page.goto(`${server.url}${path}`);
          expect(response?.headers()['permissions-policy'], path).toContain('hid=(self)');
          const allowed = await page.evaluate(() => {
            const policy = (document as Document & { featurePolicy: { allowsFeature(name: string): boolean } })
              .featurePolicy;
            return Object.fromEntries(
              ['hid', 'camera', 'usb', 'serial', 'microphone', 'geolocation'].map((name) => [
                name,
                policy.allowsFeature(name),
              ]),
            );
          });
          // The Ledger (WebHID) and the QR camera work; the rest stays off.
          expect(allowed, path).toEqual({
            hid: true,
            camera: true,
            usb: false,
            serial: false,
            microphone: false,
            geolocation: false,
          });
        }
      } finally {
        await server.close();
      }
    },
  );

  it('refuses a string assigned to a script or HTML sink (Trusted Types), and a script’s own policy', async () => {
    // Service workers allowed: Playwright's blocking stands in for register() otherwise.
    const { page, consoleErrors } = await env.newPage({ serviceWorkers: true });
    await new AppShell(page).open(env.server.url);
    const refused = await page.evaluate(async () => {
      const attempt = async (what: () => unknown) => {
        try {
          await what();
          return 'allowed';
        } catch (error) {
          return (error as Error).name;
        }
      };
      const types = (window as unknown as { trustedTypes: { createPolicy(name: string, rules: object): unknown } })
        .trustedTypes;
      return {
        scriptSrc: await attempt(() => {
          document.createElement('script').src = 'assets/planted.js';
        }),
        innerHtml: await attempt(() => {
          document.createElement('div').innerHTML = '<img src=x onerror=alert(1)>';
        }),
        worker: await attempt(() => new Worker('sw.js')),
        serviceWorker: await attempt(() => navigator.serviceWorker.register('sw.js')),
        ownPolicyAgain: await attempt(() =>
          types.createPolicy('cairn-worker-scripts', { createScriptURL: (u: string) => u }),
        ),
        defaultPolicy: await attempt(() => types.createPolicy('default', { createScriptURL: (u: string) => u })),
      };
    });
    expect(refused).toEqual({
      scriptSrc: 'TypeError',
      innerHtml: 'TypeError',
      worker: 'TypeError',
      serviceWorker: 'TypeError',
      ownPolicyAgain: 'TypeError',
      defaultPolicy: 'TypeError',
    });
    // Each refusal is reported as the browser's own Trusted Types error, and nothing else is.
    expect(consoleErrors.length).toBeGreaterThan(0);
    for (const error of consoleErrors) expect(error).toMatch(/Trusted|TrustedTypePolicy/);
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

  it('lets the page connect over plain http only to this computer, and over https anywhere', async () => {
    const { page, context } = await env.newPage();
    // Answered by the test, never the network: without the CSP every one of these would succeed.
    await context.route(/^(http:\/\/(example\.invalid|localhost:9)|https:\/\/example\.invalid)\//, (route) =>
      route.fulfill({ status: 200, body: 'reached', headers: { 'Access-Control-Allow-Origin': '*' } }),
    );
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
      );
    });
    await new AppShell(page).open(env.server.url);
    const answers = await page.evaluate(
      async ({ node }) => {
        const read = (url: string, init?: RequestInit) =>
          fetch(url, init).then(
            (response) => response.text(),
            (error: Error) => `refused: ${error.name}`,
          );
        return {
          otherHost: await read('http://example.invalid/rpc'),
          localhost: await read('http://localhost:9/rpc'),
          https: await read('https://example.invalid/rpc'),
          node: await read(node, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
          }),
        };
      },
      { node: env.chain.url },
    );
    expect(answers.otherHost).toBe('refused: TypeError');
    expect(answers.localhost).toBe('reached');
    expect(answers.https).toBe('reached');
    expect(JSON.parse(answers.node).result).toBe('0x7a69');
    // Both the header and the <meta> policy report it; nothing else is reported.
    const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    await expect.poll(async () => [...new Set(await violations())]).toEqual(['connect-src http://example.invalid/rpc']);
  });

  it('refuses to render inside a cross-origin frame (clickjacking), with or without anti-framing headers', async () => {
    // A bare static host: no CSP header, no X-Frame-Options, nothing. Only the page's own check can refuse.
    const bare = await startStaticServer({
      root: e2eDistDir,
      port: await findFreePort(),
      localRpcUrl: env.chain.url,
      withoutSecurityHeaders: true,
    });
    const port = await findFreePort();
    const hostile: Server = createServer((request, response) => {
      const target = request.url === '/bare' ? bare.url : env.server.url;
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end(`<!doctype html><title>hostile</title><iframe title="victim" src="${target}"></iframe>`);
    });
    await new Promise<void>((resolve) => hostile.listen(port, '127.0.0.1', resolve));
    const framed = async (path: string) => {
      const { page } = await env.newPage();
      await page.goto(`http://127.0.0.1:${port}${path}`);
      await page.waitForTimeout(1500);
      const frame = page.frames().find((f) => f !== page.mainFrame());
      if (!frame) return { text: '', buttons: 0 };
      return frame
        .evaluate(() => ({
          text: document.body?.textContent ?? '',
          buttons: document.querySelectorAll('button, a, input, select, textarea').length,
        }))
        .catch(() => ({ text: '', buttons: 0 }));
    };
    try {
      // Control: the bare host serves a working wallet when it is not framed.
      const { page } = await env.newPage();
      const shell = new AppShell(page);
      await shell.open(bare.url);
      expect(await shell.heading.textContent()).toBe('Welcome to Cairn');

      // Framed from the bare host, Cairn's page loads but shows only why it refuses.
      const fromBare = await framed('/bare');
      expect(fromBare.text).toContain(FRAMED_MESSAGE);
      expect(fromBare.text).not.toContain('Welcome');
      expect(fromBare.buttons).toBe(0);

      // With the headers, the browser does not even load it.
      const withHeaders = await framed('/');
      expect(withHeaders.text).not.toContain('Welcome');
      expect(withHeaders.text).not.toContain('Network');
      expect(withHeaders.buttons).toBe(0);
    } finally {
      hostile.close();
      await bare.close();
    }
  });
});
