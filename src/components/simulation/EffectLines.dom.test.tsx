// The preview's lines in words, rendered into a document: approvals, warnings, and which parts a
// site's window may see change at every block without restarting its approve delay.
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { type Address, maxUint256 } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { builtInNetworks, type Network } from '@/core/chain/networks';
import type { ApprovalChange } from '@/core/simulation/types';
import { AccountChangeLines, ApprovalLine, WarningSentence } from './EffectLines';
import type { PreviewNames } from './previewNames';

const me: Address = '0xa11ce00000000000000000000000000000000001';
const spender: Address = '0x3000000000000000000000000000000000000003';
const shib: Address = '0x95aD61b0a150d79219dCF64E1E6Cc01f0B64C4cE';

/** Names for a token of 18 decimals called SHIB; no address has a name of the person's. */
const names: PreviewNames = {
  nameOf: () => undefined,
  isSaved: () => false,
  labelOf: () => ({ known: true, symbol: 'SHIB', decimals: 18 }) as ReturnType<PreviewNames['labelOf']>,
};

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  document.body.replaceChildren();
});

/** `node` rendered into the document: its element. */
function render(node: ReactNode): HTMLElement {
  const element = document.body.appendChild(document.createElement('div'));
  const root = createRoot(element);
  unmounts.push(() => root.unmount());
  flushSync(() => root.render(node));
  return element;
}

/** What a sighted reader sees in `element`: its text without the words kept for screen readers. */
function seen(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('.visually-hidden')) hidden.remove();
  return copy.textContent ?? '';
}

const line = (amount: bigint) => {
  const approval: ApprovalChange = { kind: 'erc20', token: shib, owner: me, spender, amount, unlimited: true };
  return seen(render(<ApprovalLine approval={approval} names={names} />));
};

describe('an approval in the preview, in words', () => {
  it('says "unlimited" alone for the values apps use for no limit', () => {
    expect(line(maxUint256)).toMatch(/spend an unlimited amount of your SHIB$/);
    expect(line(2n ** 96n - 1n)).not.toContain('exactly');
  });

  it('gives the exact amount, formatted, beside "unlimited" for a real amount above the threshold', () => {
    // 100 billion SHIB: a real amount, far from any "no limit" value, above 2^96 − 1 base units.
    const exact = line(100_000_000_000n * 10n ** 18n);
    expect(exact).toContain('an unlimited amount of your SHIB (exactly 100,000,000,000');
    // Just under the maximum: never the 78 digits.
    const huge = line(maxUint256 - 1n);
    expect(huge).toContain('exactly 1.15e59');
    expect(huge).not.toContain((maxUint256 - 1n).toString().slice(0, 20));
  });
});

describe('a preview a contract can tell from the real transaction', () => {
  it('says so in a sentence naming how: the code at the person’s address', () => {
    const element = render(
      <WarningSentence
        warning={{ kind: 'receipt-unverifiable' }}
        names={names}
        unit={{ decimals: 18, symbol: 'ETH' }}
      />,
    );
    expect(seen(element)).toMatch(
      /^A contract can tell this preview from the real transaction: .*code at your address/,
    );
  });
});

describe('what moves, with its dollar value', () => {
  it('keeps the amount and its dollar value, which change at every block, inside data-volatile; the direction and asset outside', () => {
    const [network] = builtInNetworks('http://node.test/') as [Network];
    const prices = new Map([['native', { answer: 3_000n * 10n ** 8n, decimals: 8, updatedAt: 0, roundId: 1n }]]);
    const element = render(
      <AccountChangeLines
        changes={[{ kind: 'native', address: me, in: 0n, out: 10n ** 18n }]}
        names={names}
        network={network}
        prices={prices}
      />,
    );
    const item = element.querySelector('li') as HTMLElement;
    expect(seen(item)).toMatch(/^Sends 1 ETH \(\$3,000/);
    const volatile = item.querySelectorAll('[data-volatile]');
    expect(volatile).toHaveLength(1);
    expect(seen(volatile[0] as Element)).toMatch(/^1 ETH \(\$3,000/);
    for (const part of volatile) part.remove();
    expect(seen(item)).toBe('Sends ');
  });
});
