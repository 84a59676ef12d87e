import { describe, expect, it } from 'vitest';
import type { ChainClient } from '../chain/client';
import { askBlockOverrides } from './blockOverrideProbe';

/** A node that answers each method through `answer` (an Error is thrown). */
function node(answer: (method: string, params: unknown[]) => unknown): ChainClient {
  return {
    request: async ({ method, params }: { method: string; params: unknown[] }) => {
      const value = answer(method, params);
      if (value instanceof Error) throw value;
      return value;
    },
  } as unknown as ChainClient;
}

/** What a node answers when it applies the block number it is given (or its own, 0x10). */
function answering(applies: boolean) {
  return (method: string, params: unknown[]) => {
    const override = method === 'eth_call' ? params[3] : (params[2] as { blockOverrides?: unknown }).blockOverrides;
    const number = applies ? BigInt((override as { number: string }).number) : 16n;
    if (method === 'eth_call') return `0x${number.toString(16).padStart(64, '0')}`;
    // Struct logs: NUMBER, then STOP with the number on the stack (as Hardhat lists it, without 0x).
    return {
      failed: false,
      structLogs: [
        { op: 'NUMBER', stack: [] },
        { op: 'STOP', stack: [number.toString(16).padStart(64, '0')] },
      ],
    };
  };
}

describe('asking whether a node runs a call as the block it is told to', () => {
  it('finds a node that applies the overrides of eth_call and debug_traceCall', async () => {
    expect(await askBlockOverrides(node(answering(true)))).toEqual({ call: true, trace: true });
  });

  it('finds one that leaves them aside, or refuses them, as Hardhat does', async () => {
    expect(await askBlockOverrides(node(answering(false)))).toEqual({ call: false, trace: false });
    const refusing = node(() => new Error('trailing characters at line 1 column 322'));
    expect(await askBlockOverrides(refusing)).toEqual({ call: false, trace: false });
  });
});
