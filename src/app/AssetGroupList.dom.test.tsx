// Each asset once across networks, as a person meets it on Home: one row per group with its
// networks named, its bridged kind labelled, and each network's own balance behind a disclosure
// that says whether it is open. Groups are made by core (assetGroups.ts) from rows of two networks.
// Here in app, not beside the list: each network's line links to Send through the real link
// builder (appLinks), which the feature cannot import, and the test follows where it leads.
import { flushSync } from 'react-dom';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type AssetGroup, groupAcrossNetworks, type NetworkRow } from '@/core/assets/assetGroups';
import { AssetGroupList } from '@/features/portfolio/AssetGroupList';
import { byRole } from '@/testing/byRole';
import { etherRow } from '@/testing/portfolioFixtures';
import { screenTestWallet } from '@/testing/screenTestWallet';
import { appLinks } from './links';
import { screen } from './paths';

const setUp = screenTestWallet();
const wallet = () => setUp.wallet;

const network = (id: string) => {
  const found = wallet()
    .store.getState()
    .networks.find((n) => n.id === id);
  if (!found) throw new Error(`no network ${id}`);
  return found;
};
const USD = 10n ** 18n;

function show(groups: AssetGroup[]) {
  setUp.show(
    <MemoryRouter>
      <AssetGroupList groups={groups} />
    </MemoryRouter>,
    { links: appLinks },
  );
}

/** Where a link leads: the screen's path and what it asks of it. */
function leadsTo(link: HTMLAnchorElement): { path: string; asks: Record<string, string> } {
  const url = new URL(link.getAttribute('href') ?? '', 'https://cairn.test');
  return { path: url.pathname, asks: Object.fromEntries(url.searchParams) };
}

describe('assets across networks on Home', () => {
  it('shows ETH of two networks as one row, each network’s balance on expand', () => {
    const rows: NetworkRow[] = [
      { network: network('ethereum'), row: etherRow(2n * USD, 6_500n * USD) },
      { network: network('optimism'), row: etherRow(USD / 2n, 1_625n * USD) },
    ];
    show(groupAcrossNetworks(rows, { hideZero: false }));
    const list = byRole('region', 'Assets');
    const items = list.querySelector('ul')?.children ?? [];
    expect(items).toHaveLength(1);
    const row = items[0] as HTMLElement;
    expect(row.textContent).toContain('Ethereum, OP Mainnet');
    expect(row.textContent).toContain('2.5 ETH');
    expect(row.textContent).toContain('$8,125.00');
    const toggle = byRole<HTMLButtonElement>('button', 'On 2 networks', row);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const members = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(members?.hidden).toBe(true);
    flushSync(() => toggle.click());
    expect(byRole('button', 'Hide networks', row).getAttribute('aria-expanded')).toBe('true');
    expect(members?.hidden).toBe(false);
    expect(members?.textContent).toMatch(/OP Mainnet.*0\.5 ETH.*\$1,625\.00/);
    // Each network's line leads to sending it there: Send, with the asset and that network.
    const sendOnOp = byRole<HTMLAnchorElement>('link', 'Send ETH on OP Mainnet', members ?? undefined);
    expect(leadsTo(sendOnOp)).toEqual({ path: screen('send').path, asks: { asset: 'native', network: 'optimism' } });
  });

  it('shows an asset on one network without a disclosure', () => {
    show(groupAcrossNetworks([{ network: network('base'), row: etherRow(USD, 3_250n * USD) }], { hideZero: false }));
    const list = byRole('region', 'Assets');
    expect(list.textContent).toContain('Base');
    expect(list.querySelector('button')).toBeNull();
    expect(leadsTo(byRole<HTMLAnchorElement>('link', 'Send ETH on Base', list))).toEqual({
      path: screen('send').path,
      asks: { asset: 'native', network: 'base' },
    });
  });
});
