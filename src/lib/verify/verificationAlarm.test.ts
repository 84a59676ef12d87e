import { afterEach, describe, expect, it } from 'vitest';
import { localNetwork } from '@/core/chain/networks';
import { CHANNELS } from '@/core/channels';
import type { FigureCheck } from '@/core/verify/figureChecks';
import { createVerifier } from '@/core/verify/verifier';
import { balanceCheck, contradicted } from '@/testing/balanceChecks';
import './verificationAlarm';

// This window's verifier: what it notes reaches the other windows through the alarm's channel.
const verifier = createVerifier();

// Another window of the profile, as the alarm's channel sees it.
const otherWindow = () => new BroadcastChannel(CHANNELS.verification);
const network = { ...localNetwork('http://127.0.0.1:8545'), id: 'alarm-sync-test' };
const ME = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const lie: FigureCheck = contradicted(5n, 1n, 'http://liar');
const assets = { native: { symbol: 'ETH', decimals: 18 }, tokens: [] };
const next = (channel: BroadcastChannel) =>
  new Promise<unknown>((resolve) => {
    channel.onmessage = (event) => resolve(event.data);
  });

describe('the alarm shared by every window', () => {
  const opened: BroadcastChannel[] = [];
  afterEach(() => {
    verifier.noteBalanceCheck(network, balanceCheck({ block: 1n }), assets);
    for (const channel of opened.splice(0)) channel.close();
  });

  it('tells the other windows of a lie caught here, and of its acknowledgement', async () => {
    const other = otherWindow();
    opened.push(other);
    const told = next(other);
    verifier.noteBalanceCheck(network, balanceCheck({ block: 1n, native: { [ME]: lie } }), assets);
    expect(await told).toMatchObject({ kind: 'change', changed: { [network.id]: { acknowledged: false } } });
    const acknowledged = next(other);
    verifier.acknowledge(network);
    expect(await acknowledged).toMatchObject({ kind: 'change', changed: { [network.id]: { acknowledged: true } } });
  });

  it('holds here what another window caught, and answers a new window’s ask with what it holds', async () => {
    const other = otherWindow();
    opened.push(other);
    const alarm = {
      block: 7n,
      problems: [],
      contradictions: [],
      calls: [],
      acknowledged: false,
    };
    other.postMessage({ kind: 'change', changed: { [network.id]: alarm } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const answer = next(other);
    other.postMessage({ kind: 'ask' });
    expect(await answer).toMatchObject({ kind: 'state', alarms: { [network.id]: { block: 7n } } });
  });
});
