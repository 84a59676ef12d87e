import type { Abi, Address, Hex } from 'viem';
import { createStore } from 'zustand/vanilla';
import type { SwapFacts } from '@/core/swap/swapReview';

/**
 * A transaction another screen asks Send to prepare (a contract write from Contracts, a swap or
 * its exact approval): Send opens a fresh form with it filled in, then the usual review, signing
 * and tracking follow.
 */
export type SendRequest = {
  /** The network it was prepared on: Send works on that one, whatever the header shows. */
  networkId: string;
  recipient: string;
  /** Native amount in base units (wei): Send writes it in its field in the language's format. */
  value: bigint;
  data: string;
  /** The contract's ABI: it decodes `data` and any custom error a preview or estimate meets on the review. */
  callAbi: Abi;
  /** The account to send from (else the one selected in the header). */
  fromId?: string;
  /** Swap prepared it: Send goes straight to its review, and offers the way back to Swap. */
  origin?: 'swap';
  /** The swap this call is: the review shows its quote and checks the simulation against it. */
  swap?: SwapFacts;
};

/**
 * A contract write another screen queued for Send's batch (several go in one transaction), from
 * the account `fromId` (Send's batch moves to it: a batch is one account's).
 */
export type QueuedCall = {
  networkId: string;
  fromId: string;
  recipient: Address;
  value: bigint;
  data: Hex;
  callName: string;
};

export const sendRequestStore = createStore<{ pending: SendRequest | undefined; queued: QueuedCall[] }>()(() => ({
  pending: undefined,
  queued: [],
}));

/** Queues a write for Send's batch; Send takes the queue when it opens. */
export function queueForBatch(call: QueuedCall): void {
  sendRequestStore.setState((s) => ({ queued: [...s.queued, call] }));
}

/**
 * Takes the writes queued for `networkId` that `accepts` takes by their account, so each is put
 * in the batch once, all of one account together (the first account accepted; others wait).
 */
export function takeQueuedCalls(networkId: string, accepts: (fromId: string) => boolean = () => true): QueuedCall[] {
  const { queued } = sendRequestStore.getState();
  const first = queued.find((call) => call.networkId === networkId && accepts(call.fromId));
  if (!first) return [];
  const taken = queued.filter((call) => call.networkId === networkId && call.fromId === first.fromId);
  sendRequestStore.setState({ queued: queued.filter((call) => !taken.includes(call)) });
  return taken;
}

export function requestSend(request: SendRequest): void {
  sendRequestStore.setState({ pending: request });
}

/** Takes the pending request, if any, so it is applied once. */
export function takeSendRequest(): SendRequest | undefined {
  const { pending } = sendRequestStore.getState();
  if (pending) sendRequestStore.setState({ pending: undefined });
  return pending;
}
