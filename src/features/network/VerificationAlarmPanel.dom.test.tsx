// The alarm above every screen while proofs contradict the selected network's node, rendered
// through a test wallet's providers from the alarm store as a finished check leaves it (the
// verifier's noteBalanceCheck; the rules themselves are tested in Node, core/verify/alarmRules.test.ts):
// an alert naming each contradicted figure with the source that said it, what it said and what
// the proof says, and any lie among the check's problems; that sending is held, then that the
// person chose to send anyway (until another lie is caught). Only a clean check takes it away:
// one that could not check, or met a problem, leaves it standing.
import { flushSync } from 'react-dom';
import type { Address } from 'viem';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PortfolioToken } from '@/core/assets/token';
import type { Network } from '@/core/chain/networks';
import { VerifyError } from '@/core/errors/verify';
import { msg } from '@/core/i18n/message';
import { EMPTY_CODE_HASH } from '@/core/verify/accountProof';
import type { CallCheck } from '@/core/verify/checkedCall';
import type { BalanceCheck, FigureCheck } from '@/core/verify/figureChecks';
import type { TrustedHeader } from '@/core/verify/trustedHeader';
import { balanceCheck, contradicted } from '@/testing/balanceChecks';
import { allByRole, byRole, queryByRole, spokenText } from '@/testing/byRole';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { TEST_ADDRESS_0, TEST_ADDRESS_1 } from '@/testing/vaultFixtures';
import { VerificationAlarmPanel } from './VerificationAlarmPanel';

const TITLE = 'This node’s answers do not match the proofs';
const HELD =
  'Sending is held until you acknowledge this where you send: Send, Swap, a site’s request, Revoke on Approvals, a smart account’s upgrade or undo, a Safe’s confirmation on-chain or execution, or a signed transaction’s broadcast.';
const ACKNOWLEDGED = 'You chose to send anyway while this lasts.';
const ETH = 10n ** 18n;
const NODE_A = 'https://node-a.example/rpc';
const NODE_B = 'https://node-b.example/rpc';
const ME = TEST_ADDRESS_0.toLowerCase();
const ALSO_ME = TEST_ADDRESS_1.toLowerCase();
const DAI: PortfolioToken = {
  address: '0x00000000000000000000000000000000000000D1' as Address,
  name: 'Dai',
  symbol: 'DAI',
  decimals: 18,
  origin: 'list',
};
/** A token the check named that the portfolio does not hold (the alarm cannot name it). */
const UNKNOWN = '0x00000000000000000000000000000000000000e9';
const ASSETS = { native: { symbol: 'ETH', decimals: 18 }, tokens: [DAI] };

const BLOCK = 21_000_000n;
/** A check at BLOCK, trusted by agreement, of these native figures, token figures and problems. */
const check = (
  native: Record<string, FigureCheck>,
  tokens: Record<string, Record<string, FigureCheck>> = {},
  problems: VerifyError[] = [],
): BalanceCheck => balanceCheck({ block: BLOCK, native, tokens, problems });
const CLEAN = check({ [ME]: { state: 'verified', block: BLOCK } });
const noProofs = () => new VerifyError('VERIFY_NO_PROOFS', msg('core.chain:verify.noProofs', { source: NODE_A }));

let wallet: TestWallet;
let network: Network;
let unmount: () => void = () => undefined;
beforeEach(async () => {
  wallet = await createTestWallet();
  const local = wallet.store.getState().networks.find((n) => n.id === 'local');
  if (!local) throw new Error('no local network');
  network = local;
});
afterEach(() => {
  unmount();
  // The alarm store lives outside the wallet: nothing a test raised outlives it.
  wallet.verifier.clear(network);
  wallet.close();
});

function note(balances: BalanceCheck) {
  flushSync(() => wallet.verifier.noteBalanceCheck(network, balances, ASSETS));
}

function showPanel() {
  unmount = renderInWallet(wallet, <VerificationAlarmPanel network={network} />).unmount;
}

/** The last paragraph of the alert: what it says of sending. */
const sending = (alert: Element) => spokenText([...alert.querySelectorAll('p')].at(-1) as Element);

describe('the verification alarm', () => {
  it('names each contradicted figure: the source, what it said, what the proof says', () => {
    note(
      check(
        { [ME]: contradicted(5n * ETH, ETH, NODE_A) },
        { [ALSO_ME]: { [DAI.address.toLowerCase()]: contradicted(1_000n * ETH, 250n * ETH, NODE_B) } },
      ),
    );
    showPanel();
    const alert = byRole('alert');
    expect(byRole('heading', TITLE, alert)).toBeDefined();
    expect(spokenText(alert)).toContain(`against the state of block ${BLOCK}, and they differ.`);
    const lines = allByRole('listitem', undefined, alert).map(spokenText);
    expect(lines).toEqual([
      `ETH of ${ME}: ${NODE_A} said 5 ETH; the proof says 1 ETH.`,
      `DAI of ${ALSO_ME}: ${NODE_B} said 1000 DAI; the proof says 250 DAI.`,
    ]);
    expect(sending(alert)).toBe(HELD);
  });

  it('says the person chose to send anyway once they acknowledge it, and keeps saying so while the same lie is told again', () => {
    note(check({ [ME]: contradicted(5n * ETH, ETH, NODE_A) }));
    showPanel();
    expect(sending(byRole('alert'))).toBe(HELD);
    flushSync(() => wallet.verifier.acknowledge(network));
    expect(sending(byRole('alert'))).toBe(ACKNOWLEDGED);
    expect(spokenText(byRole('alert'))).not.toContain(HELD);
    note(balanceCheck({ block: BLOCK + 1n, native: { [ME]: contradicted(6n * ETH, ETH, NODE_A) } }));
    expect(sending(byRole('alert'))).toBe(ACKNOWLEDGED);
    // The same lie at a later block leaves the alert as it stood (not read out again each block).
    expect(spokenText(byRole('alert'))).toContain(`${NODE_A} said 5 ETH; the proof says 1 ETH.`);
  });

  it('asks again when another lie is caught: another source, or another figure', () => {
    note(check({ [ME]: contradicted(5n * ETH, ETH, NODE_A) }));
    showPanel();
    flushSync(() => wallet.verifier.acknowledge(network));
    note(check({ [ME]: contradicted(5n * ETH, ETH, NODE_B) }));
    expect(sending(byRole('alert'))).toBe(HELD);
    flushSync(() => wallet.verifier.acknowledge(network));
    note(check({ [ME]: contradicted(5n * ETH, ETH, NODE_B), [ALSO_ME]: contradicted(3n * ETH, ETH, NODE_B) }));
    expect(sending(byRole('alert'))).toBe(HELD);
    expect(allByRole('listitem', undefined, byRole('alert'))).toHaveLength(2);
  });

  it('stands through a check that could not prove anything, or met a problem', () => {
    note(check({ [ME]: contradicted(5n * ETH, ETH, NODE_A) }));
    showPanel();
    // The node now refuses its proofs: no header, no figures.
    note(balanceCheck({ block: BLOCK + 1n, header: 'none', problems: [noProofs()] }));
    expect(spokenText(byRole('alert'))).toContain(`${NODE_A} said 5 ETH; the proof says 1 ETH.`);
    // A header, every figure proven, but a problem met on the way.
    note(
      balanceCheck({
        block: BLOCK + 2n,
        native: { [ME]: { state: 'verified', block: BLOCK + 2n } },
        problems: [noProofs()],
      }),
    );
    expect(byRole('heading', TITLE, byRole('alert'))).toBeDefined();
    expect(sending(byRole('alert'))).toBe(HELD);
  });

  it('goes when a check is clean, and a new lie after that is held again', () => {
    note(check({ [ME]: contradicted(5n * ETH, ETH, NODE_A) }));
    showPanel();
    flushSync(() => wallet.verifier.acknowledge(network));
    note(CLEAN);
    expect(queryByRole('alert')).toBeUndefined();
    expect(document.body.textContent).toBe('');
    note(check({ [ME]: contradicted(2n * ETH, ETH, NODE_B) }));
    expect(sending(byRole('alert'))).toBe(HELD);
  });

  it('shows a lie among the problems, but not a problem that only stopped a check', () => {
    const forged = new VerifyError(
      'VERIFY_PROOF_FAILED',
      msg('core.chain:verify.proofFailed', { source: NODE_B, address: ME, block: '21000000' }),
    );
    note(check({}, {}, [noProofs(), forged]));
    showPanel();
    const alert = byRole('alert');
    expect(byRole('heading', TITLE, alert)).toBeDefined();
    expect(spokenText(alert)).toContain(
      `${NODE_B}’s proof for ${ME} does not lead to the state root of block 21000000: what it says of this account cannot be trusted.`,
    );
    expect(spokenText(alert)).not.toContain('eth_getProof');
    expect(allByRole('list', undefined, alert)).toEqual([]);
    expect(sending(alert)).toBe(HELD);
  });

  it('names a review’s call the node answered falsely, beside the balances’ lies, and holds sending', () => {
    note(check({ [ME]: contradicted(5n * ETH, ETH, NODE_A) }));
    const differs: CallCheck = {
      state: 'differs',
      header: { number: BLOCK } as TrustedHeader,
      node: { data: '0x01', reverted: false },
      proven: { data: '0x02', reverted: false },
      source: NODE_A,
      effects: { logs: [], moves: [], readsBlock: false },
      calleeCodeHash: EMPTY_CODE_HASH,
      read: new Map(),
    };
    // A call is checked only where previews are: the network's choice, which the verifier follows.
    wallet.store.getState().setVerification(network.id, { mode: 'previews', trust: { kind: 'agreement' } });
    // Told by the network's own first URL, which stays listed.
    const source = network.rpcUrls[0] ?? '';
    flushSync(() =>
      wallet.verifier.noteCallCheck(network, { source, transaction: 'a send', block: BLOCK }, { ...differs, source }),
    );
    showPanel();
    const alert = byRole('alert');
    expect(spokenText(alert)).toContain(
      `${network.rpcUrls[0]} answers the reviewed transaction’s call at block ${BLOCK} otherwise than Cairn’s own EVM does over proven state`,
    );
    expect(allByRole('listitem', undefined, alert).map(spokenText)).toEqual([
      `ETH of ${ME}: ${NODE_A} said 5 ETH; the proof says 1 ETH.`,
    ]);
    expect(sending(alert)).toBe(HELD);
    // A clean balance check ends the balances' lie, not the call's.
    note(CLEAN);
    expect(spokenText(byRole('alert'))).toContain('otherwise than Cairn’s own EVM');
    expect(allByRole('listitem', undefined, byRole('alert'))).toEqual([]);
  });

  it('leaves out a contradicted token the portfolio does not hold, naming the rest', () => {
    note(
      check({ [ME]: contradicted(3n * ETH, 2n * ETH, NODE_A) }, { [ME]: { [UNKNOWN]: contradicted(9n, 1n, NODE_A) } }),
    );
    showPanel();
    expect(allByRole('listitem', undefined, byRole('alert')).map(spokenText)).toEqual([
      `ETH of ${ME}: ${NODE_A} said 3 ETH; the proof says 2 ETH.`,
    ]);
  });

  it('shows nothing without an alarm, nor for figures that are only unproven', () => {
    showPanel();
    expect(queryByRole('alert')).toBeUndefined();
    note(check({ [ME]: { state: 'unverified', reason: msg('core.chain:verify.reason.notRead') } }));
    expect(queryByRole('alert')).toBeUndefined();
    note(balanceCheck({ block: BLOCK, header: 'none', problems: [noProofs()] }));
    expect(queryByRole('alert')).toBeUndefined();
  });

  it('shows nothing here for an alarm on another network', () => {
    const other = wallet.store.getState().networks.find((n) => n.id !== network.id);
    if (!other) throw new Error('one network only');
    flushSync(() =>
      wallet.verifier.noteBalanceCheck(other, check({ [ME]: contradicted(5n * ETH, ETH, NODE_A) }), ASSETS),
    );
    try {
      showPanel();
      expect(queryByRole('alert')).toBeUndefined();
    } finally {
      wallet.verifier.noteBalanceCheck(other, CLEAN, ASSETS);
    }
  });
});
