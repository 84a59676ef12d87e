// NFT images fetched from the web become same-origin blob: URLs, so only raster pictures checked
// by their first bytes may become one: an "image" that is an SVG with a script, or an HTML page
// labelled image/png, is refused with a sentence, while a real PNG shows (typed by its bytes).

import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYER_INDEX, demoAddress, demoContractAddresses } from '../devchain/seed.ts';
import { findFreePort } from '../scripts/serve/ports.ts';
import { NftGallery } from './pages/Activity.ts';
import { Settings } from './pages/Settings.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { nodeClient } from './support/rpc.ts';

const mintAbi = parseAbi(['function mint(address to, uint256 tokenId, string uri)']);

function realPng(): Buffer {
  const png = new PNG({ width: 3, height: 2 });
  png.data.fill(180);
  return PNG.sync.write(png);
}

/** The files the image host serves, each with the Content-Type it claims. */
const files: Record<string, { type: string; body: Buffer | string }> = {
  '/script.svg': {
    type: 'image/svg+xml',
    body: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>fetch("/stolen")</script><rect width="10" height="10"/></svg>',
  },
  '/page.png': {
    type: 'image/png',
    body: '<!doctype html><html><body><script>fetch("/stolen")</script></body></html>',
  },
  // A real picture whose server claims it is HTML: its bytes decide, not the label.
  '/real.png': { type: 'text/html', body: realPng() },
};

const tokens = [
  { id: 9001n, name: 'SVG with a script', path: '/script.svg' },
  { id: 9002n, name: 'HTML labelled PNG', path: '/page.png' },
  { id: 9003n, name: 'Real PNG', path: '/real.png' },
] as const;

describe('NFT images from the web', () => {
  let env: Environment;
  let host: Server;
  let hostUrl: string;
  const requested: string[] = [];

  beforeAll(async () => {
    env = await startEnvironment();
    const port = await findFreePort();
    host = createServer((request, response) => {
      requested.push(request.url ?? '');
      const file = files[request.url ?? ''];
      if (!file) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'Content-Type': file.type, 'Access-Control-Allow-Origin': '*' }).end(file.body);
    });
    await new Promise<void>((resolve) => host.listen(port, '127.0.0.1', resolve));
    hostUrl = `http://127.0.0.1:${port}`;

    // Demo account 1 receives three tokens whose metadata names those files as their images.
    const node = nodeClient(env.chain.url);
    for (const token of tokens) {
      const metadata = { name: token.name, image: `${hostUrl}${token.path}` };
      const uri = `data:application/json;base64,${Buffer.from(JSON.stringify(metadata)).toString('base64')}`;
      const hash = await node.writeContract({
        account: demoAddress(DEPLOYER_INDEX),
        address: demoContractAddresses().NFT,
        abi: mintAbi,
        functionName: 'mint',
        args: [demoAddress(0), token.id, uri],
        chain: node.chain,
      });
      await node.waitForTransactionReceipt({ hash });
    }
  });
  afterAll(async () => {
    host?.close();
    await env?.close();
  });

  async function allowWebImages(page: Page) {
    const section = await new Settings(page).open('NFT images');
    await section.getByRole('checkbox', { name: 'Load NFT images from the web addresses their details name' }).check();
    await section.getByRole('button', { name: 'Save NFT image settings' }).click();
    await expect.poll(() => section.getByRole('status').textContent()).toBe('Saved.');
  }

  it('refuses an SVG with a script and an HTML page labelled image/png, and shows a real PNG', async () => {
    const { page, context, consoleErrors } = await demoWalletPage(env);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await allowWebImages(page);
    const gallery = new NftGallery(page);
    await gallery.open();
    const card = (name: string) => gallery.list.getByRole('listitem', { name, exact: true });
    const host = new URL(hostUrl).host;

    for (const [name, what] of [
      ['SVG with a script', 'an SVG drawing'],
      ['HTML labelled PNG', 'a web page'],
    ] as const) {
      await expect
        .poll(() => card(name).textContent(), { timeout: 20_000 })
        .toContain(
          `The NFT’s image from ${host} is not a PNG, JPEG, GIF, WebP or AVIF picture (it is ${what}), so Cairn did not show it.`,
        );
      expect(await card(name).getByRole('img').count()).toBe(0);
    }

    const picture = card('Real PNG').getByRole('img', { name: 'Real PNG' });
    await picture.waitFor({ timeout: 20_000 });
    const src = (await picture.getAttribute('src')) ?? '';
    expect(src).toMatch(/^blob:/);
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(3);
    // Opened as a document, the blob is a picture typed by its bytes, not the server's "text/html".
    const opened = await context.newPage();
    await opened.goto(src);
    expect(await opened.evaluate(() => document.contentType)).toBe('image/png');
    await opened.close();

    // SVG art stored in the contract (a data: URI) still shows, through <img> only.
    const onChain = card('Cairn #1').getByRole('img', { name: 'Cairn #1' });
    expect(await onChain.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    await expect.poll(() => onChain.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    // Each file was fetched (so the refusals come from its bytes), and nothing in them ran.
    expect(requested).toEqual(expect.arrayContaining(['/script.svg', '/page.png', '/real.png']));
    expect(requested).not.toContain('/stolen');
    expect(dialogs).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
