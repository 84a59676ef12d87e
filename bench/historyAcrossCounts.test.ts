import { describe, expect, it } from 'vitest';
import { historyRequests, perNetworkBlock } from './historyAcrossCounts.ts';

describe('history across networks: counts per new block', () => {
  it('counts the HTTP requests that carried eth_getLogs, a batch of three as one', () => {
    const log = [
      { method: 'eth_getBlockByNumber', request: 1 },
      { method: 'eth_getLogs', request: 2 },
      { method: 'eth_getLogs', request: 2 },
      { method: 'eth_getLogs', request: 2 },
      { method: 'eth_call', request: 2 },
      { method: 'eth_getLogs', request: 4 },
    ];
    expect(historyRequests(log, 4)).toEqual({
      requests: 4,
      calls: { eth_getBlockByNumber: 1, eth_getLogs: 4, eth_call: 1 },
      logCalls: 4,
      logRequests: 2,
    });
  });

  it('says over budget past one request with eth_getLogs per block, and when no block came', () => {
    const counts = { requests: 6, calls: { eth_getLogs: 9 }, logCalls: 9, logRequests: 3 };
    expect(perNetworkBlock('L', { ...counts, blocks: 3 }, 1)).toContain(
      '1.00 requests   budget ≤ 1 request with eth_getLogs: within budget',
    );
    expect(perNetworkBlock('L', { ...counts, blocks: 2 }, 1)).toContain('OVER BUDGET');
    expect(perNetworkBlock('L', { ...counts, blocks: 0 }, 1)).toContain('OVER BUDGET');
  });
});
