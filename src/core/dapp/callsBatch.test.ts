import { describe, expect, it } from 'vitest';
import { ALICE, BOB, errorOf, harness, resultOf } from '../../testing/dappConnectionHarness';
import { msg } from '../i18n/message';
import { type BatchProgress, BatchStopped, type CallsReceipt, newBatchId, sendCallsInOrder } from './callsBatch';

const receipt = (hash: string, ok = true): CallsReceipt => ({
  status: ok ? '0x1' : '0x0',
  transactionHash: hash as `0x${string}`,
  blockHash: '0xb1',
  blockNumber: '0x5',
  gasUsed: '0x5208',
  logs: [],
});

/** A batch of `total` calls whose sends and receipts follow `script`; every event is recorded. */
function run(
  total: number,
  script: {
    sendFails?: number;
    stopsAt?: number;
    reverts?: number;
    receiptFails?: number;
    stopBefore?: number;
    spedUp?: number;
  } = {},
) {
  const events: string[] = [];
  const progress: BatchProgress[] = [];
  const done = sendCallsInOrder(
    { id: 'b1', chainId: '0x1', total },
    {
      send: async (index) => {
        events.push(`send ${index}`);
        if (script.sendFails === index) throw new Error(`refused ${index}`);
        if (script.stopsAt === index) throw new BatchStopped();
        return `0x${index + 1}`;
      },
      receipt: async (hash) => {
        events.push(`receipt ${hash}`);
        const index = Number(hash) - 1;
        if (script.receiptFails === index) throw new Error('node gone');
        const mined = script.spedUp === index ? `0x${index + 1}f` : hash;
        return receipt(mined, script.reverts !== index);
      },
      stillWanted: () =>
        script.stopBefore === undefined || events.filter((e) => e.startsWith('send')).length < script.stopBefore,
      onProgress: (p) => progress.push(p),
      describe: (error) => (error as Error).message,
    },
  );
  return { done, events, progress };
}

describe('sending a batch of calls one after another', () => {
  it('sends each call once the one before it is mined, then reports it confirmed with every receipt', async () => {
    const { done, events, progress } = run(3);
    const last = await done;
    expect(events).toEqual(['send 0', 'receipt 0x1', 'send 1', 'receipt 0x2', 'send 2', 'receipt 0x3']);
    expect(last.status).toMatchObject({ status: 200, hashes: ['0x1', '0x2', '0x3'], total: 3, atomic: false });
    expect(last.status.receipts).toHaveLength(3);
    expect(last.steps.map((s) => s.state)).toEqual(['done', 'done', 'done']);
    // Pending until the end: the site's connector can follow the hashes if the window goes meanwhile.
    expect(progress.slice(0, -1).every((p) => p.status.status === 100)).toBe(true);
    expect(progress.find((p) => p.steps[1]?.state === 'mining')?.status.hashes).toEqual(['0x1', '0x2']);
  });

  it('stops after a call that reverts: the rest are not sent, and the batch is partly done', async () => {
    const { done, events } = run(3, { reverts: 1 });
    const last = await done;
    expect(events).toEqual(['send 0', 'receipt 0x1', 'send 1', 'receipt 0x2']);
    expect(last.status.status).toBe(600);
    expect(last.steps.map((s) => s.state)).toEqual(['done', 'done', 'not sent']);
    expect(last.steps[2]).toEqual({ state: 'not sent', error: msg('core.contracts:batch.previousFailed') });
  });

  it('a first call that reverts leaves the batch reverted (500)', async () => {
    expect((await run(2, { reverts: 0 }).done).status.status).toBe(500);
  });

  it('throws when the first call cannot be sent: nothing was sent, so the person may try again', async () => {
    const { done, progress } = run(2, { sendFails: 0 });
    await expect(done).rejects.toThrow('refused 0');
    expect(progress.at(-1)?.steps.map((s) => s.state)).toEqual(['waiting', 'waiting']);
  });

  it('a later call that cannot be sent ends the batch there, saying why', async () => {
    const last = await run(3, { sendFails: 1 }).done;
    expect(last.status).toMatchObject({ status: 600, hashes: ['0x1'] });
    expect(last.steps).toMatchObject([
      { state: 'done' },
      { state: 'not sent', error: 'refused 1' },
      { state: 'not sent' },
    ]);
  });

  it('stays pending when a sent call’s receipt cannot be read, and sends nothing more', async () => {
    const last = await run(2, { receiptFails: 0 }).done;
    expect(last.status).toMatchObject({ status: 100, hashes: ['0x1'], receipts: [] });
    expect(last.steps).toMatchObject([
      { state: 'mining', hash: '0x1' },
      { state: 'not sent', error: 'node gone' },
    ]);
  });

  it('sends no more once it is no longer wanted (the window is leaving)', async () => {
    const { done, events } = run(3, { stopBefore: 1 });
    const last = await done;
    expect(events).toEqual(['send 0', 'receipt 0x1']);
    expect(last.status.status).toBe(600);
  });

  it('ends quietly when the request ended while a call was being prepared, even the first', async () => {
    const later = await run(3, { stopsAt: 1 }).done;
    expect(later.status).toMatchObject({ status: 600, hashes: ['0x1'] });
    expect(later.steps).toEqual([
      expect.objectContaining({ state: 'done' }),
      { state: 'not sent' },
      { state: 'not sent' },
    ]);
    const first = await run(2, { stopsAt: 0 }).done;
    expect(first.status).toMatchObject({ status: 400, hashes: [] });
  });

  it('reports the transaction that was mined when a call was sped up meanwhile', async () => {
    const last = await run(2, { spedUp: 0 }).done;
    expect(last.status.hashes).toEqual(['0x1f', '0x2']);
    expect(last.status.status).toBe(200);
  });

  it('makes ids of 32 random bytes in hex', () => {
    expect(newBatchId()).toMatch(/^0x[0-9a-f]{64}$/);
    expect(newBatchId()).not.toBe(newBatchId());
  });
});

describe('a batch on the site’s connection', () => {
  const batch = (chainId?: string) => ({
    version: '2.0.0',
    from: ALICE,
    ...(chainId ? { chainId } : {}),
    atomicRequired: false,
    calls: [{ to: BOB, value: '0x1' }],
  });

  it('refuses a batch for another chain than the site’s with 5710, before anyone is asked', () => {
    const h = harness();
    const other = h.send('wallet_sendCalls', [batch('0xaa36a7')]);
    expect(errorOf(h.answer(other))).toMatchObject({ code: 5710, message: expect.stringContaining('switch first') });
    h.send('wallet_sendCalls', [batch('0x1')]);
    h.send('wallet_sendCalls', [batch()]);
    expect(h.pending()).toHaveLength(2);
  });

  it('refuses a batch whose id another waiting batch has (5720)', () => {
    const h = harness();
    h.send('wallet_sendCalls', [{ ...batch('0x1'), id: 'order-1' }]);
    const again = h.send('wallet_sendCalls', [{ ...batch('0x1'), id: 'order-1' }]);
    expect(errorOf(h.answer(again))).toMatchObject({ code: 5720 });
    expect(h.pending()).toHaveLength(1);
  });

  it('answers with the batch id, not a refusal, when the window closes after its first call was sent', () => {
    const h = harness();
    const id = h.send('wallet_sendCalls', [batch('0x1')]);
    const untouched = h.send('personal_sign', ['0x68', ALICE]);
    h.connection.answerOnLeave(id, { id: 'b1' });
    h.connection.reportCalls({
      id: 'b1',
      chainId: '0x1',
      status: 100,
      atomic: false,
      receipts: [],
      hashes: ['0x1'],
      total: 1,
    });
    h.connection.rejectAll();
    expect(resultOf(h.answer(id))).toEqual({ id: 'b1' });
    expect(errorOf(h.answer(untouched))).toMatchObject({ code: 4001 });
    expect(h.messages.find((m) => m.type === 'calls')).toMatchObject({ calls: { id: 'b1', hashes: ['0x1'] } });
  });

  it('keeps a notice for the person after the batch is answered, until the site asks again', () => {
    const h = harness();
    const id = h.send('wallet_sendCalls', [batch('0x1')]);
    h.connection.tell('1 of 2 calls went through.');
    h.connection.resolve(id, { id: 'b1' });
    expect(h.connection.store.getState().notice).toBe('1 of 2 calls went through.');
    h.send('personal_sign', ['0x68', ALICE]);
    expect(h.connection.store.getState().notice).toBeUndefined();
  });

  it('answers with the batch id too when the site loses the account part way', () => {
    const h = harness();
    const id = h.send('wallet_sendCalls', [batch('0x1')]);
    h.connection.answerOnLeave(id, { id: 'b1' });
    h.state.site = undefined;
    h.connection.dropUngranted();
    expect(resultOf(h.answer(id))).toEqual({ id: 'b1' });
  });
});
