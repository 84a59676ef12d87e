// Cairn's companion extension, loaded unpacked, on the sample dApp served without connect.js: a
// dApp that has never heard of Cairn finds it (EIP-6963), connects, signs, sends, deploys,
// switches and revokes, with Cairn's window opened by the extension.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SampleDapp } from './pages/SampleDapp.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { demoWalletIn, type ExtensionProfile, extensionProfile } from './support/extension.ts';
import { type SampleDapp as SampleDappServer, startSampleDapp } from './support/sampleDapp.ts';

describe('the companion extension on a dApp without connect.js', () => {
  let env: Environment;
  let dappServer: SampleDappServer;
  let profile: ExtensionProfile;
  beforeAll(async () => {
    env = await startEnvironment();
    dappServer = await startSampleDapp(env.server.url, { connector: false });
    profile = await extensionProfile(env.server.url);
  });
  afterAll(async () => {
    await profile?.close();
    await dappServer?.close();
    await env?.close();
  });

  it('is found by EIP-6963 and connects through the window the extension opens', async () => {
    const { context } = profile;
    await demoWalletIn(context, env.server.url);
    const dapp = new SampleDapp(await context.newPage());
    await dapp.open(dappServer.url);
    await dapp.chooseWallet('Cairn');
    const opened = context.waitForEvent('page');
    await dapp.button('Connect').click();
    const popup = await opened;
    await popup.getByRole('heading', { level: 1 }).waitFor();
    expect(await popup.getByRole('heading', { level: 1 }).textContent()).toBe('Connect to this site?');
    const button = popup.getByRole('button', { name: 'Connect', exact: true });
    await expect.poll(() => button.isEnabled(), { timeout: 10_000 }).toBe(true);
    const closed = popup.waitForEvent('close');
    await button.click();
    await closed;
    expect(await dapp.result('Connect result')).toMatch(/^0x/i);
  });
});
