// In a site's window, the preview of a transaction reads only the account the site was granted:
// no request the window makes to the node (which, on a network the site added, is the site's own
// RPC) names any other account of the person.
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAddress } from '../devchain/seed.ts';
import { dappSpec } from './support/dappSession.ts';

/** An address nobody holds a key to in the demo. */
const stranger = '0x5ec0000000000000000000000000000000000123';

describe('a site learns only the accounts it was granted', () => {
  const { env, dappWithCairn, windowFor, connect } = dappSpec();

  it('names only the granted account in what the preview of its transaction reads', async () => {
    const { context, dapp } = await dappWithCairn();
    const granted = (await connect(context, dapp)).toLowerCase();
    expect(granted).toContain(demoAddress(0).toLowerCase());
    await dapp.field('Recipient').fill(stranger);

    // Every request Cairn's window sends to the node, from the moment it opens.
    const node = new URL(env().chain.url).origin;
    const bodies: string[] = [];
    const record = (request: Request) => {
      if (request.method() === 'POST' && request.url().startsWith(node)) bodies.push(request.postData() ?? '');
    };
    context.once('page', (page) => page.on('request', record));
    const popup = await windowFor(context, dapp, 'Send transaction');
    const panel = popup.getByRole('region', { name: /What this transaction does/ });
    await panel.waitFor();
    await expect.poll(() => panel.getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
    await popup.getByRole('button', { name: 'Confirm and send', exact: true }).waitFor();

    const sent = bodies.join('\n').toLowerCase();
    const hexOf = (address: string) => address.slice(2).toLowerCase();
    // The preview read through this node, naming the granted account…
    expect(sent).toContain(hexOf(demoAddress(0)));
    // …and no other account of the demo wallet, in any form (a call's data, a log filter, a parameter).
    for (const other of [demoAddress(1), demoAddress(2)]) expect(sent).not.toContain(hexOf(other));
  });
});
