import { VerifyError } from '../errors/verify';
import { msg } from '../i18n/message';

// The one rule for a proof that does not lead to its header's root: a development node (Hardhat,
// Anvil) does it honestly while it holds state no block has sealed (hardhat_setBalance,
// hardhat_setCode, anvil_setBalance), so such a mismatch is asked again after the next block
// before it is called a lie. Balances (headClaims.ts), a review's call (lib's callCheckQuery) and a
// swap's quote (checkedQuote.ts) all judge by it.

/** The block (the node's head when asked) a question last met a mismatch at; undefined: none pending. */
export type MismatchAt = bigint | undefined;

/**
 * What a check of a question asked at `block` makes of what it met: a mismatch met before, at an
 * earlier block, is a lie; one met first (or again at the same block) is asked again after the
 * next block; a check that met none ends the question. Returns the verdict and what to keep.
 */
export function judgeMismatch(before: MismatchAt, block: bigint, mismatch: boolean): { lie: boolean; at: MismatchAt } {
  if (!mismatch) return { lie: false, at: undefined };
  if (before !== undefined && before < block) return { lie: true, at: block };
  return { lie: false, at: before ?? block };
}

/**
 * The block a check was asked at, for judgeMismatch: the node's head, or the newest block another
 * source named when they agreed on the header (newestNamed), when that is newer. A first source
 * that freezes its head and lies there is then judged as the chain moves on, not asked again for
 * ever; a development node's own head still moves with its next block.
 */
export function askedAt(head: bigint, newestNamed: bigint | undefined): bigint {
  return newestNamed !== undefined && newestNamed > head ? newestNamed : head;
}

/** A proof failure met once, as not yet a lie: asked again after the next block. */
export function unsettled(problem: VerifyError): VerifyError {
  const values = (problem.text.values ?? {}) as { source: never; address: never; block: string };
  return new VerifyError('VERIFY_PROOF_UNSETTLED', msg('core.chain:verify.proofUnsettled', values), {
    cause: problem,
  });
}

/** How many questions a book keeps at most (the oldest go first). */
const MAX_KEPT = 256;

/**
 * Questions a node is asked again and again (a review's call, a pair's quote), each with the block
 * it last met a mismatch at, judged by judgeMismatch.
 */
export type MismatchBook = {
  /**
   * A check of `question` asked at `block` (or the newer block the error's header names, askedAt)
   * failed with `error`: a proof that leads to no root of its header is a lie only when met before
   * at an earlier block, else it is asked again
   * (VERIFY_PROOF_UNSETTLED, not a lie). Any other error as it is.
   */
  failed(question: string, block: bigint, error: VerifyError): VerifyError;
  /** A check of `question` met no mismatch: the question ends. */
  passed(question: string): void;
};

export function createMismatchBook(): MismatchBook {
  const met = new Map<string, bigint>();
  return {
    failed(question, block, error) {
      if (error.code !== 'VERIFY_PROOF_FAILED') return error;
      const { lie, at } = judgeMismatch(met.get(question), askedAt(block, error.newestNamed), true);
      met.delete(question);
      met.set(question, at as bigint);
      if (met.size > MAX_KEPT) met.delete(met.keys().next().value as string);
      return lie ? error : unsettled(error);
    },
    passed(question) {
      met.delete(question);
    },
  };
}
