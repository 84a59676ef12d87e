import { type Chain, createClient, custom } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchGate, HOLD_MAX_MS } from './batchGate';

/** A client through a gate over a node that notes, per task, the methods it was asked. */
function gatedNode() {
  const tasks: string[][] = [];
  let current: string[] | undefined;
  const inner = custom({
    async request({ method }: { method: string }) {
      if (!current) {
        current = [];
        tasks.push(current);
        setTimeout(() => {
          current = undefined;
        }, 0);
      }
      current.push(method);
      return '0x1';
    },
  });
  const gate = batchGate(inner, 40);
  const client = createClient({ chain: { id: 31337 } as Chain, transport: gate.transport });
  const ask = (method: string) => client.request({ method } as never);
  return { gate, ask, tasks };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('batchGate', () => {
  it('sends the calls of its wait together', async () => {
    vi.useFakeTimers();
    const node = gatedNode();
    const first = node.ask('eth_call');
    await vi.advanceTimersByTimeAsync(20);
    const second = node.ask('eth_getLogs');
    await vi.advanceTimersByTimeAsync(40);
    await Promise.all([first, second]);
    expect(node.tasks).toEqual([['eth_call', 'eth_getLogs']]);
  });

  it('keeps the batch open while a reader holds it, and takes the calls it makes as it lets go', async () => {
    vi.useFakeTimers();
    const node = gatedNode();
    const release = node.gate.hold();
    const balances = node.ask('eth_call');
    await vi.advanceTimersByTimeAsync(300);
    expect(node.tasks).toEqual([]);
    release();
    const logs = node.ask('eth_getLogs');
    await vi.advanceTimersByTimeAsync(1);
    await Promise.all([balances, logs]);
    expect(node.tasks).toEqual([['eth_call', 'eth_getLogs']]);
  });

  it('lets the batch go after HOLD_MAX_MS when the reader never lets go', async () => {
    vi.useFakeTimers();
    const node = gatedNode();
    node.gate.hold();
    const balances = node.ask('eth_call');
    await vi.advanceTimersByTimeAsync(HOLD_MAX_MS - 10);
    expect(node.tasks).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    await balances;
    expect(node.tasks).toEqual([['eth_call']]);
  });
});
