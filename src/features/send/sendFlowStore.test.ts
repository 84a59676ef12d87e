// The person's input in the send form, read the same way by the untouched-form rule and by a change
// of network: typed, prepared or gathered input touches the form, choices around it do not; on
// another network a plain recipient and a batch stay, the rest of the input goes.
import { describe, expect, it } from 'vitest';
import { type BatchTransfer, EMPTY_FORM, isUntouched, onAnotherNetwork, type SendForm } from './sendFlowStore';

const TOKEN = '0x00000000000000000000000000000000000000aa';
const transfer: BatchTransfer = {
  id: '1',
  call: { to: TOKEN, value: 1n, data: '0x' },
  intent: { asset: { kind: 'native', symbol: 'ETH', decimals: 18 }, amount: 1n, recipient: TOKEN },
  recipientName: undefined,
};
const form = (patch: Partial<SendForm>): SendForm => ({ ...EMPTY_FORM, ...patch });

describe('the person’s input in the send form', () => {
  it('counts what is typed, prepared or gathered as touching the form, and no choice around it', () => {
    const input: Partial<SendForm>[] = [
      { recipient: 'bob.eth' },
      { amount: '1' },
      { max: true },
      { data: '0x095ea7b3' },
      { callAbi: '[]' },
      { origin: 'swap' },
      { batch: [transfer] },
    ];
    for (const patch of input) expect(isUntouched(form(patch)), JSON.stringify(Object.keys(patch))).toBe(false);
    const choices: Partial<SendForm>[] = [
      { networkId: 'base' },
      { fromId: 'account-2' },
      { asset: TOKEN },
      { preset: 'fast' },
      { unit: 'usd' },
      { batchFor: 'base:account-2' },
    ];
    for (const patch of choices) expect(isUntouched(form(patch)), JSON.stringify(Object.keys(patch))).toBe(true);
  });

  it('keeps on another network the account, a plain recipient and the batch, and nothing else', () => {
    const typed = form({
      networkId: 'optimism',
      fromId: 'account-2',
      recipient: 'bob.eth',
      asset: TOKEN,
      amount: '5',
      nonce: '7',
      gasLimit: '21000',
      batch: [transfer],
      batchFor: 'optimism:account-2',
    });
    expect(onAnotherNetwork(typed, 'base')).toEqual(
      form({
        networkId: 'base',
        fromId: 'account-2',
        recipient: 'bob.eth',
        batch: [transfer],
        batchFor: 'optimism:account-2',
      }),
    );
  });

  it('drops the recipient with a call prepared on the old network', () => {
    const prepared = form({ recipient: TOKEN, data: '0x095ea7b3', callAbi: '[]', origin: 'swap' });
    expect(onAnotherNetwork(prepared, 'base')).toEqual(form({ networkId: 'base' }));
    expect(onAnotherNetwork(form({ recipient: TOKEN, origin: 'swap' }), 'base').recipient).toBe('');
  });
});
