import type { Hex } from 'viem';
import { sameHex } from '../bytes';
import { VerifyError } from '../errors/verify';
import { codeValue, msg } from '../i18n/message';
import { headerIsWhole, type RpcHeader, unknownFields } from './headerHash';
import { headerFrom, type Source } from './sources';

/** A block Cairn trusts by its hash (a pin), or a whole header it trusts (agreed, a light client's). */
export type ChainAnchor = { number: bigint; hash: Hex; header?: RpcHeader };

/**
 * How many blocks before a trusted header claims are proven where they were read, linked back to
 * it. Older claims are read again at the trusted block: the node chooses the block it answers
 * for, and a few blocks is as far as it may take the person into the past unnoticed.
 */
export const MAX_LINKED_BACK = 4n;
/** How long to wait before asking again when answers differ at the head (a reorg under way). */
const REORG_WAIT_MS = 1_000;

/** A pause of `ms` milliseconds (tests pass one that does not wait). */
export type Wait = (ms: number) => Promise<void>;
const sleep: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What `ask` answers, asked once more a moment later when `straddles` says the answer may have
 * met a reorg: two honest nodes, or one node's headers, can differ at the head while one happens.
 * The one reorg wait of the header checks (agreement and links alike).
 */
export async function askedAcrossReorg<T>(
  ask: () => Promise<T>,
  straddles: (answer: T) => boolean,
  wait: Wait = sleep,
): Promise<T> {
  const answer = await ask();
  if (!straddles(answer)) return answer;
  await wait(REORG_WAIT_MS);
  return ask();
}

/** A source's block hash at a height, as it named it. */
type NamedBlock = { url: string; hash: Hex };

/**
 * VERIFY_SOURCES_DISAGREE: `one` and `other` (an RPC URL or a beacon API) name different blocks at
 * height `block`. The one builder of it: agreement between RPC URLs, and a node against its beacon chain.
 */
export function sourcesDisagree(block: bigint, one: NamedBlock, other: NamedBlock): VerifyError {
  return new VerifyError(
    'VERIFY_SOURCES_DISAGREE',
    msg('core.chain:verify.sourcesDisagree', {
      source: codeValue(one.url),
      other: codeValue(other.url),
      block: block.toString(),
      hash: codeValue(one.hash),
      otherHash: codeValue(other.hash),
    }),
  );
}

/**
 * `header` as `source` gave it for block `number`, once it is there and hashes whole. Its claimed
 * hash must already be one Cairn trusts (a pin, a parent hash, a signed hash): only then can a
 * header that does not hash be in a form Cairn cannot hash rather than altered, and only when
 * `trustedForm` (the keys Cairn does not know in a header it trusts, if it has one) shows the
 * chain's headers carry them. Throws VERIFY_SOURCE_BEHIND (no such block yet),
 * VERIFY_HEADER_UNSUPPORTED, VERIFY_HEADER_FORGED.
 */
export function checkedHeader(
  source: Source,
  number: bigint,
  header: RpcHeader | null,
  trustedForm?: readonly string[],
): RpcHeader {
  const block = number.toString();
  if (!header)
    throw new VerifyError(
      'VERIFY_SOURCE_BEHIND',
      msg('core.chain:verify.sourceBehind', { source: codeValue(source.url), block }),
    );
  if (BigInt(header.number) === number && headerIsWhole(header)) return header;
  const unknown = unknownFields(header);
  const sameForm = trustedForm === undefined || trustedForm.join() === unknown.join();
  if (BigInt(header.number) === number && unknown.length > 0 && sameForm)
    throw new VerifyError('VERIFY_HEADER_UNSUPPORTED', msg('core.chain:verify.headerUnsupported', { block }));
  throw new VerifyError(
    'VERIFY_HEADER_FORGED',
    msg('core.chain:verify.headerForged', { source: codeValue(source.url), block }),
  );
}

/** One pass of linkedHeader: the headers asked together, then checked from the anchor down. */
async function linkOnce(source: Source, anchor: ChainAnchor, number: bigint): Promise<RpcHeader> {
  const url = codeValue(source.url);
  const last = anchor.header ? anchor.number - 1n : anchor.number;
  const numbers: bigint[] = [];
  for (let at = last; at >= number; at--) numbers.push(at);
  const asked = await Promise.all(numbers.map((at) => headerFrom(source, at)));
  const trustedForm = anchor.header && unknownFields(anchor.header);
  let child = anchor.header;
  for (const [i, answer] of asked.entries()) {
    const at = numbers[i] as bigint;
    // Which block it claims to be is checked before what it holds: a node cannot pass another
    // block off as a form Cairn cannot hash.
    if (answer && !child && !sameHex(answer.hash, anchor.hash))
      throw new VerifyError(
        'VERIFY_PIN_MISMATCH',
        msg('core.chain:verify.pinMismatch', {
          source: url,
          hash: codeValue(answer.hash),
          block: at.toString(),
          pinned: codeValue(anchor.hash),
        }),
      );
    if (answer && child && !sameHex(answer.hash, child.parentHash))
      throw new VerifyError(
        'VERIFY_CHAIN_BROKEN',
        msg('core.chain:verify.chainBroken', {
          source: url,
          block: at.toString(),
          child: (at + 1n).toString(),
          hash: codeValue(answer.hash),
          parentHash: codeValue(child.parentHash),
        }),
      );
    child = checkedHeader(source, at, answer, trustedForm);
  }
  return child as RpcHeader;
}

/**
 * The header of block `number`, at or before the anchor, linked to it by parent hashes: every
 * header from `number` to the anchor's (the anchor's own when only its hash is known) is asked of
 * `source` at once (one request); each must hash whole, the anchor's must have the anchor's hash,
 * and each must be the parent the next one names. A link that breaks is asked again once, a moment
 * later (the node may have been answering across a reorg). A parent hash vouches only for the
 * block before: a header is never trusted for being the child of a trusted one (anyone can make
 * one), so nothing newer than the anchor is reached this way. Throws checkedHeader's errors,
 * VERIFY_PIN_MISMATCH (another block at a pin's height), VERIFY_CHAIN_BROKEN, a ChainError.
 */
export async function linkedHeader(
  source: Source,
  anchor: ChainAnchor,
  number: bigint,
  wait?: Wait,
): Promise<RpcHeader> {
  if (number > anchor.number) throw new Error('a header is linked only back from the one trusted');
  // A broken link is an answer to ask again about; any other error ends the linking.
  const link = () =>
    linkOnce(source, anchor, number).catch((error: unknown) => {
      if (error instanceof VerifyError && error.code === 'VERIFY_CHAIN_BROKEN') return error;
      throw error;
    });
  const linked = await askedAcrossReorg(link, (answer) => answer instanceof VerifyError, wait);
  if (linked instanceof VerifyError) throw linked;
  return linked;
}
