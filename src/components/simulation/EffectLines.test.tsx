import { renderToStaticMarkup } from 'react-dom/server';
import { type Address, maxUint256 } from 'viem';
import { describe, expect, it } from 'vitest';
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

const text = (html: string) => html.replace(/<span class="visually-hidden">[^<]*<\/span>/g, '').replace(/<[^>]+>/g, '');
const line = (amount: bigint) => {
  const approval: ApprovalChange = { kind: 'erc20', token: shib, owner: me, spender, amount, unlimited: true };
  return text(renderToStaticMarkup(<ApprovalLine approval={approval} names={names} />));
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
  it('is a warning in words, not a footnote', () => {
    const html = renderToStaticMarkup(
      <WarningSentence
        warning={{ kind: 'receipt-unverifiable' }}
        names={names}
        unit={{ decimals: 18, symbol: 'ETH' }}
      />,
    );
    expect(text(html)).toMatch(/^A contract can tell this preview from the real transaction: .*code at your address/);
  });
});

describe('what moves, with its dollar value', () => {
  it('keeps the dollar value, which follows the price feed, inside a part marked data-volatile, and the amount outside', () => {
    const [network] = builtInNetworks('http://node.test/') as [Network];
    const prices = new Map([['native', { answer: 3_000n * 10n ** 8n, decimals: 8, updatedAt: 0, roundId: 1n }]]);
    const html = renderToStaticMarkup(
      <AccountChangeLines
        changes={[{ kind: 'native', address: me, in: 0n, out: 10n ** 18n }]}
        names={names}
        network={network}
        prices={prices}
      />,
    );
    const volatile = /<span data-volatile="">(.*)<\/span><\/li>/.exec(html)?.[1] ?? '';
    expect(text(volatile)).toMatch(/^ \(\$3,000/);
    expect(text(html.replace(volatile, ''))).toMatch(/^Sends 1 ETH/);
  });
});
