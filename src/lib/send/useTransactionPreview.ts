import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type Abi, type Address, zeroAddress } from 'viem';
import { portfolioTokens } from '@/core/assets/catalogue';
import type { Network } from '@/core/chain/networks';
import { feeFields, type ReadBefore } from '@/core/simulation/nextBlock';
import type { BatchSending } from '@/core/simulation/simulate';
import type { BatchCall } from '@/core/simulation/simulateCalls';
import type { UnsignedTransaction } from '@/core/simulation/types';
import type { AtomicBatch } from '@/core/smartAccount/batchPreview';
import type { AnyPreparedSend } from '@/core/tx/prepare';
import {
  atomicPreviewQuery,
  type CallsPreview,
  callsPreviewQuery,
  type PreviewContext,
  simulationKeys,
  type TransactionPreview,
  transactionPreviewQuery,
} from '../queries/simulationQueries';
import { useSession } from '../stores/session';
import { useVault } from '../vault/vault';
import { type PreviewFollow, usePreviewFollow } from './usePreviewFollow';

const NO_ABIS: never[] = [];
const NO_TOKENS: never[] = [];

/**
 * Where a preview is shown. In a site's window (`site`), it reads only what the request needs:
 * its own account, and the network's listed tokens, never the person's other accounts nor the
 * tokens they added (the node may be the site's own, and its logs the site's to read).
 */
export type PreviewScope = { site?: boolean };

/** The transaction Confirm would sign, as the preview simulates it: its fees, limit and nonce included. */
export function previewedTransaction(prepared: AnyPreparedSend): UnsignedTransaction {
  const { call, draft } = prepared;
  return {
    from: draft.from,
    to: call.to,
    value: call.value,
    data: call.data,
    gas: prepared.gasLimit,
    nonce: prepared.nonce,
    ...feeFields(prepared.fees),
  };
}

/** What preparing the send read of the chain, for its preview not to ask again (see knownReads). */
export function preparedReads(prepared: AnyPreparedSend): ReadBefore {
  return { block: prepared.block, market: prepared.market, balance: prepared.nativeBalance };
}

/**
 * How a batch's first call will be sent, as prepared (its fees, limit and nonce), for its preview;
 * for an atomic batch, its one transaction (see useAtomicReviewPreview).
 */
export function batchSending(prepared: AnyPreparedSend | undefined): BatchSending | undefined {
  return prepared && { fees: feeFields(prepared.fees), gas: prepared.gasLimit, nonce: prepared.nonce };
}

/** What the person's accounts and tokens a preview may read, by scope (a pure rule, see PreviewScope). */
export function previewAccountsAndTokens(input: {
  scope: PreviewScope;
  from: Address | undefined;
  accounts: readonly Address[];
  listed: readonly Address[];
  added: readonly Address[];
}): { own: Address[]; watchTokens: Address[] } {
  if (input.scope.site) return { own: input.from ? [input.from] : [], watchTokens: [...input.listed] };
  return { own: [...input.accounts], watchTokens: [...input.listed, ...input.added] };
}

/** What every preview reads besides the transaction: the person's accounts, saved ABIs and tokens. */
function usePreviewContext(
  network: Network,
  from: Address | undefined,
  contractAbis: readonly Abi[],
  scope: PreviewScope,
): PreviewContext {
  const accounts = useVault((s) => s.accounts);
  const savedAbis = useSession((s) => s.savedAbis[network.id] ?? NO_ABIS);
  const custom = useSession((s) => s.customTokens[network.id] ?? NO_TOKENS);
  const site = scope.site === true;
  const { own, watchTokens } = useMemo(() => {
    const listed = portfolioTokens(network, [], [], []).map((t) => t.address);
    const added = custom.map((t) => t.address);
    const addresses = accounts.map((a) => a.address as Address);
    return previewAccountsAndTokens({ scope: { site }, from, accounts: addresses, listed, added });
  }, [network, custom, accounts, from, site]);
  return useMemo(() => ({ own, savedAbis, contractAbis, watchTokens }), [own, savedAbis, contractAbis, watchTokens]);
}

/**
 * The preview of a transaction about to be signed, read on the person's node as soon as the
 * review shows (the review never waits for it). `tx` undefined reads nothing.
 */
function useTransactionPreview(
  network: Network,
  tx: UnsignedTransaction | undefined,
  context: PreviewContext,
  before: ReadBefore | undefined,
) {
  const placeholder = { from: '0x0000000000000000000000000000000000000000' } as const;
  const options = transactionPreviewQuery(network, tx ?? placeholder, context, before);
  return useQuery({ ...options, enabled: tx !== undefined });
}

/** Whether the preview found the transaction would fail: Confirm waits for the person to acknowledge it. */
export function previewFails(preview: TransactionPreview | CallsPreview | undefined): boolean {
  return preview?.result.outcome.ok === false;
}

/** A review's preview and what holds its Confirm (see useReviewPreview). */
export type ReviewPreview<T extends TransactionPreview | CallsPreview = TransactionPreview> = {
  preview: UseQueryResult<T>;
  /** The person acknowledged that it would fail. */
  acknowledged: boolean;
  onAcknowledge(value: boolean): void;
  /** Confirm waits: a failure or a change not acknowledged, or a stale preview being read again. */
  heldBack: boolean;
  follow: PreviewFollow;
};

/**
 * Holds Confirm back while the preview says what is reviewed would fail, until the person
 * acknowledges it for this very content (`key`: something new starts unacknowledged), and while
 * following it block by block finds a change not acknowledged, or it is stale.
 */
function useHolds<T extends TransactionPreview | CallsPreview>(
  network: Network,
  preview: UseQueryResult<T>,
  key: string | undefined,
  own: readonly Address[],
): ReviewPreview<T> {
  const [acknowledgedFor, setAcknowledgedFor] = useState<string>();
  const acknowledged = key !== undefined && acknowledgedFor === key;
  const follow = usePreviewFollow(network, preview, key, own);
  const fails = previewFails(preview.data);
  return {
    preview,
    acknowledged,
    onAcknowledge: (value: boolean) => setAcknowledgedFor(value ? key : undefined),
    heldBack: (fails && !acknowledged) || follow.holds,
    follow,
  };
}

/**
 * A review's preview and its holds: when the preview finds the transaction would fail, Confirm
 * waits until the person acknowledges it, for this very transaction (a new one starts
 * unacknowledged); it is simulated again at each new block, and a change waits for the person too.
 * `before`: what preparing `tx` read of the chain (preparedReads), not asked again while current.
 */
export function useReviewPreview(
  network: Network,
  tx: UnsignedTransaction | undefined,
  contractAbis: readonly Abi[] = NO_ABIS,
  scope: PreviewScope = {},
  before: ReadBefore | undefined = undefined,
): ReviewPreview {
  const context = usePreviewContext(network, tx?.from, contractAbis, scope);
  const preview = useTransactionPreview(network, tx, context, before);
  // By content, not identity: a record re-read at a new block is the same transaction.
  const key = tx === undefined ? undefined : JSON.stringify(simulationKeys.preview(network, tx, []));
  return useHolds(network, preview, key, context.own);
}

/**
 * The same for a batch of calls (wallet_sendCalls, revocations): their combined preview, the
 * first call as prepared to be sent (`sending`, see batchSending), and its holds. Nothing is read
 * while `enabled` is false.
 */
export function useCallsReviewPreview(
  network: Network,
  from: Address,
  calls: readonly BatchCall[],
  enabled: boolean,
  scope: PreviewScope = {},
  sending: BatchSending | undefined = undefined,
): ReviewPreview<CallsPreview> {
  const context = usePreviewContext(network, from, NO_ABIS, scope);
  const preview = useQuery({ ...callsPreviewQuery(network, from, calls, context, sending), enabled });
  const key = enabled ? JSON.stringify(simulationKeys.calls(network, from, calls, [], sending)) : undefined;
  return useHolds(network, preview, key, context.own);
}

/**
 * The same for an atomic batch: its one transaction previewed as it will be mined, the delegate's
 * code at the account (see simulateAtomicBatch; a plain account's upgrade stood in for), the
 * transaction as prepared (`sending`), and its holds. Nothing is read without a `batch`.
 */
export function useAtomicReviewPreview(
  network: Network,
  batch: AtomicBatch | undefined,
  scope: PreviewScope = {},
  sending: BatchSending | undefined = undefined,
): ReviewPreview<CallsPreview> {
  const context = usePreviewContext(network, batch?.account, NO_ABIS, scope);
  const asked = batch ?? NO_BATCH;
  const preview = useQuery({ ...atomicPreviewQuery(network, asked, context, sending), enabled: batch !== undefined });
  const key = batch && JSON.stringify(simulationKeys.atomic(network, batch, [], sending));
  return useHolds(network, preview, key, context.own);
}

/** Never read (its query is not enabled): the key of an atomic preview not asked yet. */
const NO_BATCH: AtomicBatch = { account: zeroAddress, calls: [], tx: { from: zeroAddress } };
