// In a site's window, the previews of a transaction and of a batch of calls read only the account
// the site was granted: no request the window makes to the node (which, on a network the site
// added, is the site's own RPC) names any other account of the person, neither when the review
// opens nor when it is simulated again at a new block.
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAddress } from '../devchain/seed.ts';
import { dappSpec } from './support/dappSession.ts';
import { mineTransfer } from './support/rpc.ts';

/** An address nobody holds a key to in the demo. */
const stranger = '0x5ec0000000000000000000000000000000000123';
const hexOf = (address: string) => address.slice(2).toLowerCase();

describe('a site learns only the accounts it was granted', () => {
  const { env, dappWithCairn, windowFor, connect } = dappSpec();

  it('names only the granted account in what the previews of its transaction and its batch read, block after block', async () => {
    const { context, dapp } = await dappWithCairn();
    const granted = (await connect(context, dapp)).toLowerCase();
    expect(granted).toContain(demoAddress(0).toLowerCase());
    await dapp.field('Recipient').fill(stranger);

    // Every request Cairn's windows send to the node, from the moment each opens.
    const node = new URL(env().chain.url).origin;
    const bodies: string[] = [];
    const record = (request: Request) => {
      if (request.method() === 'POST' && request.url().startsWith(node)) bodies.push(request.postData() ?? '');
    };
    context.on('page', (page: Page) => page.on('request', record));
    const asked = (method: string) => bodies.filter((body) => body.includes(`"${method}"`)).length;

    const popup = await windowFor(context, dapp, 'Send transaction');
    const panel = popup.getByRole('region', { name: /What this transaction does/ });
    await panel.waitFor();
    await expect.poll(() => panel.getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
    await popup.getByRole('button', { name: 'Confirm and send', exact: true }).waitFor();
    // A new block: the preview is simulated again, with its reads.
    const traced = asked('debug_traceCall');
    await mineTransfer(env().chain.url);
    await expect.poll(() => asked('debug_traceCall'), { timeout: 15_000 }).toBeGreaterThan(traced);
    // Declined, the window closes once idle; the batch opens another.
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Decline', exact: true }).click();
    await closed;

    // A batch of two transfers: its first call prepared, the two previewed together (eth_call).
    const batch = await windowFor(context, dapp, 'Send calls');
    const together = batch.getByRole('region', { name: 'What these calls do together' });
    await together.getByText(/one after another/).waitFor({ timeout: 15_000 });
    const called = asked('eth_call');
    await mineTransfer(env().chain.url);
    await expect.poll(() => asked('eth_call'), { timeout: 15_000 }).toBeGreaterThan(called);

    const sent = bodies.join('\n').toLowerCase();
    // The previews read through this node, naming the granted account…
    expect(sent).toContain(hexOf(demoAddress(0)));
    // …and no other account of the demo wallet, in any form (a call's data, a log filter, a parameter).
    for (const other of [demoAddress(1), demoAddress(2)]) expect(sent).not.toContain(hexOf(other));
  });
});
