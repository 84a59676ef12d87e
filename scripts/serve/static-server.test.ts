import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  headerContentSecurityPolicy,
  keystoreWorkerContentSecurityPolicy,
  securityHeaders,
} from '../../src/core/build/securityHeaders.ts';
import { findFreePort, isPortFree, parsePort } from './ports.ts';
import { type StaticServer, startStaticServer } from './static-server.ts';

describe('static server', () => {
  let root: string;
  let server: StaticServer;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'cairn-static-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(
      join(root, 'index.html'),
      '<html><head><meta name="cairn-local-rpc-url" content="http://127.0.0.1:8545" /></head></html>',
    );
    writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(tmpdir(), 'cairn-secret.txt'), 'secret');
    server = await startStaticServer({ root, port: await findFreePort(), localRpcUrl: 'http://127.0.0.1:40001' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves index.html with the local RPC URL and security headers', async () => {
    const response = await fetch(server.url);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('content="http://127.0.0.1:40001"');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('can serve like a bare static host, with no security header at all', async () => {
    const bare = await startStaticServer({ root, port: await findFreePort(), withoutSecurityHeaders: true });
    try {
      const response = await fetch(bare.url);
      expect(response.status).toBe(200);
      expect(Object.keys(securityHeaders).length).toBeGreaterThan(0);
      for (const name of Object.keys(securityHeaders)) expect(response.headers.get(name)).toBeNull();
    } finally {
      await bare.close();
    }
  });

  it('sends the keystore worker script alone with a policy that lets it compile WebAssembly', async () => {
    writeFileSync(join(root, 'assets', 'keystore.worker-AbC_12.js'), 'postMessage(1)');
    const worker = await fetch(`${server.url}assets/keystore.worker-AbC_12.js`);
    expect(worker.headers.get('content-security-policy')).toBe(keystoreWorkerContentSecurityPolicy);
    const other = await fetch(`${server.url}assets/app.js`);
    expect(other.headers.get('content-security-policy')).toBe(headerContentSecurityPolicy);
  });

  it('serves assets with a type and long caching', async () => {
    const response = await fetch(`${server.url}assets/app.js`);
    expect(response.headers.get('content-type')).toContain('text/javascript');
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('lets pages of any origin load the connector, as a classic script or a module', async () => {
    writeFileSync(join(root, 'connect.js'), '(function(){})()');
    writeFileSync(join(root, 'connect.mjs'), 'export {}');
    for (const file of ['connect.js', 'connect.mjs']) {
      const response = await fetch(`${server.url}${file}`, { headers: { Origin: 'https://dapp.example' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    }
    // The app's own files stay same-origin.
    const own = await fetch(`${server.url}assets/app.js`);
    expect(own.headers.get('access-control-allow-origin')).toBeNull();
    expect(own.headers.get('cross-origin-resource-policy')).toBeNull();
  });

  it('answers 404 for missing files and refuses to leave its root', async () => {
    expect((await fetch(`${server.url}assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${server.url}..%2fcairn-secret.txt`)).status).toBe(403);
    expect((await fetch(`${server.url}x`, { method: 'POST' })).status).toBe(405);
  });

  it('binds 127.0.0.1 only', () => {
    expect(new URL(server.url).hostname).toBe('127.0.0.1');
  });

  it('can be given by the name localhost (where passkeys work), still bound to 127.0.0.1', async () => {
    const port = await findFreePort();
    const named = await startStaticServer({ root, port, urlHost: 'localhost' });
    try {
      expect(named.url).toBe(`http://localhost:${port}/`);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    } finally {
      await named.close();
    }
  });

  it('serves under a sub-path', async () => {
    const sub = await startStaticServer({ root, port: await findFreePort(), basePath: '/wallet/' });
    try {
      expect((await fetch(sub.url)).status).toBe(200);
      expect((await fetch(`${sub.url}assets/app.js`)).status).toBe(200);
      expect((await fetch(new URL('/assets/app.js', sub.url))).status).toBe(404);
    } finally {
      await sub.close();
    }
  });
});

describe('ports', () => {
  it('sees a busy port', async () => {
    const port = await findFreePort();
    expect(await isPortFree(port)).toBe(true);
    const server = await startStaticServer({ root: mkdtempSync(join(tmpdir(), 'x-')), port }).catch(() => undefined);
    // An empty root has no index.html, so the server refuses to start: the port stays free.
    expect(server).toBeUndefined();
    const { createServer } = await import('node:net');
    const blocker = createServer().listen(port, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    expect(await isPortFree(port)).toBe(false);
    blocker.close();
  });

  it('parses ports strictly', () => {
    expect(parsePort('8545', 'x')).toBe(8545);
    expect(() => parsePort('0', '--port')).toThrow(/--port must be a port number/);
    expect(() => parsePort('70000', '--port')).toThrow();
    expect(() => parsePort('80a', '--port')).toThrow();
  });
});
