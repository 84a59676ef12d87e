import { describe, expect, it } from 'vitest';
import { batchRefusals, spentByBatch } from './batchRefusals';
import { addToBatch, clearBatch, EMPTY_FORM, removeFromBatch, sendFlowStore } from './sendFlowStore';

const transfer = {
  call: { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 1n, data: '0x' },
  intent: {
    asset: { kind: 'native', symbol: 'ETH', decimals: 18 },
    amount: 1n,
    recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  },
  recipientName: undefined,
} as const;

describe('a transfer put in a batch', () => {
  it('may not be “Max” nor carry its own gas, fees or nonce, each refused at its field', () => {
    expect(batchRefusals(EMPTY_FORM)).toBeUndefined();
    const refused = batchRefusals({ ...EMPTY_FORM, max: true, gasLimit: '21000', nonce: '3', maxFee: ' ' });
    expect(Object.keys(refused ?? {}).sort()).toEqual(['amount', 'gasLimit', 'nonce']);
    expect(refused?.amount).toMatchObject({ id: 'send:batch.noMax' });
  });

  it('joins the batch of its account and network, clearing what was typed; another’s batch is replaced', () => {
    sendFlowStore.setState({ form: { ...EMPTY_FORM, recipient: 'bob.eth', amount: '1' } });
    addToBatch(transfer, 'local:a');
    addToBatch(transfer, 'local:a');
    let { form } = sendFlowStore.getState();
    expect(form.batch).toHaveLength(2);
    expect(form).toMatchObject({ batchFor: 'local:a', recipient: '', amount: '' });
    removeFromBatch(form.batch[0]?.id ?? '');
    expect(sendFlowStore.getState().form.batch).toHaveLength(1);
    addToBatch(transfer, 'local:b');
    form = sendFlowStore.getState().form;
    expect(form.batch).toHaveLength(1);
    expect(form.batchFor).toBe('local:b');
    clearBatch();
    expect(sendFlowStore.getState().form).toMatchObject({ batch: [], batchFor: undefined });
  });

  it('counts what the batch already sends of an asset: the coin of every call, a token’s transfers', () => {
    const dai = {
      kind: 'token',
      address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      symbol: 'DAI',
      decimals: 18,
    } as const;
    const daiTransfer = {
      ...transfer,
      call: { ...transfer.call, value: 0n },
      intent: { ...transfer.intent, asset: dai, amount: 7n },
    };
    const write = {
      ...transfer,
      call: { ...transfer.call, value: 5n },
      intent: { ...transfer.intent, amount: 5n },
      callName: 'deposit',
    };
    const batch = [transfer, daiTransfer, write, daiTransfer].map((t, i) => ({ ...t, id: String(i) }));
    expect(spentByBatch(batch, transfer.intent.asset)).toBe(6n);
    expect(spentByBatch(batch, { ...dai, address: '0x5fbdb2315678afecb367f032d93f642f64180aa3' })).toBe(14n);
    expect(spentByBatch(batch, { ...dai, address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' })).toBe(0n);
    expect(spentByBatch([], transfer.intent.asset)).toBe(0n);
  });
});
