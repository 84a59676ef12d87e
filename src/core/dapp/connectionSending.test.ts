// A request whose transaction is being signed and sent (a Ledger or a browser wallet may take a
// while): nothing that happens to the site meanwhile tells it "nothing was sent", for it would ask
// again and the person would pay twice.
import { describe, expect, it } from 'vitest';
import { ALICE, BOB, errorOf, harness, resultOf, SEPOLIA } from '../../testing/dappConnectionHarness';
import { isCairnError } from '../errors/base';
import { RequestLeft } from '../errors/dapp';
import { WalletError } from '../errors/wallet';
import { msg } from '../i18n/message';
import { INTERNAL, providerError } from './providerErrors';

const HASH = `0x${'ab'.repeat(32)}`;

/** A send that ends when the test says: the device the person confirms on. */
function deviceSend() {
  let finish: (outcome: { hash: string } | Error) => void = () => {};
  const sent = new Promise<{ hash: string }>((resolve, reject) => {
    finish = (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome));
  });
  return { send: () => sent, finish };
}

const transaction = [{ from: ALICE, to: BOB, value: '0x1' }];

describe('a transaction being signed and sent', () => {
  it('is not refused when the site switches chain meanwhile: the site gets its hash once it went out', async () => {
    const h = harness({ approved: [SEPOLIA] });
    const tx = h.send('eth_sendTransaction', transaction);
    const device = deviceSend();
    const sending = h.connection.whileSending(tx, device.send, ({ hash }) => hash);
    h.send('eth_accounts', [], undefined, '0xaa36a7');
    expect(h.state.chainId).toBe('0xaa36a7');
    expect(h.responsesTo(tx)).toEqual([]);
    device.finish({ hash: HASH });
    await sending;
    expect(resultOf(h.answer(tx))).toBe(HASH);
    h.connection.resolve(tx, HASH);
    expect(h.responsesTo(tx)).toHaveLength(1);
    expect(h.pending()).toEqual([]);
  });

  it('is not refused when the site loses the account meanwhile, and answered with its hash', async () => {
    const h = harness();
    const tx = h.send('eth_sendTransaction', transaction);
    const device = deviceSend();
    const sending = h.connection.whileSending(tx, device.send, ({ hash }) => hash);
    h.send('wallet_revokePermissions', [{ eth_accounts: {} }]);
    expect(h.responsesTo(tx)).toEqual([]);
    device.finish({ hash: HASH });
    await sending;
    expect(resultOf(h.answer(tx))).toBe(HASH);
  });

  it('is refused once the send fails, if the site moved meanwhile; kept for another try if it did not', async () => {
    const h = harness({ approved: [SEPOLIA] });
    const moved = h.send('eth_sendTransaction', transaction);
    const device = deviceSend();
    const sending = h.connection.whileSending(moved, device.send, ({ hash }) => hash);
    h.send('eth_chainId', undefined, undefined, '0xaa36a7');
    device.finish(new Error('The person refused on the device.'));
    await expect(sending).rejects.toThrow('refused on the device');
    expect(errorOf(h.answer(moved))?.code).toBe(4901);

    const stays = h.send('eth_sendTransaction', transaction);
    const again = deviceSend();
    const retry = h.connection.whileSending(stays, again.send, ({ hash }) => hash);
    again.finish(new Error('The device was unplugged.'));
    await expect(retry).rejects.toThrow('unplugged');
    expect(h.responsesTo(stays)).toEqual([]);
    expect(h.pending().map((p) => p.id)).toEqual([stays]);
  });

  it('is never answered "nothing was sent" after a send that may have gone out, whatever ends it', async () => {
    const unclear = () =>
      new WalletError('WALLET_UNCLEAR_ANSWER', msg('core.devices:wallet.unclearHash', { name: 'W' }));
    for (const end of ['switch', 'revoke', 'decline', 'close'] as const) {
      const h = harness({ approved: [SEPOLIA] });
      const tx = h.send('eth_sendTransaction', transaction);
      const device = deviceSend();
      const sending = h.connection.whileSending(tx, device.send, ({ hash }) => hash);
      if (end === 'switch') h.send('eth_accounts', [], undefined, '0xaa36a7');
      if (end === 'revoke') h.send('wallet_revokePermissions', [{ eth_accounts: {} }]);
      device.finish(unclear());
      await expect(sending).rejects.toThrow(WalletError);
      // Held: the site's move does not answer it, and the person still sees what happened.
      expect(h.responsesTo(tx), end).toEqual([]);
      expect(h.pending().map((p) => p.id)).toEqual([tx]);
      h.send('eth_accounts', [], undefined, '0x1');
      if (end === 'decline') h.connection.reject(tx, providerError('userRejected'));
      else h.connection.rejectAll();
      const error = errorOf(h.answer(tx));
      expect(error?.code, end).toBe(INTERNAL);
      expect(error?.message).toMatch(/cannot tell whether the transaction was sent/);
      expect(error?.message).not.toMatch(/nothing was/i);
    }
  });

  it('after a send that may have gone out, a second try that goes out answers with its hash', async () => {
    const h = harness({ approved: [SEPOLIA] });
    const tx = h.send('eth_sendTransaction', transaction);
    const first = deviceSend();
    const sending = h.connection.whileSending(tx, first.send, ({ hash }) => hash);
    first.finish(new WalletError('WALLET_STOPPED_WAITING', msg('core.devices:wallet.stoppedWaiting', { name: 'W' })));
    await expect(sending).rejects.toThrow(WalletError);
    const again = deviceSend();
    const retry = h.connection.whileSending(tx, again.send, ({ hash }) => hash);
    again.finish({ hash: HASH });
    await retry;
    h.connection.rejectAll();
    expect(resultOf(h.answer(tx))).toBe(HASH);
  });

  it('sends nothing for a request no longer waiting, and says so in words (DAPP_REQUEST_LEFT)', async () => {
    const h = harness({ approved: [SEPOLIA] });
    const tx = h.send('eth_sendTransaction', transaction);
    h.send('eth_accounts', [], undefined, '0xaa36a7');
    let sent = false;
    await expect(
      h.connection.whileSending(
        tx,
        async () => {
          sent = true;
          return HASH;
        },
        (hash) => hash,
      ),
    ).rejects.toSatisfy(
      (error) =>
        error instanceof RequestLeft &&
        isCairnError(error) &&
        error.code === 'DAPP_REQUEST_LEFT' &&
        error.shortMessage ===
          'This request is no longer waiting (it was answered, or refused meanwhile): nothing was sent.',
    );
    expect(sent).toBe(false);
  });
});
