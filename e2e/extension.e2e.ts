// Cairn's companion extension, loaded unpacked, on the sample dApp served without connect.js: a
// dApp that has never heard of Cairn finds it (EIP-6963), connects, signs, sends, deploys,
// switches and revokes, each time through Cairn's window opened by the extension.
import { getContractAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SampleButton, SampleDapp } from './pages/SampleDapp.ts';
import { approveInWindow, windowOpenedBy } from './support/dappSession.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { demoWalletIn, type ExtensionProfile, extensionProfile } from './support/extension.ts';
import { nodeClient } from './support/rpc.ts';
import { type SampleDapp as SampleDappServer, startSampleDapp } from './support/sampleDapp.ts';

const DEMO = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('the companion extension on a dApp without connect.js', () => {
  let env: Environment;
  let dappServer: SampleDappServer;
  let profile: ExtensionProfile;
  let dapp: SampleDapp;
  let walletErrors: string[];
  beforeAll(async () => {
    env = await startEnvironment();
    dappServer = await startSampleDapp(env.server.url, { connector: false });
    profile = await extensionProfile(env.server.url);
    ({ errors: walletErrors } = await demoWalletIn(profile.context, env.server.url));
  });
  afterAll(async () => {
    await profile?.close();
    await dappServer?.close();
    await env?.close();
  });

  /** Clicks `button` on the site; returns the Cairn window the extension opens, once it shows the request. */
  const windowFor = (button: SampleButton) => windowOpenedBy(profile.context, () => dapp.button(button).click());

  it('is found by EIP-6963 as Cairn, and connects through the window the extension opens', async () => {
    dapp = new SampleDapp(await profile.context.newPage());
    await dapp.open(dappServer.url);
    // connect.js is not on the page: what announces Cairn is the extension.
    expect(await dapp.page.locator('script[src$="connect.js"]').count()).toBe(0);
    await dapp.chooseWallet('Cairn');
    const popup = await windowFor('Connect');
    expect(await popup.getByRole('heading', { level: 1 }).textContent()).toBe('Connect to this site?');
    expect(await popup.getByRole('main').textContent()).toContain(new URL(dappServer.url).origin);
    // The extension's window is a window of its own, not one the site opened.
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await approveInWindow(popup, 'Connect');
    expect((await dapp.result('Connect result')).toLowerCase()).toBe(DEMO.toLowerCase());
    // Cairn is also window.ethereum here (no other wallet set it), MetaMask compatible by default.
    expect(
      await dapp.page.evaluate(() => {
        const ethereum = (window as { ethereum?: { isCairn?: boolean; isMetaMask?: boolean } }).ethereum;
        return [ethereum?.isCairn, ethereum?.isMetaMask];
      }),
    ).toEqual([true, true]);
  });

  it('signs a message and typed data v4 that the site verifies', async () => {
    await dapp.field('Message').fill('Hello from a dApp that never heard of Cairn');
    await approveInWindow(await windowFor('Sign message'), 'Sign');
    expect(await dapp.result('Sign message verification')).toBe('valid');
    await approveInWindow(await windowFor('Sign typed data v4'), 'Sign');
    expect(await dapp.result('Sign typed data verification')).toBe('valid');
  });

  it('sends a transaction mined on the local chain', async () => {
    const popup = await windowFor('Send transaction');
    await popup.getByRole('region', { name: /What this transaction does/ }).waitFor();
    await approveInWindow(popup, 'Confirm and send');
    expect(await dapp.result('Send transaction result')).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await dapp.result('Send transaction receipt', 60_000)).toMatch(/^mined in block \d+$/);
  });

  it('deploys a contract, and the site reads its contractAddress', async () => {
    const node = nodeClient(env.chain.url);
    const nonce = await node.getTransactionCount({ address: DEMO });
    const predicted = getContractAddress({ from: DEMO, nonce: BigInt(nonce) });
    const popup = await windowFor('Deploy a contract');
    expect(await popup.getByRole('heading', { level: 1 }).textContent()).toBe('Create this contract?');
    await popup.getByText(/^\d+ bytes, as the simulation shows$/).waitFor({ timeout: 30_000 });
    await approveInWindow(popup, 'Confirm and send');
    const created = await dapp.result('Deployed contract address', 60_000);
    expect(created.toLowerCase()).toBe(predicted.toLowerCase());
    expect(((await node.getCode({ address: predicted }))?.length ?? 0) > 2).toBe(true);
  });

  it('refuses a switch to a chain Cairn does not know with 4902', async () => {
    await dapp.field('Chain id to switch to').fill('424242');
    expect(await dapp.run('Switch chain', 'Switch chain result')).toMatch(/^Error 4902: /);
  });

  it('revokes, after which the site has no account', async () => {
    expect(await dapp.run('Revoke permissions', 'Revoke permissions result')).toBe('revoked');
    expect(await dapp.run('Accounts', 'Accounts result')).toBe('no accounts');
    expect(walletErrors).toEqual([]);
  });
});
