// A swap's quote checked against proofs, where the network's checks cover previews: the very calls
// the quote made of the node (its pools' states and the quoter calls) run again, as one Multicall3
// aggregate3, in Cairn's own EVM over state proven against a trusted header. The same answers,
// call for call: the quote is proven. Another answer: the node lied about the state the quote reads.
import { type Address, decodeFunctionResult, encodeFunctionData } from 'viem';
import { sameHex } from '../bytes';
import { MULTICALL3_CODE_HASH } from '../chain/localChain';
import { type Call3, type CallOutcome, MULTICALL3_ADDRESS, multicall3Abi } from '../chain/multicall';
import { isCairnError } from '../errors/base';
import { VerifyError } from '../errors/verify';
import { codeValue, type Message, msg } from '../i18n/message';
import { createMismatchBook } from '../verify/askedAgain';
import type { CallCheck } from '../verify/checkedCall';
import { isLie } from '../verify/figureChecks';
import { type Wants, want } from '../verify/provenReads';
import type { Source } from '../verify/sources';
import { type HeaderTrust, type TrustedHeader, trustedBlock, trustedHeaderFor } from '../verify/trustedHeader';
import type { SwapContracts } from './contracts';
import { sameAnswer } from './quoteCalls';
import { type QuoteHintInput, quoteHint } from './quoteHint';
import { createQuoteReader, type QuoteAsk, type QuoteReading } from './readQuote';
import { candidateRoutes, type Hop } from './routes';

/** What the proofs say of a quote. */
export type QuoteProof =
  /** Cairn's EVM over proven state gives every answer the node gave, at `block`. */
  | { state: 'verified'; block: bigint }
  /** The proofs contradict the node: the quote is not to be shown. */
  | { state: 'contradicted'; block: bigint; problem: Message }
  /** It could not be checked (no proofs, one source, a trusted block too old…), and says why. */
  | { state: 'unproven'; reason: Message };

/**
 * A quote with what the proofs say of it; `check` is what the alarm is told (a call that differs,
 * a proof that failed), absent when nothing was checked.
 */
export type CheckedQuote = { reading: QuoteReading; proof: QuoteProof; check?: CallCheck | VerifyError };

/**
 * A quote is proven at the trusted block, read there too: at most this many blocks before the head
 * (a light client's header is often a block behind the node's), as the screen shows no older quote.
 */
export const MAX_QUOTE_LAG = 1n;

export type CheckedQuoteReader = {
  /** Throws what the node's own reading throws (a ChainError); what only the check meets is in `proof`. */
  read(ask: QuoteAsk, trust: HeaderTrust): Promise<CheckedQuote>;
};

/** Cairn's EVM, loaded with the first check (it is large). */
let evm: Promise<typeof import('../verify/verifiedCall')> | undefined;
const loadEvm = () => {
  // A load that failed (offline, say) is tried again by the next check.
  evm ??= import('../verify/verifiedCall').catch((error: unknown) => {
    evm = undefined;
    throw error;
  });
  return evm;
};

const pairKey = (ask: QuoteAsk) => `${ask.tokenIn.toLowerCase()}>${ask.tokenOut.toLowerCase()}`;

const unrunnable = (reason: string) =>
  new VerifyError('VERIFY_CALL_UNRUNNABLE', msg('core.chain:verify.callUnrunnable', { reason: codeValue(reason) }));

/** What quoteHint foresees from: the pair's candidate routes and the node's answers to the pools' states. */
function foreseeing(
  contracts: SwapContracts,
  ask: QuoteAsk,
  asked: readonly Call3[],
  answered: readonly CallOutcome[],
): QuoteHintInput {
  const routes = candidateRoutes(contracts, ask.tokenIn, ask.tokenOut, ask.hubs);
  const v3Pools = new Map<string, { fee: number; tokens: Address[] }>();
  const v4Spacings = new Map<string, number>();
  const tokens = new Set<Address>();
  for (const hop of routes.flatMap((route): Hop[] => route.hops)) {
    tokens.add(hop.tokenIn);
    tokens.add(hop.tokenOut);
    if (hop.protocol === 'v3')
      v3Pools.set(hop.pool.toLowerCase(), { fee: hop.fee, tokens: [hop.tokenIn, hop.tokenOut] });
    else v4Spacings.set(hop.poolId.toLowerCase(), hop.key.tickSpacing);
  }
  const stateAnswers = new Map(
    asked.slice(0, answered.length).map((call, i) => [call, answered[i]?.ok ? answered[i].data : undefined]),
  );
  return { asked, stateAnswers, v3Pools, v4Spacings, tokens: [...tokens], contracts };
}

const asCallOutcome = (outcome: CallOutcome | undefined) =>
  outcome?.ok ? { data: outcome.data ?? '0x', reverted: false } : { data: '0x' as const, reverted: true };

/**
 * A reader of quotes through the first of `sources` (the node the alarm names), each checked: the
 * node's reading and the trusted header are asked together, then the proofs in one round, with the
 * accounts and slots the pair's last check read as a hint (a pool's state moves little between
 * blocks), so a pair quoted again costs two round trips. A proof that leads to no root of its
 * header is asked again with the pair's quote after the next block before it is called a lie
 * (askedAgain.ts: a development node's unsealed state does it honestly).
 */
export function createCheckedQuoteReader(sources: readonly Source[], contracts: SwapContracts): CheckedQuoteReader {
  const [source] = sources;
  if (!source) throw new Error('a checked quote needs a source');
  const reader = createQuoteReader(source.client, contracts);
  const hints = new Map<string, Wants>();
  const mismatches = createMismatchBook();

  /**
   * What to prove in the first round: what the pair's last check read, and every contract the
   * calls name (pools, StateView, quoters), so even a first check does not find them one by one.
   */
  function hintFor(key: string, asked: readonly Call3[], foreseen?: Wants): Wants {
    const hint: Wants = new Map();
    for (const [address, slots] of [...(hints.get(key) ?? []), ...(foreseen ?? [])])
      for (const slot of [undefined, ...slots]) want(hint, address, slot);
    for (const call of asked) want(hint, call.target);
    return hint;
  }

  /** Each call's answer from Cairn's EVM over state proven at `header`, in one aggregate3, and that run. */
  async function provenAnswers(asked: readonly Call3[], header: TrustedHeader, key: string, foreseen?: Wants) {
    const { verifiedCall } = await loadEvm();
    const data = encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [asked] });
    const run = await verifiedCall(
      source as Source,
      header,
      { to: MULTICALL3_ADDRESS, data },
      { hint: hintFor(key, asked, foreseen) },
    );
    hints.set(key, run.read);
    if (!sameHex(run.calleeCodeHash, MULTICALL3_CODE_HASH)) throw unrunnable('no Multicall3 at its canonical address');
    if (run.reverted) throw unrunnable(`the quote's calls together: ${run.halt ?? 'revert'}`);
    const answers = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: run.data }).map(
      (r): CallOutcome =>
        r.success ? { ok: true, data: r.returnData } : { ok: false, saidWhy: r.returnData.length >= 10 },
    );
    return { answers, run };
  }

  /**
   * What a failed check of the pair `key`'s quote asked at `head` says: a lie it caught
   * (contradicted), or only why nothing is proven (a proof failure met first among them).
   */
  function failed(reading: QuoteReading, error: unknown, key: string, head: bigint): CheckedQuote {
    if (!isCairnError(error)) throw error;
    if (error instanceof VerifyError) {
      const judged = mismatches.failed(key, head, error);
      return {
        reading,
        proof: isLie(judged)
          ? { state: 'contradicted', block: reading.block, problem: judged.text }
          : { state: 'unproven', reason: judged.text },
        check: judged,
      };
    }
    return { reading, proof: { state: 'unproven', reason: error.text } };
  }

  return {
    async read(ask, trust) {
      const block = trustedBlock(trust, ask.block);
      if (block > ask.block || ask.block - block > MAX_QUOTE_LAG) {
        const reading = await reader.read(ask);
        const reason = msg('core.chain:verify.quoteBehind', { block: block.toString(), head: ask.block.toString() });
        return { reading, proof: { state: 'unproven', reason } };
      }
      // Asked in the same moment: the node's reading and the header travel in one request. A first
      // reading of the pair asks its quotes in a second: its proofs start beside them.
      const key = pairKey(ask);
      const trusted = trustedHeaderFor(sources, trust, ask.block);
      let early: { asked: number; proven: ReturnType<typeof provenAnswers> } | undefined;
      const beforeQuotes = async (asked: readonly Call3[], answered: readonly CallOutcome[]) => {
        // The EVM loaded first, so the proofs leave in the same moment as the quoter calls.
        const [known] = await Promise.all([trusted.catch(() => undefined), loadEvm()]);
        if (!known) return;
        const foreseen = quoteHint(foreseeing(contracts, ask, asked, answered));
        early = { asked: asked.length, proven: provenAnswers(asked, known, key, foreseen) };
        early.proven.catch(() => undefined);
      };
      const [read, header] = await Promise.allSettled([reader.readWithCalls({ ...ask, block }, beforeQuotes), trusted]);
      if (read.status === 'rejected') throw read.reason;
      const { reading, calls } = read.value;
      if (header.status === 'rejected') return failed(reading, header.reason, key, ask.block);
      // A reading that asked nothing (no route within reach of the amount) has nothing to prove.
      if (calls.asked.length === 0) return { reading, proof: { state: 'verified', block } };
      let proven: Awaited<ReturnType<typeof provenAnswers>>;
      try {
        proven = await (early?.asked === calls.asked.length
          ? early.proven
          : provenAnswers(calls.asked, header.value, key));
      } catch (error) {
        return failed(reading, error, key, ask.block);
      }
      // Every proof led to the header's root: a mismatch the pair met before is over.
      mismatches.passed(key);
      const { answers, run } = proven;
      const checked = {
        header: header.value,
        source: source.url,
        effects: { logs: run.logs, moves: run.moves, readsBlock: run.readsBlock },
        calleeCodeHash: run.calleeCodeHash,
        read: run.read,
      };
      const at = calls.asked.findIndex((call, i) => !sameAnswer(call, calls.answered[i], answers[i]));
      // A call that failed without a word in Cairn's run, all calls in one, ran out of gas there
      // (the node may have run it alone, with gas of its own): not proven either way.
      const ours = answers[at];
      if (at >= 0 && calls.answered[at]?.ok && ours && !ours.ok && !ours.saidWhy)
        return failed(reading, unrunnable('a quote ran out of gas among the others'), key, ask.block);
      if (at < 0)
        return {
          reading,
          proof: { state: 'verified', block },
          check: { ...checked, state: 'verified', reverted: false },
        };
      const check: CallCheck = {
        ...checked,
        state: 'differs',
        node: asCallOutcome(calls.answered[at]),
        proven: asCallOutcome(answers[at]),
      };
      const problem = msg('core.chain:verify.quoteDiffers', { source: codeValue(source.url), block: block.toString() });
      return { reading, proof: { state: 'contradicted', block, problem }, check };
    },
  };
}
