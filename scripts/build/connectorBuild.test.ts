import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createContext, runInContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeDappWindow } from '../../src/testing/fakeDappWindow.ts';
import {
  buildConnector,
  CONNECTOR_BUDGET_GZIP,
  CONNECTOR_MODULE,
  CONNECTOR_SCRIPT,
  type ConnectorFiles,
  gzipBytes,
} from './connectorBuild.ts';

type Announced = { info: { name: string; rdns: string }; provider: unknown };

let files: ConnectorFiles;
beforeAll(async () => {
  files = await buildConnector();
}, 30_000);

type Importer = (specifier: string) => Promise<unknown>;
const noImport: Importer = (specifier) => Promise.reject(new Error(`connect.js imported ${specifier}`));

/**
 * Runs connect.js as a page would load it, from a <script> with these data attributes; `importer`
 * stands for the browser's import().
 */
class FakeScriptElement {
  constructor(
    readonly src: string,
    readonly dataset: Record<string, string>,
  ) {}
}

function load(src: string, dataset: Record<string, string> = {}, importer = noImport, clobbered = false) {
  const fake = fakeDappWindow();
  const announced: Announced[] = [];
  fake.window.addEventListener('eip6963:announceProvider', (event) =>
    announced.push((event as CustomEvent<Announced>).detail),
  );
  const page: Record<string, unknown> = {
    ...fake.window,
    document: {
      ...fake.document,
      baseURI: 'https://dapp.example/app/page.html',
      // An <img name="currentScript" src=…> clobbers document.currentScript with an image.
      currentScript: clobbered ? { src, dataset } : new FakeScriptElement(src, dataset),
    },
    HTMLScriptElement: FakeScriptElement,
    crypto,
    CustomEvent,
    URL,
    URLSearchParams,
    console,
    importForTest: importer,
  };
  page.window = page;
  const before = Object.keys(page);
  const context = createContext(page);
  // Node runs a script's import() only behind --experimental-vm-modules: the one import() of
  // connect.js (checked below) calls the stand-in instead.
  runInContext(files[CONNECTOR_SCRIPT].replace(/\bimport\(/, 'importForTest('), context);
  // The request object is made in the page's realm, as the page's own code would make it.
  const call: (provider: unknown, args: string) => Promise<unknown> = runInContext(
    '(provider, args) => provider.request(JSON.parse(args))',
    context,
  );
  const request = (args: { method: string; params?: unknown }) => call(announced[0]?.provider, JSON.stringify(args));
  return { fake, page, announced, request, added: Object.keys(page).filter((key) => !before.includes(key)) };
}

describe('the connector build', () => {
  it(`keeps connect.js within its budget of ${CONNECTOR_BUDGET_GZIP} bytes gzip`, () => {
    const size = gzipBytes(files[CONNECTOR_SCRIPT]);
    console.log(`${CONNECTOR_SCRIPT}: ${files[CONNECTOR_SCRIPT].length} bytes, ${size} gzip`);
    expect(size).toBeLessThanOrEqual(CONNECTOR_BUDGET_GZIP);
  });

  it('makes connect.js one classic script: an IIFE with no static import, no export and no global of its own', () => {
    const code = files[CONNECTOR_SCRIPT];
    expect(code.startsWith('!function(){')).toBe(true);
    expect(code).not.toMatch(/\bimport\s*[{'"`]|\bexport\s|import\.meta/);
    // Its one dynamic import: connect.mjs, for the rare parts (extras.ts).
    expect(code.match(/\bimport\(/g)).toHaveLength(1);
    expect(load('https://cairn.example/wallet/connect.js').added).toEqual([]);
  });

  it('imports its rare parts from connect.mjs beside it, once, only when first needed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-connector-'));
    writeFileSync(join(dir, CONNECTOR_MODULE), files[CONNECTOR_MODULE]);
    const module = await import(pathToFileURL(join(dir, CONNECTOR_MODULE)).href);
    const imported: string[] = [];
    const { request } = load(
      'https://cdn.example/cairn/connect.js?v=2',
      { walletUrl: 'https://cairn.example/' },
      async (specifier) => {
        imported.push(specifier);
        return module;
      },
    );
    expect(await request({ method: 'eth_chainId' })).toBe('0x1');
    expect(await request({ method: 'eth_accounts' })).toEqual([]);
    expect(imported).toEqual([]);
    expect(await request({ method: 'wallet_getPermissions' })).toEqual([]);
    await expect(
      request({ method: 'wallet_getCapabilities', params: ['0x00000000000000000000000000000000000000a1'] }),
    ).rejects.toMatchObject({ code: 4100 });
    await expect(request({ method: 'wallet_getCallsStatus', params: ['batch-1'] })).rejects.toMatchObject({
      code: 5730,
    });
    expect(imported).toEqual(['https://cdn.example/cairn/connect.mjs']);
  });

  it('announces nothing and imports nothing when document.currentScript is not a script (DOM clobbering)', () => {
    const imported: string[] = [];
    const { announced } = load(
      'https://evil.example/x',
      {},
      async (specifier) => {
        imported.push(specifier);
        return {};
      },
      true,
    );
    expect(announced).toEqual([]);
    expect(imported).toEqual([]);
  });

  it('tries connect.mjs again at the next need after a load that failed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-connector-'));
    writeFileSync(join(dir, CONNECTOR_MODULE), files[CONNECTOR_MODULE]);
    const module = await import(pathToFileURL(join(dir, CONNECTOR_MODULE)).href);
    rmSync(dir, { recursive: true, force: true });
    let attempts = 0;
    const { request } = load('https://cairn.example/connect.js', {}, async () => {
      attempts++;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return module;
    });
    await expect(request({ method: 'wallet_getPermissions' })).rejects.toMatchObject({ code: -32603 });
    expect(await request({ method: 'wallet_getPermissions' })).toEqual([]);
    expect(attempts).toBe(2);
  });

  it('announces a provider whose wallet is the folder connect.js came from', async () => {
    const { fake, announced, page, request } = load('https://cairn.example/wallet/connect.js?v=1');
    expect(announced).toHaveLength(1);
    expect(announced[0]?.info).toMatchObject({ name: 'Cairn', rdns: 'app.cairn.wallet' });
    expect(await request({ method: 'eth_chainId' })).toBe('0x1');
    void request({ method: 'eth_requestAccounts' });
    expect(fake.opened[0]?.url).toMatch(
      /^https:\/\/cairn\.example\/wallet\/dapp\.html#origin=https%3A%2F%2Fdapp\.example&nonce=/,
    );
    expect(page.ethereum).toBeUndefined();
  });

  it('takes the wallet URL, the dApp’s RPC URLs and its chain from the script’s data attributes', async () => {
    const { fake, request } = load('https://cdn.example/connect.js', {
      walletUrl: '/cairn/',
      rpcUrls: '{"10":"https://optimism.example/rpc"}',
      chainId: '10',
    });
    expect(await request({ method: 'eth_chainId' })).toBe('0xa');
    await request({ method: 'eth_blockNumber' });
    expect(fake.fetches.map((f) => f.url)).toEqual(['https://optimism.example/rpc']);
    void request({ method: 'eth_requestAccounts' });
    expect(fake.opened[0]?.url).toMatch(/^https:\/\/dapp\.example\/cairn\/dapp\.html#/);
  });

  it('makes connect.mjs an ES module of createCairnProvider, announceCairnProvider and the wallet it came from', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-connector-'));
    writeFileSync(join(dir, CONNECTOR_MODULE), files[CONNECTOR_MODULE]);
    const module = await import(pathToFileURL(join(dir, CONNECTOR_MODULE)).href);
    expect(typeof module.createCairnProvider).toBe('function');
    expect(typeof module.announceCairnProvider).toBe('function');
    expect(module.walletUrl).toBe(pathToFileURL(`${dir}/`).href);
  });
});
