import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';

const hz = 100;
function treeCpu(): number {
  const out = execSync('ps -e -o pid=,ppid=,times=').toString().trim().split('\n');
  return out.reduce((s, l) => s + Number(l.trim().split(/\s+/)[2]), 0);
}
function machineBusy(): number {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  return (f[0]! + f[1]! + f[2]! + f[5]! + f[6]!) / hz;
}

describe('probe', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });
  it('idle cost', async () => {
    void treeCpu;
    let b0 = machineBusy();
    let t0 = performance.now();
    await new Promise((r) => setTimeout(r, 10_000));
    console.log(`nothing open: ${(machineBusy() - b0).toFixed(2)} cpu-s in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    b0 = machineBusy(); t0 = performance.now();
    const { page } = await demoWalletPage(env);
    console.log(`demo wallet: ${(machineBusy() - b0).toFixed(2)} cpu-s in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await page.waitForTimeout(3000);
    b0 = machineBusy(); t0 = performance.now();
    await page.waitForTimeout(20_000);
    console.log(`home idle: ${(machineBusy() - b0).toFixed(2)} cpu-s in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    b0 = machineBusy(); t0 = performance.now();
    await page.reload();
    await page.getByLabel('Password', { exact: true }).fill('orbit canyon vivid lantern 42');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    console.log(`reload+unlock: ${(machineBusy() - b0).toFixed(2)} cpu-s in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    for (let i = 0; i < 3; i++) {
      b0 = machineBusy(); t0 = performance.now();
      const o = await demoWalletPage(env);
      console.log(`demo wallet again: ${(machineBusy() - b0).toFixed(2)} cpu-s in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      b0 = machineBusy(); t0 = performance.now();
      const state = await o.context.storageState({ indexedDB: true });
      const c2 = await env.browser.newContext({ storageState: state, serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
      const p2 = await c2.newPage();
      await o.context.close();
      await p2.goto(env.server.url);
      await p2.getByLabel('Password', { exact: true }).fill('orbit canyon vivid lantern 42');
      await p2.getByRole('button', { name: 'Unlock' }).click();
      await p2.getByRole('navigation', { name: 'Main' }).waitFor();
      console.log(`stored+unlock: ${(machineBusy() - b0).toFixed(2)} cpu-s in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      await c2.close();
    }
  }, 300_000);
});
