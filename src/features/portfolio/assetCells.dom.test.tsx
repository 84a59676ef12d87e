// A Home row's balance as a proof left it, rendered through a test wallet's providers: a proven
// balance says so (to assistive technology) beside its amount, an unproven one says why not, and
// one a proof contradicted strikes the node's claim through beside what the proof says.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AssetRow } from '@/core/assets/portfolioView';
import { msg } from '@/core/i18n/message';
import type { FigureCheck } from '@/core/verify/figureChecks';
import { contradicted } from '@/testing/balanceChecks';
import { allByRole, byRole, spokenText } from '@/testing/byRole';
import { etherRow } from '@/testing/portfolioFixtures';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { BalanceCell, ValueCell } from './assetCells';

const ETH = 10n ** 18n;

const row = (balance: bigint | undefined, check?: FigureCheck): AssetRow => ({
  ...etherRow(balance),
  ...(check ? { check } : {}),
});

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

/** The cell of `asset`, in a list item named for it (the row a table would give it). */
function showCell(asset: AssetRow, Cell: typeof BalanceCell = BalanceCell): HTMLElement {
  shown = renderInWallet(
    wallet,
    <ul>
      <li aria-label="balance">
        <Cell row={asset} />
      </li>
    </ul>,
  );
  return byRole('listitem', 'balance');
}

/** The visually hidden parts of `cell` that are not the amount's own exact figure, as read. */
function hiddenSayings(cell: Element): string[] {
  return [...cell.querySelectorAll('.visually-hidden')]
    .filter((e) => !e.closest('[data-amount]'))
    .map((e) => spokenText(e));
}

describe('a balance checked against a proof', () => {
  it('marks a proven balance "Proven at block N" beside the amount, for assistive technology only', () => {
    const cell = showCell(row(3n * ETH, { state: 'verified', block: 21_000_000n }));
    expect(spokenText(cell)).toBe('3 ETH Proven at block 21000000');
    expect(hiddenSayings(cell)).toEqual(['Proven at block 21000000']);
    // The mark seen is not read (the words are).
    const mark = [...cell.querySelectorAll('[aria-hidden=true]')].map((e) => e.textContent);
    expect(mark).toContain('✓');
    expect(allByRole('deletion', undefined, cell)).toEqual([]);
    expect(allByRole('insertion', undefined, cell)).toEqual([]);
  });

  it('says why a balance is not proven', () => {
    const cell = showCell(row(ETH / 2n, { state: 'unverified', reason: msg('core.chain:verify.reason.notRead') }));
    expect(spokenText(cell)).toBe('0.5 ETH Not proven: The node did not give this figure.');
    expect(hiddenSayings(cell)).toEqual(['Not proven: The node did not give this figure.']);
    expect(spokenText(cell)).not.toContain('Proven at');
  });

  it('shows the balance proven at the trusted block, never the node’s other figure at its head as the balance', () => {
    const check: FigureCheck = { state: 'moved', claimed: 2n * ETH, at: 21_000_001n, proven: ETH, block: 21_000_000n };
    // A moved row carries the proven balance as its balance (portfolioView).
    const cell = showCell(row(ETH, check));
    expect(spokenText(cell)).toBe(
      '1 ETH Proven at block 21000000 The node says 2 ETH at block 21000001: not proven yet.',
    );
    expect(hiddenSayings(cell)).toEqual(['Proven at block 21000000']);
    expect(allByRole('deletion', undefined, cell)).toEqual([]);
  });

  it('strikes a contradicted claim through beside what the proof says', () => {
    const check: FigureCheck = contradicted(5n * ETH, ETH, 'http://node.test/');
    // A contradicted row carries the proven balance as its balance (portfolioView).
    const cell = showCell(row(ETH, check));
    const [claimed, ...moreClaimed] = allByRole('deletion', undefined, cell);
    const [proven, ...moreProven] = allByRole('insertion', undefined, cell);
    expect(moreClaimed).toEqual([]);
    expect(moreProven).toEqual([]);
    expect(spokenText(claimed as Element)).toBe('The node said 5 ETH');
    expect(spokenText(proven as Element)).toBe('the proof says 1 ETH');
    expect(spokenText(cell)).toBe('The node said 5 ETH the proof says 1 ETH');
    expect(spokenText(cell)).not.toMatch(/Proven at|Not proven/);
  });

  it('shows the amount alone when nothing was checked, and "unreadable" when it could not be read', () => {
    let cell = showCell(row(2n * ETH));
    expect(spokenText(cell)).toBe('2 ETH');
    expect(hiddenSayings(cell)).toEqual([]);
    shown?.unmount();
    cell = showCell(row(undefined, { state: 'verified', block: 1n }));
    expect(spokenText(cell)).toBe('unreadable');
  });
});

describe('a value on an L2, by the sequencer rule', () => {
  const priced = { ...row(2n * ETH), value: 6_000n * ETH };

  it('shows the value at the network’s own feed as before', () => {
    expect(spokenText(showCell({ ...priced, priceFrom: 'network' }, ValueCell))).toBe('$6,000.00');
  });

  it('says when the value is at the parent network’s price', () => {
    expect(spokenText(showCell({ ...priced, priceFrom: 'parent' }, ValueCell))).toBe(
      '$6,000.00 (price from its parent network)',
    );
  });

  it('says why there is no value, in place of it', () => {
    const cell = showCell({ ...row(2n * ETH), noPrice: msg('core.chain:l2Price.sequencerDown') }, ValueCell);
    expect(spokenText(cell)).toBe(
      'No price: this network’s sequencer is down, so its price feeds are frozen, and its parent network’s price could not be used.',
    );
    expect(cell.textContent).not.toContain('—');
  });
});
