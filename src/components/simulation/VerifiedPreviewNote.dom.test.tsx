// Under a review's preview, where the network's proof checks cover previews: the words for each
// outcome of the check, rendered through a test wallet's providers from a check already in its
// query cache (no node is asked). "Verified preview" only where the preview's changes are proven.
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { encodeFunctionData, erc20Abi } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Network } from '@/core/chain/networks';
import { VerifyError } from '@/core/errors/verify';
import { codeValue, msg } from '@/core/i18n/message';
import type { PreviewCheck } from '@/core/simulation/previewCheck';
import type { ChangesProof } from '@/core/simulation/provenChanges';
import type { SimulationResult, UnsignedTransaction } from '@/core/simulation/types';
import { EMPTY_CODE_HASH } from '@/core/verify/accountProof';
import type { NetworkVerification } from '@/core/verify/verificationSetting';
import { callCheckQuery } from '@/lib/queries/verifyQueries';
import { trustedHeaderAt } from '@/testing/balanceChecks';
import { byRole, spokenText } from '@/testing/byRole';
import { fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { VerifiedPreviewNote } from './VerifiedPreviewNote';

const BLOCK = 21_000_000n;
const NODE = 'https://node-a.example/';
const ME = '0x00000000000000000000000000000000000a11ce';
const USDC = '0x00000000000000000000000000000000000000c1';
const verification: NetworkVerification = { mode: 'previews', trust: { kind: 'agreement' } };
const transfer: UnsignedTransaction = {
  from: ME,
  to: USDC,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ME, 1n] }),
};
/** The preview on screen: a transfer's, as a node that emptied its trace would show it (no change). */
const shown = {
  strategy: 'structLogs',
  advisory: true,
  block: BLOCK,
  outcome: { ok: true },
  gasUsed: 40_000n,
  logs: [],
  changes: [],
  approvals: [],
  created: [],
  notes: [],
} as SimulationResult;

let wallet: TestWallet;
let network: Network;
let unmount: (() => void) | undefined;
beforeAll(async () => {
  // A node that gives the head and nothing else: the check is in the cache, never asked.
  vi.stubGlobal(
    'fetch',
    fakeSimulationNode(
      () => {
        throw new Error('nothing else is asked');
      },
      { chainId: 31337 },
    ).fetch,
  );
  wallet = await createTestWallet();
  const local = wallet.store.getState().networks.find((n) => n.id === 'local');
  if (!local) throw new Error('no local network');
  network = local;
  wallet.store.getState().setVerification(network.id, verification);
});
afterAll(async () => {
  // The head's read in flight ends before the node stub goes.
  await wallet.queries.cancelQueries();
  wallet.close();
  vi.unstubAllGlobals();
});
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

/** The note's words for a check whose result matched and whose changes came out as `changes`. */
function noteFor(changes: ChangesProof, tx: UnsignedTransaction = transfer, batch = false): string {
  const check: PreviewCheck = {
    state: 'verified',
    reverted: false,
    header: trustedHeaderAt(BLOCK),
    source: NODE,
    effects: { logs: [], moves: [], readsBlock: false },
    calleeCodeHash: EMPTY_CODE_HASH,
    read: new Map(),
    changes,
  };
  const preview = { settled: true, shown, batch };
  wallet.queries.setQueryData(
    callCheckQuery(wallet.verifier, network, tx, verification, undefined, { ...preview, saved: [] }).queryKey,
    check,
  );
  unmount = renderInWallet(wallet, <VerifiedPreviewNote network={network} tx={tx} preview={preview} />).unmount;
  return spokenText(byRole('status'));
}

describe('the words under a checked preview', () => {
  it('says "Verified preview" where the preview’s changes are proven', () => {
    expect(noteFor({ state: 'proven' })).toBe(
      `Verified preview: Cairn’s own EVM, over state proven at block ${BLOCK}, finds what the node’s preview shows, the same events and the same coin moved: the call succeeds.`,
    );
  });

  it('says only that the result matches, and why, where the changes are not proven', () => {
    const words = noteFor({ state: 'unproven', reason: 'readings' });
    expect(words).toBe(
      `The call’s result matches: Cairn’s own EVM, over state proven at block ${BLOCK}, finds that it succeeds, as the node does. The changes shown are not proven: this node’s preview reads balances before and after the call instead of its events, and has nothing to hold against Cairn’s run.`,
    );
    expect(words).not.toContain('Verified');
  });

  it('says the node’s preview cannot be trusted where it hides the run’s events', () => {
    const words = noteFor({ state: 'differs', what: 'events', node: 0, proven: 1 });
    expect(words).toBe(
      `The node’s preview of this call differs from Cairn’s own run over state proven at block ${BLOCK}: ${NODE}’s preview shows 0 events, the proven run emits 1 event. Its preview cannot be trusted.`,
    );
  });

  it('asks a check whose proof was asked again once the preview’s block has passed the one it met it at', async () => {
    let moveTo: (block: bigint) => void = () => undefined;
    function Following() {
      const [block, setBlock] = useState(BLOCK);
      moveTo = setBlock;
      const preview = { settled: true, shown: { ...shown, block }, batch: false };
      return <VerifiedPreviewNote network={network} tx={transfer} preview={preview} />;
    }
    const { queryKey } = callCheckQuery(wallet.verifier, network, transfer, verification, undefined, {
      settled: true,
      shown,
      saved: [],
    });
    wallet.queries.removeQueries({ queryKey });
    unmount = renderInWallet(wallet, <Following />).unmount;
    const query = () => wallet.queries.getQueryCache().find({ queryKey });
    // The check asked on mount ends (the stub node's name resolves to nothing) before it is set
    // unsettled: a resolver can take seconds to say so on a loaded machine (it did in a full run).
    await vi.waitFor(() => expect(query()?.state.fetchStatus).toBe('idle'), { timeout: 15_000 });
    const values = { source: codeValue(NODE), address: codeValue(USDC), block: BLOCK.toString() };
    const error = new VerifyError('VERIFY_PROOF_UNSETTLED', msg('core.chain:verify.proofUnsettled', values));
    query()?.setState({ ...(query()?.state as object), status: 'error', error } as never);
    await vi.waitFor(() => expect(spokenText(byRole('status'))).toContain('asks again after the next block'));
    const asked = query()?.state.errorUpdateCount ?? 0;
    // The same block again: not asked.
    flushSync(() => moveTo(BLOCK));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(query()?.state.fetchStatus).toBe('idle');
    flushSync(() => moveTo(BLOCK + 1n));
    await vi.waitFor(() => expect(query()?.state.errorUpdateCount).toBeGreaterThan(asked), { timeout: 15_000 });
  }, 40_000);

  it('says a batch whose one transaction it is not given is not checked', () => {
    expect(noteFor({ state: 'proven' }, { from: ME }, true)).toBe(
      'Not verified: this batch’s preview is not checked in Cairn’s own EVM.',
    );
  });
});
