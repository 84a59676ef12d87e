import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppShell } from './pages/AppShell.ts';
import { type Environment, proxyOf, startEnvironment } from './support/environment.ts';
import { pauseClockSoon } from './support/pageClock.ts';
import { nodeClient } from './support/rpc.ts';

/**
 * The head followed through the local node's WebSocket (newHeads), on the page's own clock moved
 * by hand: a poll can come only from the time the test releases, a block shown without any from
 * the socket. The node is reached through the counting proxy, which passes WebSocket upgrades.
 */
describe('following the head through the node’s newHeads subscription', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment({ proxy: true });
  });
  afterAll(async () => {
    await env?.close();
  });
  const proxy = () => proxyOf(env);

  /** Moves the page's clock on by `ms` in small steps, letting its requests and renders happen. */
  async function runFor(page: Page, ms: number, step = 500): Promise<void> {
    for (let done = 0; done < ms; done += step) {
      await page.clock.runFor(step);
      await page.waitForTimeout(25);
    }
  }

  it('shows a new block when the node tells of it, asks next to nothing while none comes, and polls when the socket goes', async () => {
    const { page, consoleErrors } = await env.newPage();
    await page.clock.install();
    const shell = new AppShell(page);
    await shell.open(env.server.url);
    await expect.poll(() => shell.statusText()).toContain('Connected');
    await expect.poll(() => proxy().sockets.calls.eth_subscribe ?? 0).toBe(1);
    await pauseClockSoon(page.clock, [page]);
    await runFor(page, 5_000);

    // A minute with no new block: the watchdog's polls only (every 30 s), nothing over the socket.
    proxy().resetCounts();
    await runFor(page, 60_000, 1_000);
    const quiet = proxy().requests;
    expect(quiet).toBeLessThanOrEqual(2);
    expect(proxy().sockets.calls).toEqual({});

    // A block mined: shown with the clock still, its block asked once.
    proxy().resetCounts();
    const node = nodeClient(env.chain.url);
    await node.request({ method: 'evm_mine' as never });
    const block = await node.getBlockNumber({ cacheTime: 0 });
    await expect.poll(() => page.clock.runFor(10).then(() => shell.shownBlockNumber())).toBe(block);
    expect(proxy().calls.eth_getBlockByNumber).toBe(1);
    expect(proxy().sockets.answers).toBe(1);

    // The node stops serving WebSocket: the head is polled again, with nothing shown to the person.
    proxy().allowSockets(false);
    await runFor(page, 2_000);
    proxy().resetCounts();
    await runFor(page, 10_000);
    expect(proxy().requests).toBeGreaterThanOrEqual(5);
    expect(await shell.problem.isVisible()).toBe(false);
    expect(await shell.statusText()).toContain('Connected');
    await node.request({ method: 'evm_mine' as never });
    const next = await node.getBlockNumber({ cacheTime: 0 });
    await runFor(page, 3_000);
    expect(await shell.shownBlockNumber()).toBe(next);
    // The retries the socket was refused (5 s, then 10 s later) are the browser's only words.
    const others = consoleErrors.filter(
      (line) => !/^WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/' failed/.test(line),
    );
    expect(others).toEqual([]);
    proxy().allowSockets(true);
  });
});
