// From the person's Approve to the dApp's promise settling, in Node with no browser: Cairn's
// DappConnection answers over the MessageChannel port the real connector handed over, and the
// connector resolves the site's request() with the result. The baseline is one bare message across a
// MessageChannel, the least any answer through a port can cost. What this leaves out is the
// browser's part (the click event, React, the window closing), which the e2e tests exercise.

import { createCairnProvider } from '../src/connector/index.ts';
import type { ConnectorWindow } from '../src/connector/types.ts';
import { DappConnection } from '../src/core/dapp/connection.ts';
import { answerAsCairn, fakeDappWindow } from '../src/testing/fakeDappWindow.ts';
import { type BenchRun, sized } from './benchRun.ts';
import { median } from './stats.ts';

const BUDGET_MS = 100;
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const WALLET = 'https://cairn.example/';

/** One message across a MessageChannel, as an answer crosses from Cairn's window to the page. */
async function bareHopMs(ROUNDS: number): Promise<number> {
  const { port1, port2 } = new MessageChannel();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await new Promise<void>((resolve) => {
      port2.onmessage = () => resolve();
      port1.postMessage({ type: 'response', id: i, result: '0xsigned' });
    });
    times.push(performance.now() - start);
  }
  port1.close();
  port2.close();
  return median(times);
}

async function approveToResolveMs(ROUNDS: number): Promise<number> {
  const fake = fakeDappWindow();
  const provider = createCairnProvider({ walletUrl: WALLET, window: fake.window as unknown as ConnectorWindow });
  const sign = () => provider.request({ method: 'personal_sign', params: ['0x68', ALICE] });
  const first = sign();
  const { port } = answerAsCairn(fake, new URL(WALLET).origin);
  let clock = 0;
  const site = {
    origin: 'https://dapp.example',
    accounts: [ALICE],
    networkId: 'ethereum',
    networkIds: ['ethereum'],
    ownNodeReads: false,
    name: 'Bench',
    grantedAt: 0,
    lastUsed: 0,
  };
  const connection = new DappConnection(
    port,
    site.origin,
    { name: 'Bench' },
    {
      site: () => site,
      grant: () => ({ accounts: [ALICE], chainId: '0x1', chains: { '0x1': [] } }),
      unlocked: () => true,
      revoke: () => {},
      switchToApproved: () => false,
      onIdle: () => {},
      // A second between requests, as a person answers them: the site's rate limit never trips.
      now: () => (clock += 1_000),
    },
  );
  port.onmessage = ({ data }) => connection.receive(data);
  const waiting = () =>
    new Promise<number>((resolve) => {
      const now = connection.store.getState().pending[0];
      if (now) return resolve(now.id);
      const stop = connection.store.subscribe((state) => {
        const next = state.pending[0];
        if (next) {
          stop();
          resolve(next.id);
        }
      });
    });
  connection.resolve(await waiting(), '0xsigned');
  await first;
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const answered = sign();
    const id = await waiting();
    const start = performance.now();
    connection.resolve(id, '0xsigned');
    await answered;
    times.push(performance.now() - start);
  }
  port.close();
  return median(times);
}

export async function benchApprovalRoundTrip(run: BenchRun): Promise<string> {
  const ROUNDS = sized(run, 2_000, 20);
  const bare = await bareHopMs(ROUNDS);
  const approve = await approveToResolveMs(ROUNDS);
  return `Approve → the site's promise settles (Node ${process.versions.node}, ${ROUNDS.toLocaleString('en')} rounds)
  one bare MessageChannel message   median ${(bare * 1000).toFixed(1)} µs (baseline)
  approve → request() resolves     median ${(approve * 1000).toFixed(1)} µs, ${(approve / bare).toFixed(1)}× the baseline   budget ${BUDGET_MS} ms: ${
    approve <= BUDGET_MS ? 'within budget' : 'OVER BUDGET'
  }`;
}
