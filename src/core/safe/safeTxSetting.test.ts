import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { fromStoredSafeTx, type PendingSafeTx, type StoredSafeTx } from './pendingSafeTx';
import { callSafeTx, safeTxTypedData } from './safeTx';
import { safeTxFile } from './safeTxFile';
import { safeTxSetting } from './safeTxSetting';
import { recoverSafeSignature } from './signatures';

const SAFE = '0xf506975D8cD786627C43D98B47Aa473A648AC205';
const owners = [
  // Demo accounts 2 and 3 of the public test phrase.
  privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'),
  privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'),
] as const;
const tx = callSafeTx({ to: '0x90F79bf6EB2c4f870365E785982E1f101E93b906', value: 5n, data: '0x' }, 1n);
const pending: PendingSafeTx = {
  ...safeTxFile({ chainId: 31337, safe: SAFE, tx, signatures: [] }),
  status: 'pending',
  createdAt: 1,
};

function setting() {
  let value: StoredSafeTx[] = safeTxSetting.initial;
  const actions = safeTxSetting.actions((fn) => {
    value = fn(value);
  });
  return { actions, stored: () => value, read: () => value.map((item) => fromStoredSafeTx(item)) };
}

const sign = async (i: 0 | 1) =>
  recoverSafeSignature(
    pending.safeTxHash,
    await owners[i].signTypedData(safeTxTypedData({ chainId: 31337, address: SAFE }, tx)),
  );

describe('the Safe transactions Cairn keeps', () => {
  it('keeps one per safeTxHash, gathering each owner’s signature once', async () => {
    const { actions, read } = setting();
    actions.keepSafeTx(pending, [await sign(0)]);
    actions.keepSafeTx(pending, [await sign(0), await sign(1)]);
    const [kept, ...more] = read();
    expect(more).toEqual([]);
    expect(kept?.signatures.map((s) => s.signer)).toEqual([owners[0].address, owners[1].address]);
    actions.markSafeTx(pending, 'executed', { hash: `0x${'ab'.repeat(32)}`, from: owners[0].address });
    expect(read()[0]).toMatchObject({ status: 'executed', execution: { from: owners[0].address } });
    actions.removeSafeTx(pending);
    expect(read()).toEqual([]);
  });

  it('drops a stored item that no longer reads, saying so, and keeps the others', () => {
    const good = setting();
    good.actions.keepSafeTx(pending);
    const cut = { file: '{"type":"cairn-safe-tx"', status: 'pending', createdAt: 1 };
    const dropped: unknown[] = [];
    const read = safeTxSetting.read([cut, ...good.stored()], (error) => dropped.push(error));
    expect(read).toEqual(good.stored());
    expect(dropped).toHaveLength(1);
  });
});
