import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_SCRIPT_HASH } from './firstScreenScript';
import {
  contentTypeOf,
  headerContentSecurityPolicy,
  keystoreWorkerContentSecurityPolicy,
  metaContentSecurityPolicy,
  securityHeaders,
  securityHeadersFor,
  WORKER_SCRIPT,
} from './securityHeaders';

const expected =
  `default-src 'none'; script-src 'self' ${FIRST_SCREEN_SCRIPT_HASH}; style-src 'self'; img-src 'self' data: blob:; font-src 'none'; ` +
  "connect-src 'self' https: wss: http://localhost:* ws://localhost:* http://127.0.0.1:* ws://127.0.0.1:*; " +
  "worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; " +
  "require-trusted-types-for 'script'; trusted-types cairn-worker-scripts";

describe('Content-Security-Policy', () => {
  it('is exactly the strict policy: plain http and ws only to this computer, one inline script by its hash', () => {
    expect(metaContentSecurityPolicy).toBe(expected);
    expect(headerContentSecurityPolicy).toBe(`${expected}; frame-ancestors 'none'`);
  });

  it('requires Trusted Types for every script sink, with one named policy and no default one', () => {
    for (const policy of [
      metaContentSecurityPolicy,
      headerContentSecurityPolicy,
      keystoreWorkerContentSecurityPolicy,
    ]) {
      expect(policy).toContain("require-trusted-types-for 'script'");
      const allowed = /trusted-types ([^;]+)/.exec(policy)?.[1]?.split(' ');
      expect(allowed).toEqual(['cairn-worker-scripts']);
    }
  });

  it('allows WebAssembly for the keystore worker script only, and no JavaScript eval anywhere', () => {
    expect(keystoreWorkerContentSecurityPolicy).toBe(
      `${expected.replace(`script-src 'self' ${FIRST_SCREEN_SCRIPT_HASH}`, "script-src 'self' 'wasm-unsafe-eval'")}; frame-ancestors 'none'`,
    );
    expect(securityHeadersFor('assets/keystore.worker-DoAzNAjU.js')['Content-Security-Policy']).toBe(
      keystoreWorkerContentSecurityPolicy,
    );
    for (const path of [
      'index.html',
      'assets/index-B8wohQxG.js',
      'assets/vault.worker-Dq4hDSJ0.js',
      'keystore.worker-x.js',
    ]) {
      expect(securityHeadersFor(path)['Content-Security-Policy']).toBe(headerContentSecurityPolicy);
    }
    for (const policy of [
      metaContentSecurityPolicy,
      headerContentSecurityPolicy,
      keystoreWorkerContentSecurityPolicy,
    ]) {
      expect(policy.replace("'wasm-unsafe-eval'", '')).not.toContain('unsafe');
    }
  });

  it('never allows a whole insecure scheme in connect-src', () => {
    const connect = /connect-src ([^;]+)/.exec(metaContentSecurityPolicy)?.[1]?.split(' ') ?? [];
    expect(connect).not.toContain('http:');
    expect(connect).not.toContain('ws:');
    expect(connect.filter((source) => /^(http|ws):/.test(source))).toEqual([
      'http://localhost:*',
      'ws://localhost:*',
      'http://127.0.0.1:*',
      'ws://127.0.0.1:*',
    ]);
  });
});

describe('Permissions-Policy', () => {
  it('lets Cairn’s own pages use the camera (QR devices) and WebHID (Ledger), and turns the rest off', () => {
    const features = Object.fromEntries(
      securityHeaders['Permissions-Policy']?.split(', ').map((entry) => entry.split('=') as [string, string]) ?? [],
    );
    expect(features).toEqual({
      camera: '(self)',
      hid: '(self)',
      microphone: '()',
      geolocation: '()',
      payment: '()',
      usb: '()',
      serial: '()',
    });
    expect(securityHeadersFor('dapp.html')['Permissions-Policy']).toBe(securityHeaders['Permissions-Policy']);
  });
});

describe('the build’s files', () => {
  it('names the worker scripts a page may start, and nothing else', () => {
    for (const path of ['sw.js', 'assets/vault.worker-Dq4h_SJ0.js', 'assets/keystore.worker-AbC-1.js'])
      expect(WORKER_SCRIPT.test(path), path).toBe(true);
    for (const path of [
      'assets/index-abc.js',
      'sw.js.map',
      'assets/vault.worker-x.js.map',
      '../sw.js',
      'other/sw.js',
      'assets/vault.worker-a/b.js',
      'connect.js',
    ])
      expect(WORKER_SCRIPT.test(path), path).toBe(false);
  });

  it('types each kind of file by its name', () => {
    expect(contentTypeOf('index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('assets/a-1.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('connect.mjs')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('manifest.webmanifest')).toBe('application/manifest+json');
    expect(contentTypeOf('assets/network-base.svg')).toBe('image/svg+xml');
    expect(contentTypeOf('LICENSE')).toBe('application/octet-stream');
  });
});
