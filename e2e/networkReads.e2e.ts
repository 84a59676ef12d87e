// On a network whose RPC the person did not choose (here Sepolia's public preset, answered by the
// local chain behind a route that records every request), Home reads the selected account only
// and says so; once the person allows it in Settings → Networks, all accounts are read together.

import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAddress } from '../devchain/seed.ts';
import { builtInNetworks } from '../src/core/chain/networks.ts';
import { AppShell } from './pages/AppShell.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';

const sepolia = builtInNetworks('').find((n) => n.id === 'sepolia');
const accounts = [0, 1, 2].map((i) => demoAddress(i).slice(2).toLowerCase());

/** Answers Sepolia's preset RPC from the local chain (under Sepolia's chain id); returns the bodies it saw. */
async function presetFromLocalChain(context: BrowserContext, chainUrl: string): Promise<string[]> {
  if (!sepolia) throw new Error('no Sepolia preset');
  const chainId = `0x${sepolia.chainId.toString(16)}`;
  const bodies: string[] = [];
  for (const url of sepolia.rpcUrls)
    await context.route(url, async (route) => {
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
      if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
      const body = route.request().postData() ?? '';
      bodies.push(body.toLowerCase());
      // The page keeps polling after the test ends; once the chain is stopped, fail that request
      // instead of leaving an unhandled rejection behind.
      const json = await fetch(chainUrl, { method: 'POST', body, headers: { 'content-type': 'application/json' } })
        .then((answer) => answer.json())
        .catch(() => undefined);
      if (json === undefined) return route.abort().catch(() => {});
      const sent = JSON.parse(body);
      const patch = (reply: { id: unknown; result?: unknown }) => {
        const asked = [sent].flat().find((r: { id: unknown }) => r.id === reply.id);
        return asked?.method === 'eth_chainId' ? { ...reply, result: chainId } : reply;
      };
      const patched = Array.isArray(json) ? json.map(patch) : patch(json);
      await route
        .fulfill({ status: 200, contentType: 'application/json', headers: cors, json: patched })
        .catch(() => {});
    });
  return bodies;
}

/** How many of the demo accounts each recorded request names. */
const namedPerRequest = (bodies: readonly string[]) =>
  bodies.map((body) => accounts.filter((a) => body.includes(a)).length);

describe('reads through an RPC the person did not choose', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('names only the selected account in each request until the person allows all for that network', async () => {
    const { page, context } = await demoWalletPage(env);
    const bodies = await presetFromLocalChain(context, env.chain.url);
    const shell = new AppShell(page);
    await shell.chooseNetwork('Sepolia');
    const notice = page.getByText('Only the selected account is shown');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Sepolia’s RPC is not one you chose');
    await expect.poll(() => namedPerRequest(bodies).some((n) => n > 0)).toBe(true);
    expect(Math.max(...namedPerRequest(bodies))).toBe(1);
    expect(bodies.some((b) => b.includes(accounts[1] ?? '-') || b.includes(accounts[2] ?? '-'))).toBe(false);

    await notice.getByRole('link', { name: 'Settings → Networks' }).click();
    await page.getByRole('checkbox', { name: 'Read all my accounts together on Sepolia' }).check();
    bodies.length = 0;
    await shell.goTo('Home');
    await expect.poll(() => Math.max(0, ...namedPerRequest(bodies))).toBe(3);
    expect(await notice.count()).toBe(0);
  });
});
