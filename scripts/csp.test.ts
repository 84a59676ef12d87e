import { describe, expect, it } from 'vitest';
import {
  headerContentSecurityPolicy,
  keystoreWorkerContentSecurityPolicy,
  metaContentSecurityPolicy,
  securityHeadersFor,
} from './csp.ts';

const expected =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'none'; " +
  "connect-src 'self' https: wss: http://localhost:* ws://localhost:* http://127.0.0.1:* ws://127.0.0.1:*; " +
  "worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";

describe('Content-Security-Policy', () => {
  it('is exactly the strict policy: plain http and ws only to this computer', () => {
    expect(metaContentSecurityPolicy).toBe(expected);
    expect(headerContentSecurityPolicy).toBe(`${expected}; frame-ancestors 'none'`);
  });

  it('allows WebAssembly for the keystore worker script only, and no JavaScript eval anywhere', () => {
    expect(keystoreWorkerContentSecurityPolicy).toBe(
      `${expected.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'")}; frame-ancestors 'none'`,
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
