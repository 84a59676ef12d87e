// The hook every approval is built on, rendered in a document over a whole test wallet: the
// site's network and the vault account that signs; running the person's decision once, and
// nothing for a request no longer waiting; a failure shown with what did not happen; and one that
// may have sent all the same, which holds approve and is never answered "nothing was sent".
import { type Address, stringToHex } from 'viem';
import { beforeEach, describe, expect, it } from 'vitest';
import { ErrorAlert } from '@/components/ErrorAlert';
import { WalletError } from '@/core/errors/wallet';
import { msg } from '@/core/i18n/message';
import { alerts, click } from '@/testing/inDocument';
import { siteWindowTests } from '@/testing/siteWindowTests';
import { TEST_SITE } from '@/testing/testSiteWindow';
import { named, TEST_ADDRESS_0 } from '@/testing/vaultFixtures';
import { DappConnectionProvider } from './dappContext';
import { poll } from './testing';
import { useSiteRequest } from './useSiteRequest';

const ME = TEST_ADDRESS_0 as Address;
const WATCHED: Address = '0x3000000000000000000000000000000000000003';
const HELLO = stringToHex('Hello from the site');

/** The person's decision, as the test makes it run. */
let work: () => Promise<unknown> = async () => 'done';
let worked = 0;

/** What the hook gives an approval, shown as text; Approve runs `work`, Decline declines. */
function Probe({ id, address }: { id: number; address?: string }) {
  const request = useSiteRequest(id, address);
  return (
    <>
      <p id="network">{request.network?.name ?? 'no network'}</p>
      <p id="signer">{request.signer?.name ?? 'no signer'}</p>
      <p id="held">{request.maySendTwice ? 'held' : 'free'}</p>
      <ErrorAlert message={request.error} />
      <button
        type="button"
        onClick={() =>
          request.run(() => {
            worked += 1;
            return work();
          }, msg('dapp:nothingSent'))
        }
      >
        Approve
      </button>
      <button type="button" onClick={request.decline}>
        Decline
      </button>
    </>
  );
}

const t = siteWindowTests(undefined);
beforeEach(() => {
  work = async () => 'done';
  worked = 0;
});

/** The site asks to sign with `account` (written as `written`); the probe renders the hook for that request. */
function asked(account: Address = ME, written: string = account) {
  const site = t.open([account]);
  const id = site.send('personal_sign', [HELLO, written]);
  t.render(
    <DappConnectionProvider connection={site.connection}>
      <Probe id={id} address={written} />
    </DappConnectionProvider>,
  );
  return { site, id };
}

const text = (id: string) => document.getElementById(id)?.textContent;

describe('useSiteRequest', { timeout: 30_000 }, () => {
  it('gives the site’s network and the vault account that signs for the address, none for a watched one', async () => {
    // The site writes the address in lower case: it is the same account.
    asked(ME, ME.toLowerCase());
    expect(text('network')).toBe('Local chain');
    expect(text('signer')).toBe('Account 1');

    await t.wallet.vault.add(undefined, named({ address: WATCHED, source: { kind: 'watch' } }));
    asked(WATCHED);
    expect(text('signer')).toBe('no signer');
  });

  it('answers the site with what the decision gives, once', async () => {
    const { site, id } = asked();
    click('Approve');
    await expect.poll(() => site.answer(id), poll).toMatchObject({ result: 'done' });
    click('Approve');
    click('Decline');
    expect(worked).toBe(1);
    expect(site.answers(id)).toBe(1);
  });

  it('runs nothing for a request no longer waiting (the site was disconnected meanwhile)', async () => {
    const { site, id } = asked();
    t.wallet.store.getState().updateSite(TEST_SITE, () => undefined);
    expect(site.answer(id)).toMatchObject({ error: { code: 4100 } });
    click('Approve');
    expect(worked).toBe(0);
    expect(site.answers(id)).toBe(1);
  });

  it('shows a failure with what did not happen, and leaves the request waiting', async () => {
    const { site, id } = asked();
    work = () => Promise.reject(new WalletError('WALLET_REJECTED', msg('core.devices:wallet.rejected', { name: 'X' })));
    click('Approve');
    await expect.poll(alerts, poll).toContain('Nothing was sent.');
    expect(text('held')).toBe('free');
    expect(site.answer(id)).toBeUndefined();
  });

  it('holds a request whose send may have gone out, and never tells the site nothing was sent', async () => {
    const { site, id } = asked();
    const unclear = new WalletError('WALLET_UNCLEAR_ANSWER', msg('core.devices:wallet.unclearHash', { name: 'X' }));
    work = () =>
      site.connection.whileSending(
        id,
        () => Promise.reject(unclear),
        (hash) => hash,
      );
    click('Approve');
    await expect.poll(() => text('held'), poll).toBe('held');
    expect(alerts()).not.toContain('Nothing was sent.');
    expect(site.answer(id)).toBeUndefined();

    click('Decline');
    expect(site.answer(id)).toMatchObject({
      error: {
        message:
          'Cairn cannot tell whether the transaction was sent: it may still be mined. Check the account in Cairn before asking again.',
      },
    });
  });
});
