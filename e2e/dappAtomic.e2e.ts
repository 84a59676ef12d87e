// A site's batch that must be atomic (EIP-5792 atomicRequired) sent in one transaction that
// upgrades the plain account (EIP-7702) once the person agrees, its status one receipt, and the
// account's capability going from ready to supported. A batch with a call to the account itself is
// refused, plain or upgraded, and nothing moves.
import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { dappSpec } from './support/dappSession.ts';
import { nodeClient } from './support/rpc.ts';

describe('atomic batches from a site', () => {
  const { env, dappWithCairn, windowFor, approve, connect } = dappSpec();

  /** The site asks for a batch whose second call is to the account itself: refused, and no balance moves. */
  async function selfCallRefused(): Promise<void> {
    const { context, dapp } = await dappWithCairn();
    const account = (await connect(context, dapp)).match(/0x[0-9a-fA-F]{40}/)?.[0] as Address;
    const node = nodeClient(env().chain.url);
    const recipient = (await dapp.field('Recipient').inputValue()) as Address;
    const before = await Promise.all([node.getBalance({ address: account }), node.getBalance({ address: recipient })]);
    await dapp.field('Second call to (optional)').fill(account);
    const popup = await windowFor(context, dapp, 'Send calls atomically');
    expect(await popup.getByRole('heading', { level: 1 }).textContent()).toBe('Cairn refuses this request');
    await popup.getByText('Call 2 is to your account itself').waitFor();
    await approve(popup, 'Decline');
    expect(await dapp.result('Send calls result')).toMatch(
      /^Error -32602: calls\[1\] is to the sending account itself/,
    );
    const after = await Promise.all([node.getBalance({ address: account }), node.getBalance({ address: recipient })]);
    expect(after).toEqual(before);
  }

  it('refuses a batch with a call to a plain account itself', selfCallRefused);

  it('sends a batch that must be atomic in one transaction, upgrading the plain account once the person agrees', async () => {
    const { context, dapp } = await dappWithCairn();
    await connect(context, dapp);
    expect(await dapp.run('Get capabilities', 'Get capabilities result')).toContain('"atomic":{"status":"ready"}');
    const popup = await windowFor(context, dapp, 'Send calls atomically');
    expect(await popup.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Upgrade your account to send these 2 calls in one transaction?',
    );
    const upgrade = popup.getByRole('button', { name: 'Upgrade and review', exact: true });
    await expect.poll(() => upgrade.isEnabled(), { timeout: 10_000 }).toBe(true);
    await upgrade.click();
    await popup.getByRole('heading', { level: 1, name: 'Send these 2 calls in one transaction?' }).waitFor();
    // The one transaction's gas beside that of two apart, once prepared with the upgrade and previewed.
    await popup.getByText(/in one transaction \(the upgrade included\), against about [\d,]+ as 2 separate/).waitFor();
    await approve(popup, 'Upgrade and send', 60_000);
    expect(await dapp.result('Send calls result')).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await dapp.run('Calls status', 'Calls status result')).toMatch(
      /^success \(200\), 1 receipt, blocks \d+, atomic$/,
    );
    // The window reads the account again once the batch is in, and tells the site when that read ends.
    await expect
      .poll(() => dapp.run('Get capabilities', 'Get capabilities result'), { timeout: 15_000 })
      .toContain('"atomic":{"status":"supported"}');
  });

  it('refuses a batch with a call to an upgraded account itself', selfCallRefused);
});
