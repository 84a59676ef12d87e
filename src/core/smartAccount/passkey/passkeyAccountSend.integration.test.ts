// The passkey account's screens' core on the local chain, through the transaction service as the
// screens use it: the network checked, the upgrade prepared and sent by a paying account, a batch
// prepared (fee from the calls' own gas plus the signature's), signed by the passkey and sent; the
// same assertion a second time refused as a replay before anything is sent; a second passkey added
// by a batch the first signs, then signing alone; a stranger's refused; a paying account with
// no ether refused in words; the records name the account the batch ran for.
import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { cairnRefusal } from '@/testing/expectRefusal';
import { localChainUrl } from '@/testing/localChainUrl';
import { p256Authenticator } from '@/testing/p256Authenticator';
import { demoSigner, recordingService, testNetwork, testNode } from '@/testing/txFixtures';
import { demoAddress } from '../../../../devchain/seedSupport.ts';
import { designatorCode } from '../../chain/delegationDesignator';
import {
  checkPasskeyNetwork,
  preparePasskeyBatch,
  preparePasskeyUpgrade,
  sendPasskeyBatch,
  sendPasskeyUpgrade,
} from './passkeyAccountSend';
import { PASSKEY_DELEGATE_ADDRESS } from './passkeyDelegate.generated';
import { encodeAddPasskey, readPasskeys } from './passkeySigners';

const node = testNode(localChainUrl());
const PAYER = 170;
const EMPTY = 171;
const recipient = demoAddress(172);

describe('a passkey account through the transaction service', () => {
  it('is made, sends a batch its passkey signed, and refuses the same assertion again', async () => {
    const network = testNetwork(localChainUrl());
    const { txs, stored } = recordingService();
    const payer = await demoSigner(PAYER);
    await node.setBalance({ address: payer.address, value: parseEther('10') });
    expect(await checkPasskeyNetwork(network)).toEqual({ precompile: true });

    const authenticator = p256Authenticator();
    const upgrade = await preparePasskeyUpgrade(network, payer.address, authenticator.publicKey);
    const sent = await sendPasskeyUpgrade(txs, { network, payer, upgrade });
    await node.waitForTransactionReceipt({ hash: sent.hash });
    expect(sent.kind).toBe('account-upgrade');
    expect(await node.getCode({ address: upgrade.account })).toBe(designatorCode(PASSKEY_DELEGATE_ADDRESS));
    await node.setBalance({ address: upgrade.account, value: parseEther('3') });

    const calls = [{ to: recipient, value: parseEther('1'), data: '0x' as const }];
    const args = { network, account: upgrade.account, publicKey: authenticator.publicKey, calls, precompile: true };
    const ready = await preparePasskeyBatch({ ...args, payer: payer.address });
    expect(ready.batch.nonce).toBe(0n);
    const assertion = authenticator.assert(ready.digest);
    const before = await node.getBalance({ address: recipient });
    const record = await sendPasskeyBatch(txs, {
      network,
      payer,
      ready,
      publicKey: authenticator.publicKey,
      assertion,
    });
    const receipt = await node.waitForTransactionReceipt({ hash: record.hash });
    expect(receipt.status).toBe('success');
    expect(receipt.gasUsed).toBeLessThanOrEqual(ready.prepared.gasLimit);
    expect(await node.getBalance({ address: recipient })).toBe(before + parseEther('1'));
    expect(record.batch).toEqual({ calls: 1, account: upgrade.account });
    expect(record.from).toBe(payer.address);

    const count = stored.length;
    const replay = await cairnRefusal(
      sendPasskeyBatch(txs, { network, payer, ready, publicKey: authenticator.publicKey, assertion }),
    );
    expect(replay.code).toBe('SMART_PASSKEY_REPLAYED');
    expect(stored.length).toBe(count);

    // A second passkey, added by a batch the first signs (calling the account itself), then signs alone.
    const second = p256Authenticator();
    const adding = await preparePasskeyBatch({
      ...args,
      calls: [encodeAddPasskey(upgrade.account, second.publicKey)],
      payer: payer.address,
    });
    const added = await sendPasskeyBatch(txs, {
      network,
      payer,
      ready: adding,
      publicKey: authenticator.publicKey,
      assertion: authenticator.assert(adding.digest),
    });
    await node.waitForTransactionReceipt({ hash: added.hash });
    expect(await readPasskeys(node, upgrade.account)).toEqual([authenticator.publicKey, second.publicKey]);
    const bySecond = await preparePasskeyBatch({ ...args, payer: payer.address });
    const secondSend = await sendPasskeyBatch(txs, {
      network,
      payer,
      ready: bySecond,
      publicKey: second.publicKey,
      assertion: second.assert(bySecond.digest),
    });
    expect((await node.waitForTransactionReceipt({ hash: secondSend.hash })).status).toBe('success');
    expect(await node.getBalance({ address: recipient })).toBe(before + parseEther('2'));

    // Another passkey's answer for the next nonce (the account's whole last ether: it pays no gas) is
    // refused by the account, in words.
    const storedBefore = stored.length;
    const next = await preparePasskeyBatch({ ...args, payer: payer.address });
    const stranger = p256Authenticator();
    const forged = await cairnRefusal(
      sendPasskeyBatch(txs, {
        network,
        payer,
        ready: next,
        publicKey: stranger.publicKey,
        assertion: stranger.assert(next.digest),
      }),
    );
    expect(forged.code).toBe('SMART_PASSKEY_ASSERTION');
    expect(stored.length).toBe(storedBefore);
  });

  it('refuses a paying account that cannot pay the fee, in words', async () => {
    const network = testNetwork(localChainUrl());
    const empty = demoAddress(EMPTY);
    await node.setBalance({ address: empty, value: 0n });
    const refusal = await cairnRefusal(preparePasskeyUpgrade(network, empty, p256Authenticator().publicKey));
    expect(refusal.code).toBe('SMART_PAYER_FUNDS');
  });
});
