// The line under Home's total, rendered through a test wallet's providers: how many figures are
// proven against which block and how that block is trusted, each reason the others are not proven
// once, how many figures a proof contradicted; or, when nothing could be checked, why.
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VerifyError, type VerifyErrorCode } from '@/core/errors/verify';
import { type Message, msg } from '@/core/i18n/message';
import type { BalanceCheck, FigureCheck } from '@/core/verify/figureChecks';
import type { TrustedHeader } from '@/core/verify/trustedHeader';
import { balanceCheck, contradicted, trustedHeaderAt } from '@/testing/balanceChecks';
import { byRole, spokenText } from '@/testing/byRole';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { VerificationLine } from './VerificationLine';

const BLOCK = 21_000_000n;
const NODE_A = 'https://node-a.example/';
const NODE_B = 'https://node-b.example/';
const ALICE = '0x00000000000000000000000000000000000a11ce';
const BOB = '0x0000000000000000000000000000000000000b0b';
const DAI = '0x00000000000000000000000000000000000000d1';
const MKR = '0x00000000000000000000000000000000000000a2';

const verified: FigureCheck = { state: 'verified', block: BLOCK };
const notRead = (): FigureCheck => ({ state: 'unverified', reason: msg('core.chain:verify.reason.notRead') });
/** The node gives another figure at its head, a block past the one proven. */
const moved = (): FigureCheck => ({ state: 'moved', claimed: 9n, at: BLOCK + 1n, proven: 1n, block: BLOCK });
const lie = (claimed: bigint): FigureCheck => contradicted(claimed, 1n, NODE_A);

/** A check at BLOCK trusted `via` two nodes (none: no header), its figures and problems. */
const check = (
  via: TrustedHeader['via'] | undefined,
  native: Record<string, FigureCheck>,
  tokens: Record<string, Record<string, FigureCheck>> = {},
  problems: VerifyError[] = [],
): BalanceCheck =>
  balanceCheck({
    block: BLOCK,
    header: via ? trustedHeaderAt(BLOCK, via, [NODE_A, NODE_B]) : 'none',
    native,
    tokens,
    problems,
  });

const problem = (code: VerifyErrorCode, text: Message) => new VerifyError(code, text);

let wallet: TestWallet;
let shown: { unmount(): void } | undefined;
beforeAll(async () => {
  wallet = await createTestWallet();
});
afterAll(() => wallet.close());
afterEach(() => {
  shown?.unmount();
  shown = undefined;
});

/** The line's paragraphs, as read. */
function showLine(balances: BalanceCheck, networkId = 'local'): string[] {
  const network = wallet.store.getState().networks.find((n) => n.id === networkId);
  if (!network) throw new Error(`no network ${networkId}`);
  shown = renderInWallet(
    wallet,
    <MemoryRouter>
      <VerificationLine check={balances} network={network} />
    </MemoryRouter>,
  );
  return [...document.querySelectorAll('p')].map(spokenText);
}

const PROOF_CHECKS_LINK = 'Proof checks';
const NOT_READ = 'Not proven: The node did not give this figure.';
const MOVED = `2 figures show the balance proven at block ${BLOCK}: the node gives another at its head, not proven yet.`;

describe('the verification line', () => {
  it('counts the proven figures against the block its two RPC URLs agree on', () => {
    const lines = showLine(
      check('agreement', { [ALICE]: verified, [BOB]: verified }, { [ALICE]: { [DAI]: verified } }),
    );
    expect(lines).toEqual([
      `3 of 3 figures proven against block ${BLOCK}, on which its 2 RPC URLs agree.`,
      PROOF_CHECKS_LINK,
    ]);
    expect(byRole<HTMLAnchorElement>('link', PROOF_CHECKS_LINK).getAttribute('href')).toBe('/settings/networks');
  });

  it('lists each distinct reason a figure is not proven once, and counts those the node gives otherwise at its head', () => {
    const lines = showLine(
      check(
        'agreement',
        { [ALICE]: verified, [BOB]: notRead() },
        { [ALICE]: { [DAI]: notRead(), [MKR]: moved() }, [BOB]: { [DAI]: moved(), [MKR]: verified } },
      ),
    );
    expect(lines).toEqual([
      `2 of 6 figures proven against block ${BLOCK}, on which its 2 RPC URLs agree.`,
      NOT_READ,
      MOVED,
      PROOF_CHECKS_LINK,
    ]);
  });

  it('says how many figures a proof contradicted, and counts none of them proven', () => {
    let lines = showLine(check('agreement', { [ALICE]: lie(5n), [BOB]: verified }));
    expect(lines).toEqual([
      `1 of 2 figures proven against block ${BLOCK}, on which its 2 RPC URLs agree.`,
      '1 figure is contradicted by proofs: the node’s claim is struck through beside what the proof says.',
      PROOF_CHECKS_LINK,
    ]);
    shown?.unmount();
    lines = showLine(check('agreement', { [ALICE]: lie(5n), [BOB]: notRead() }, { [ALICE]: { [DAI]: lie(7n) } }));
    expect(lines).toEqual([
      `0 of 3 figures proven against block ${BLOCK}, on which its 2 RPC URLs agree.`,
      NOT_READ,
      '2 figures are contradicted by proofs: the node’s claim is struck through beside what the proof says.',
      PROOF_CHECKS_LINK,
    ]);
  });

  it('names a pinned block and a light client as where the block comes from', () => {
    expect(showLine(check('pinned', { [ALICE]: verified }))[0]).toBe(
      `1 of 1 figure proven against block ${BLOCK}, the block you pinned.`,
    );
    shown?.unmount();
    expect(showLine(check('lightClient', { [ALICE]: verified }))[0]).toBe(
      `1 of 1 figure proven against block ${BLOCK}, which the light client follows.`,
    );
  });

  it('says why a light client’s block is its finalized one, not the head', () => {
    const header = { ...trustedHeaderAt(BLOCK, 'lightClient'), headAwaitsSupermajority: true as const };
    const lines = showLine(balanceCheck({ block: BLOCK, header, native: { [ALICE]: verified } }));
    expect(lines[0]).toBe(
      `1 of 1 figure proven against block ${BLOCK}, the light client’s last finalized block, some minutes old: it takes the newest block only after an update signed by two thirds of the sync committee, and the beacon API has sent none yet.`,
    );
  });

  it('says on a rollup that its figures are proven against its own blocks, not the chain it settles on', () => {
    const lines = showLine(check('agreement', { [ALICE]: verified }, {}), 'optimism');
    expect(lines).toEqual([
      `1 of 1 figure proven against block ${BLOCK}, on which its 2 RPC URLs agree.`,
      'OP Mainnet settles on another chain: these figures are proven against OP Mainnet’s own blocks, not checked against the chain it settles on.',
      PROOF_CHECKS_LINK,
    ]);
  });

  it('says why nothing is proven when there are no figures, and counts nothing', () => {
    const lines = showLine(
      check(undefined, {}, {}, [problem('VERIFY_ONE_SOURCE', msg('core.chain:verify.oneSource'))]),
    );
    expect(lines).toEqual([
      'Balances not proven: This network lists one RPC URL. Checking by agreement needs at least two: add another node’s URL, or pin a block.',
      PROOF_CHECKS_LINK,
    ]);
  });

  it('counts the figures when there are some, whatever problem the check also met', () => {
    const failed = problem(
      'VERIFY_PROOF_FAILED',
      msg('core.chain:verify.proofFailed', { source: NODE_A, address: BOB, block: BLOCK.toString() }),
    );
    const lines = showLine(check('agreement', { [ALICE]: verified, [BOB]: notRead() }, {}, [failed]));
    expect(lines).toEqual([
      `1 of 2 figures proven against block ${BLOCK}, on which its 2 RPC URLs agree.`,
      NOT_READ,
      PROOF_CHECKS_LINK,
    ]);
  });

  it('says the first problem only, naming its source', () => {
    const lines = showLine(
      check(undefined, {}, {}, [
        problem('VERIFY_NO_PROOFS', msg('core.chain:verify.noProofs', { source: NODE_B })),
        problem('VERIFY_ONE_SOURCE', msg('core.chain:verify.oneSource')),
      ]),
    );
    expect(lines[0]).toBe(
      `Balances not proven: ${NODE_B} does not answer eth_getProof, so Cairn cannot check what it says. Geth, Nethermind, Besu, Erigon and Reth answer it; some hosted nodes turn it off.`,
    );
    expect(lines.join(' ')).not.toContain('one RPC URL');
    expect(lines.join(' ')).not.toContain('figures proven');
  });
});
