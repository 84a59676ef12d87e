import type { Hex } from 'viem';
import { sameHex } from '../bytes';
import { VerifyError } from '../errors/verify';
import { codeValue, msg } from '../i18n/message';
import {
  askedAcrossReorg,
  checkedHeader,
  linkedHeader,
  MAX_LINKED_BACK,
  sourcesDisagree,
  type Wait,
} from './headerChain';
import { headerIsWhole, type RpcHeader } from './headerHash';
import { headerFrom, headFrom, type Source } from './sources';

/**
 * Where the trusted header comes from: the same block from every RPC URL the person listed
 * (agreement), a block hash the person pinned, or a header already trusted (a light client's).
 */
export type HeaderTrust =
  /** `block`: agree there rather than at the claims' block (the newest every source has, when one runs ahead). */
  | { kind: 'agreement'; block?: bigint }
  | { kind: 'pinned'; number: bigint; hash: Hex }
  | { kind: 'given'; header: TrustedHeader };

/** A header Cairn trusts: its state root is what proofs are checked against. */
export type TrustedHeader = {
  number: bigint;
  hash: Hex;
  stateRoot: Hex;
  /** Seconds since the epoch. */
  timestamp: bigint;
  via: 'agreement' | 'pinned' | 'lightClient';
  /** The RPC URLs that gave this header. */
  sources: readonly string[];
  /**
   * A light client's finalized header, given because its store holds no update signed by two
   * thirds of the sync committee yet, so it takes no newer head (lightClient.ts).
   */
  headAwaitsSupermajority?: true;
  /**
   * By agreement: the newest block any source named when they agreed on this header. It moves on
   * though the first source's head may not: a mismatch is judged by it (askedAgain.ts).
   */
  newestNamed?: bigint;
  /** Every field, as the node gave it (hashing whole): the block context of a verified call. */
  fields: RpcHeader;
};

/** How far back nodes keep state to prove (geth's default; many hosted nodes keep the same). */
export const STATE_WINDOW = 128n;

export function trusted(header: RpcHeader, via: TrustedHeader['via'], sources: readonly string[]): TrustedHeader {
  return {
    number: BigInt(header.number),
    hash: header.hash.toLowerCase() as Hex,
    stateRoot: header.stateRoot.toLowerCase() as Hex,
    timestamp: BigInt(header.timestamp),
    via,
    sources,
    fields: header,
  };
}

/** How far behind the newest block a source names the checked block may be (about 13 minutes on Ethereum). */
export const MAX_BLOCKS_BEHIND = 64n;
/** Each source's header of block `number` and its newest block, asked together (one request each). */
const headersAt = (sources: readonly Source[], number: bigint) =>
  Promise.all(
    sources.map(async (source) => ({
      source,
      answer: await Promise.all([headerFrom(source, number), headFrom(source)]),
    })),
  );

type Answers = Awaited<ReturnType<typeof headersAt>>;

/** The newest block any source names as its head (`number` at least). */
const newestOf = (answers: Answers, number: bigint) =>
  answers.reduce((max, { answer }) => (answer[1] > max ? answer[1] : max), number);

/** The first answer naming another block than the first source's, when every source gives one. */
function differing(answers: Answers): Answers[number] | undefined {
  const first = answers[0]?.answer[0];
  if (!first || answers.some(({ answer }) => !answer[0])) return undefined;
  return answers.find(({ answer }) => !sameHex(answer[0]?.hash, first.hash));
}

/**
 * VERIFY_SOURCE_AHEAD: a source answers for a block another does not have yet. `common` is the
 * newest block every source names, where the sources can still agree.
 */
export class SourceAheadError extends VerifyError {
  constructor(
    readonly common: bigint,
    ahead: Source,
    behind: { source: Source; newest: bigint },
    block: bigint,
  ) {
    super(
      'VERIFY_SOURCE_AHEAD',
      msg('core.chain:verify.sourceAhead', {
        source: codeValue(ahead.url),
        other: codeValue(behind.source.url),
        block: block.toString(),
        newest: behind.newest.toString(),
      }),
    );
  }
}

/**
 * When a source gives no block `number`, why: the sources that have it run ahead of one that does
 * not yet (named, with the newest block all name), or a source lacks a block its own head has
 * passed (checkedHeader's VERIFY_SOURCE_BEHIND).
 */
function throwIfMissing(answers: Answers, number: bigint): void {
  const lacking = answers.find(({ answer }) => !answer[0]);
  if (!lacking) return;
  const ahead = answers.find(({ answer }) => answer[0]);
  if (ahead && lacking.answer[1] < number) {
    const common = answers.reduce((min, { answer }) => (answer[1] < min ? answer[1] : min), number);
    throw new SourceAheadError(common, ahead.source, { source: lacking.source, newest: lacking.answer[1] }, number);
  }
  checkedHeader(lacking.source, number, null); // throws its VERIFY_SOURCE_BEHIND
}

/**
 * The header of block `number` once every source gives the same one, each hashing whole, and no
 * source names a block more than MAX_BLOCKS_BEHIND newer (a node answering for an old block, where
 * a lie of the present could hide). Sources that differ are asked again once, a moment later (two
 * honest nodes can differ at the head during a reorg: askedAcrossReorg). Each header is judged by
 * checkedHeader: where every source names the same hash and none hashes, agreement vouches for it
 * and it may be in a form Cairn cannot hash. Throws VERIFY_ONE_SOURCE (fewer than two),
 * VERIFY_SOURCE_AHEAD (SourceAheadError: a source answers for a block another does not have yet,
 * the one ahead named), VERIFY_SOURCE_BEHIND (a source lacks a block it has passed),
 * VERIFY_BLOCK_BEHIND, VERIFY_HEADER_UNSUPPORTED, VERIFY_HEADER_FORGED, VERIFY_SOURCES_DISAGREE
 * (naming the first source and the one that differs), a ChainError.
 */
export async function agreedHeader(sources: readonly Source[], number: bigint, wait?: Wait): Promise<TrustedHeader> {
  if (sources.length < 2) throw new VerifyError('VERIFY_ONE_SOURCE', msg('core.chain:verify.oneSource'));
  const answers = await askedAcrossReorg(
    () => headersAt(sources, number),
    (asked) => differing(asked) !== undefined,
    wait,
  );
  throwIfMissing(answers, number);
  const newest = newestOf(answers, number);
  if (newest - number > MAX_BLOCKS_BEHIND)
    throw new VerifyError(
      'VERIFY_BLOCK_BEHIND',
      msg('core.chain:verify.blockBehind', {
        source: codeValue((sources[0] as Source).url),
        block: number.toString(),
        behind: (newest - number).toString(),
      }),
    );
  const headers = answers.map(({ answer }) => answer[0] as RpcHeader);
  const different = differing(answers);
  // `[]`: the hash no agreement vouches for, or a form Cairn hashes (a source's header does): a
  // header that does not hash whole is altered.
  const trustedForm = different || headers.some(headerIsWhole) ? [] : undefined;
  for (const [i, header] of headers.entries()) checkedHeader(sources[i] as Source, number, header, trustedForm);
  if (different) {
    const first = { url: (sources[0] as Source).url, hash: (headers[0] as RpcHeader).hash };
    throw sourcesDisagree(number, first, { url: different.source.url, hash: (different.answer[0] as RpcHeader).hash });
  }
  return {
    ...trusted(
      headers[0] as RpcHeader,
      'agreement',
      sources.map((s) => s.url),
    ),
    newestNamed: newest,
  };
}

/**
 * The pinned header, as `source` gives it (its hash the pinned one, its fields hashing whole),
 * within the STATE_WINDOW of the claims' block `head` (older state no node proves); or the
 * header of `head` linked back to the pin, for claims read a few blocks before it. Throws
 * VERIFY_HEADER_TOO_OLD, linkedHeader's errors.
 */
async function pinnedHeader(
  source: Source,
  pin: Extract<HeaderTrust, { kind: 'pinned' }>,
  head: bigint,
): Promise<TrustedHeader> {
  if (head - pin.number > STATE_WINDOW)
    throw new VerifyError(
      'VERIFY_HEADER_TOO_OLD',
      msg('core.chain:verify.headerTooOld', {
        block: pin.number.toString(),
        behind: (head - pin.number).toString(),
        limit: STATE_WINDOW.toString(),
      }),
    );
  return trusted(await linkedHeader(source, pin, trustedBlock(pin, head)), 'pinned', [source.url]);
}

/**
 * The header proofs are checked against, from `trust`, for claims read at block `head`: agreed
 * there; the pinned or given header, or the claims' own linked back to it when they are at most
 * MAX_LINKED_BACK blocks older (see trustedBlock). Throws VerifyError or a ChainError.
 */
export async function trustedHeaderFor(
  sources: readonly Source[],
  trust: HeaderTrust,
  head: bigint,
): Promise<TrustedHeader> {
  const source = sources[0] as Source;
  if (trust.kind === 'agreement') return agreedHeader(sources, trust.block ?? head);
  if (trust.kind === 'pinned') return pinnedHeader(source, trust, head);
  const { header } = trust;
  const block = trustedBlock(trust, head);
  if (block === header.number) return header;
  const anchor = { number: header.number, hash: header.hash, header: header.fields };
  // The headers between came from the node, linked to what the beacon chain (or a pin) vouched for.
  return trusted(await linkedHeader(source, anchor, block), header.via, [...header.sources, source.url]);
}

/**
 * The block `trust` proves at: the claims' own (`head`) by agreement (or the one it names), or when they are at most
 * MAX_LINKED_BACK blocks before the pinned or given block (linked back by parent hashes); else the
 * trusted block itself, where the claims are read again.
 */
export function trustedBlock(trust: HeaderTrust, head: bigint): bigint {
  if (trust.kind === 'agreement') return trust.block ?? head;
  const anchor = trust.kind === 'pinned' ? trust.number : trust.header.number;
  return head <= anchor && anchor - head <= MAX_LINKED_BACK ? head : anchor;
}
