import type { Hex } from 'viem';
import { VerifyError } from '../errors/verify';
import { codeValue, msg } from '../i18n/message';
import { headerIsWhole, type RpcHeader } from './headerHash';
import { headerFrom, type Source } from './sources';

/** A block Cairn trusts by its hash (a pin), or a whole header it trusts (agreed, a light client's). */
export type ChainAnchor = { number: bigint; hash: Hex; header?: RpcHeader };

const sameHash = (a: Hex, b: Hex) => a.toLowerCase() === b.toLowerCase();

/**
 * The header of block `number`, at or before the anchor, linked to it by parent hashes: every
 * header from `number` to the anchor's (the anchor's own when only its hash is known) is asked of
 * `source` at once (one request); each must hash whole, the anchor's must have the anchor's hash,
 * and each must be the parent the next one names. A parent hash vouches only for the block before:
 * a header is never trusted for being the child of a trusted one (anyone can make one), so nothing
 * newer than the anchor is reached this way. Throws VERIFY_SOURCE_BEHIND, VERIFY_HEADER_FORGED,
 * VERIFY_PIN_MISMATCH (another block at a pin's height), VERIFY_CHAIN_BROKEN, a ChainError.
 */
export async function linkedHeader(source: Source, anchor: ChainAnchor, number: bigint): Promise<RpcHeader> {
  if (number > anchor.number) throw new Error('a header is linked only back from the one trusted');
  const url = codeValue(source.url);
  const last = anchor.header ? anchor.number - 1n : anchor.number;
  const numbers: bigint[] = [];
  for (let at = last; at >= number; at--) numbers.push(at);
  const asked = await Promise.all(numbers.map((at) => headerFrom(source, at)));
  let child = anchor.header;
  for (const [i, header] of asked.entries()) {
    const at = numbers[i] as bigint;
    const block = at.toString();
    if (!header)
      throw new VerifyError('VERIFY_SOURCE_BEHIND', msg('core.chain:verify.sourceBehind', { source: url, block }));
    if (!headerIsWhole(header) || BigInt(header.number) !== at)
      throw new VerifyError('VERIFY_HEADER_FORGED', msg('core.chain:verify.headerForged', { source: url, block }));
    if (!child && !sameHash(header.hash, anchor.hash))
      throw new VerifyError(
        'VERIFY_PIN_MISMATCH',
        msg('core.chain:verify.pinMismatch', {
          source: url,
          hash: codeValue(header.hash),
          block,
          pinned: codeValue(anchor.hash),
        }),
      );
    if (child && !sameHash(header.hash, child.parentHash))
      throw new VerifyError(
        'VERIFY_CHAIN_BROKEN',
        msg('core.chain:verify.chainBroken', {
          source: url,
          block,
          child: (at + 1n).toString(),
          hash: codeValue(header.hash),
          parentHash: codeValue(child.parentHash),
        }),
      );
    child = header;
  }
  return child as RpcHeader;
}
