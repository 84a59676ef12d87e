// A review read again at each block reads the facts its warnings need only when they change: the
// code at a spender is read once, not at every block.
import { type Address, getAddress, maxUint256 } from 'viem';
import { describe, expect, it } from 'vitest';
import { fakeSimulationNode } from '../../testing/fakeSimulationNode';
import { previewWithFacts } from './facts';
import type { SimulationResult } from './types';

const me = getAddress('0xa11ce00000000000000000000000000000000001');
const token = getAddress('0x1000000000000000000000000000000000000001');
const spender = getAddress('0x3000000000000000000000000000000000000003');
const another = getAddress('0x3000000000000000000000000000000000000004');

/** A preview in which `me` grants `to` an unlimited allowance: its warnings need the code at `to`. */
const unlimitedTo = (to: Address): SimulationResult => ({
  strategy: 'structLogs',
  advisory: true,
  outcome: { ok: true },
  gasUsed: 50_000n,
  logs: [],
  changes: [],
  approvals: [{ kind: 'erc20', token, owner: me, spender: to, amount: maxUint256, unlimited: true }],
  created: [],
  notes: [],
});

describe('previewWithFacts', () => {
  it('reads the facts once while the preview needs the same ones, and again when it needs others', async () => {
    const node = fakeSimulationNode((method) => (method === 'eth_getCode' ? '0x6000' : new Error(method)));
    const codeReads = () => node.asked.filter((a) => a.method === 'eth_getCode').length;
    const first = await previewWithFacts(node.client, [me], async () => unlimitedTo(spender), undefined);
    expect(codeReads()).toBe(1);
    expect(first.facts.code.get(spender.toLowerCase())).toBe(true);

    const next = await previewWithFacts(node.client, [me], async () => unlimitedTo(spender), first);
    expect(codeReads()).toBe(1);
    expect(next.facts).toBe(first.facts);

    const other = await previewWithFacts(node.client, [me], async () => unlimitedTo(another), next);
    expect(codeReads()).toBe(2);
    expect(other.facts.code.get(another.toLowerCase())).toBe(true);
  });
});
