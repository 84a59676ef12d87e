import { isCairnError } from '../errors/base';
import { findCause } from '../errors/causeChain';
import { WrongChainError } from '../errors/chain';
import { codeValue, type Message, msg } from '../i18n/message';

/** Why the figures shown for a network are not the newest. */
export type StaleBecause =
  /** The browser is offline. */
  | 'offline'
  /** The node is down (its head cannot be read). */
  | 'node'
  /** The node answers for another chain: figures read through it never count (see networkTotals). */
  | 'wrongChain'
  /** The node refuses more requests for now (HTTP 429, or its own rate-limit error). */
  | 'rateLimited'
  /** The head is fine, but this read failed. */
  | 'read'
  /** A read is on its way; these are this window's last figures through the same node. */
  | 'reading'
  /** Kept from an earlier visit; the first read is on its way (or cannot start). */
  | 'kept';

/** A network's read as its status shows it. `block` and `at` (unix seconds) are of the figures shown. */
export type NetworkReadStatus =
  | { state: 'loading' }
  | { state: 'fresh'; block: bigint; at: number }
  | { state: 'stale'; block: bigint; at: number; because: StaleBecause }
  | { state: 'failed'; reason: Message };

/** The network's head as its one shared query has it. */
export type HeadInput =
  | { state: 'pending' }
  | { state: 'ok' }
  | { state: 'wrongChain'; chainId: number; expectedChainId: number }
  | { state: 'failed'; error: unknown };

/** Figures of one read: at least the block they are of and its time. */
export type ReadFigures = { blockNumber: bigint; timestamp: number };

/** Everything a network's read state follows from, as usePortfolio has it today. */
export type NetworkReadInputs<S extends ReadFigures> = {
  online: boolean;
  head: HeadInput;
  /**
   * The portfolio query: its data (a placeholder from the same node while a changed request is
   * read counts as the read's, as today), its error when the last read failed, and whether there
   * is anything to read (no account: nothing is, nor ever loads).
   */
  read: { data: S | undefined; error?: unknown; wanted: boolean };
  /** This window's last figures read through the same node (a changed request that failed keeps them). */
  lastRead?: S | undefined;
  /** The figures kept from an earlier visit (lastKnownPortfolio), shown until the first read. */
  kept?: S | undefined;
};

export type NetworkReadState<S> = { shown: S | undefined; status: NetworkReadStatus };

/** The node refused as too many requests (HTTP 429, or its own rate-limit error), anywhere in the causes. */
export const isRateLimited = (error: unknown) =>
  findCause(error, (e) => isCairnError(e) && e.code === 'CHAIN_RATE_LIMITED') !== undefined;
/** The read found the node answering for another chain (a background read checks it in the same request). */
const wrongChainRead = (error: unknown): WrongChainError | undefined =>
  findCause(error, (e) => e instanceof WrongChainError) as WrongChainError | undefined;
/** The node could not be reached at all: the node's fault, whichever read found it (a background network reads no head). */
const unreachable = (error: unknown) =>
  findCause(error, (e) => isCairnError(e) && e.code === 'CHAIN_UNREACHABLE') !== undefined;

/**
 * Why nothing new is shown, by precedence: offline, then the node's head (another chain, rate
 * limited, down), then this read (rate limited, failed). Undefined while nothing stands in the way.
 */
function obstacle(inputs: NetworkReadInputs<ReadFigures>): Exclude<StaleBecause, 'reading' | 'kept'> | undefined {
  const { online, head, read } = inputs;
  if (!online) return 'offline';
  if (head.state === 'wrongChain') return 'wrongChain';
  if (head.state === 'failed') return isRateLimited(head.error) ? 'rateLimited' : 'node';
  if (read.error !== undefined) {
    if (wrongChainRead(read.error)) return 'wrongChain';
    return isRateLimited(read.error) ? 'rateLimited' : unreachable(read.error) ? 'node' : 'read';
  }
  return undefined;
}

/** What to say for a network with no figures to show, in the reader's language: the error's own words where it has them. */
function failure(inputs: NetworkReadInputs<ReadFigures>, because: Exclude<StaleBecause, 'reading' | 'kept'>): Message {
  const { head, read } = inputs;
  switch (because) {
    case 'offline':
      return msg('core.chain:networkRead.offline');
    case 'wrongChain': {
      const ids =
        head.state === 'wrongChain'
          ? { answered: head.chainId, expected: head.expectedChainId }
          : (() => {
              const error = wrongChainRead(read.error);
              return error && { answered: error.actualChainId, expected: error.expectedChainId };
            })();
      return ids
        ? msg('core.chain:networkRead.wrongChain', {
            answered: codeValue(String(ids.answered)),
            expected: codeValue(String(ids.expected)),
          })
        : msg('core.chain:networkRead.unreachable');
    }
    case 'rateLimited':
      return msg('core.chain:networkRead.rateLimited');
    case 'node': {
      const error = head.state === 'failed' ? head.error : inputs.read.error;
      return isCairnError(error) ? error.text : msg('core.chain:networkRead.unreachable');
    }
    case 'read':
      return isCairnError(read.error) ? read.error.text : msg('core.chain:networkRead.readFailed');
  }
}

/**
 * One network's read, as its screens and the totals take it: the figures to show and their status.
 *
 * Shown: the read's figures, else this window's last through the same node, else those kept from
 * an earlier visit. Fresh: the read's own figures with nothing in the way. Stale: figures shown
 * while the browser is offline, the node is down, on another chain or rate limited, the read
 * failed (each named), or while the read is on its way (`reading` for this window's last figures,
 * `kept` for an earlier visit's). Failed: nothing to show and something in the way, with words for
 * it. Loading: nothing to show yet, nothing in the way (or nothing to read).
 */
export function networkReadState<S extends ReadFigures>(inputs: NetworkReadInputs<S>): NetworkReadState<S> {
  const { read, lastRead, kept } = inputs;
  const shown = read.data ?? lastRead ?? kept;
  const blocked = obstacle(inputs);
  if (!shown) {
    if (blocked && read.wanted) return { shown, status: { state: 'failed', reason: failure(inputs, blocked) } };
    return { shown, status: { state: 'loading' } };
  }
  const figures = { block: shown.blockNumber, at: shown.timestamp };
  if (blocked) return { shown, status: { state: 'stale', ...figures, because: blocked } };
  if (shown === read.data) return { shown, status: { state: 'fresh', ...figures } };
  return { shown, status: { state: 'stale', ...figures, because: shown === lastRead ? 'reading' : 'kept' } };
}
