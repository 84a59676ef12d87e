import { describe, expect, it } from 'vitest';
import { CALLS_BUDGET, callLines, callListing, countCalls } from './sendCalls.ts';

const call = (method: string, ...params: unknown[]) => ({ method, params, at: 0, request: 1 });

describe('the calls of a send, as the bench counts them', () => {
  it('leaves out only the head’s polls, and stops at the broadcast', () => {
    const counted = countCalls([
      call('eth_getBlockByNumber', 'latest', true),
      call('eth_getBlockByNumber', 'latest', false),
      call('eth_estimateGas', {}),
      call('eth_sendRawTransaction', '0x02'),
      call('eth_getTransactionReceipt', '0x01'),
    ]);
    expect(counted).toEqual({
      byMethod: {
        'eth_getBlockByNumber (head poll)': 1,
        eth_getBlockByNumber: 1,
        eth_estimateGas: 1,
        eth_sendRawTransaction: 1,
      },
      total: 4,
      polls: 1,
      beyond: 3,
    });
  });

  it('says whether the median is within the budget', () => {
    const over = { byMethod: {}, total: CALLS_BUDGET + 1, polls: 0, beyond: CALLS_BUDGET + 1 };
    const within = { byMethod: {}, total: CALLS_BUDGET, polls: 0, beyond: CALLS_BUDGET };
    expect(callLines([within]).join('\n')).toContain('within budget');
    expect(callLines([over, over]).join('\n')).toContain('OVER BUDGET');
  });

  it('lists each call up to the broadcast, with its time from the first and its parameters', () => {
    const lines = callListing(
      [
        { method: 'eth_getCode', params: ['0xab', 'latest'], at: 10, request: 1 },
        { method: 'eth_sendRawTransaction', params: ['0x02'], at: 60, request: 2 },
        { method: 'eth_getTransactionReceipt', params: ['0x01'], at: 90, request: 3 },
      ],
      '',
    );
    expect(lines).toEqual(['     0 ms  eth_getCode ["0xab","latest"]', '    50 ms  eth_sendRawTransaction ["0x02"]']);
  });
});
