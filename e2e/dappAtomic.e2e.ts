// A site's batch that must be atomic (EIP-5792 atomicRequired) sent in one transaction that
// upgrades the plain account (EIP-7702) once the person agrees, its status one receipt, and the
// account's capability going from ready to supported.
import { describe, expect, it } from 'vitest';
import { dappSpec } from './support/dappSession.ts';

describe('atomic batches from a site', () => {
  const { dappWithCairn, windowFor, approve, connect } = dappSpec();

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
    expect(await dapp.run('Get capabilities', 'Get capabilities result')).toContain('"atomic":{"status":"supported"}');
  });
});
