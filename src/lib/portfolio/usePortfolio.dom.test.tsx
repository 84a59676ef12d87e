// The balances usePortfolio hands to every figure derived from them (the value chart and its
// 24-hour change, Approvals' amounts at risk, Send's and Swap's lists and "Max" through
// useFungibleAssets),
// over a whole test wallet and a fake node: where a check has the proven balance apart from the
// node's claim (Walletbeat's lying proxy multiplies balanceOf by a million), the proven one, also
// while a changed request is read again; only the view's rows keep the claim, to strike it through.
import { flushSync } from 'react-dom';
import { parseUnits } from 'viem';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortfolioSnapshot } from '@/core/assets/portfolio';
import { selectedNetwork } from '@/core/session/sessionStore';
import type { FigureCheck } from '@/core/verify/figureChecks';
import { verificationOf } from '@/core/verify/verificationSetting';
import { useFungibleAssets } from '@/lib/portfolio/useFungibleAssets';
import { usePortfolio } from '@/lib/portfolio/usePortfolio';
import { chainKeys } from '@/lib/queries/chainQueries';
import { portfolioQuery } from '@/lib/queries/portfolioQueries';
import { balanceCheckQuery } from '@/lib/queries/verifyQueries';
import { useSelectedNetwork } from '@/lib/stores/session';
import { balanceCheck, contradicted } from '@/testing/balanceChecks';
import { FAKE_BLOCK, fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { TEST_ADDRESS_0 } from '@/testing/vaultFixtures';
import { lateRequestGuard, walletPortfolio } from '@/testing/walletPortfolio';

const poll = { timeout: 4_000, interval: 10 };
const ME = TEST_ADDRESS_0.toLowerCase();

let wallet: TestWallet;
let unmount: () => void = () => undefined;
let portfolio: ReturnType<typeof usePortfolio> | undefined;
let fungible: ReturnType<typeof useFungibleAssets> | undefined;
const lateRequests = lateRequestGuard(1_000);
let node: ReturnType<typeof fakeSimulationNode>;

function Probe() {
  portfolio = usePortfolio();
  // What Send's and Swap's lists, balances and "Max" take.
  fungible = useFungibleAssets(useSelectedNetwork(), TEST_ADDRESS_0);
  return null;
}

beforeEach(async () => {
  wallet = await createTestWallet();
  // Reads of the balances hang (a changed request stays on its way); the rest is not there.
  node = fakeSimulationNode(
    (method) => {
      if (method === 'eth_call') return new Promise(() => undefined);
      if (method === 'eth_getLogs') return [];
      throw { code: -32601, message: `the method ${method} does not exist` };
    },
    { block: { ...FAKE_BLOCK }, chainId: 31337 },
  );
  vi.stubGlobal('fetch', node.fetch);
});
afterEach(() => {
  unmount();
  const network = selectedNetwork(wallet.store.getState());
  wallet.verifier.noteBalanceCheck(network, balanceCheck({ block: FAKE_BLOCK.number }), {
    native: network.nativeCurrency,
    tokens: [],
  });
  wallet.close();
  // What the closed screen still had under way asks the node a moment later: refused here, never
  // sent to the network.
  lateRequests.refuse();
});
// The real fetch comes back once nothing has asked for a while.
afterAll(() => lateRequests.restore());

describe('the balances every figure takes', () => {
  it('are the proven ones where a check has them apart from the node’s claim, also while a changed request is read', async () => {
    const { network, token, accounts, request } = walletPortfolio(wallet);
    const daiKey = token('DAI').address.toLowerCase();
    const proven = parseUnits('4937.25', 18);
    const claimed = proven * 1_000_000n;
    const snapshot: PortfolioSnapshot = {
      blockNumber: FAKE_BLOCK.number,
      timestamp: Number(FAKE_BLOCK.timestamp),
      via: 'multicall',
      native: new Map(accounts.map((a) => [a.toLowerCase(), 2n * 10n ** 18n])),
      tokens: new Map(accounts.map((a) => [a.toLowerCase(), new Map([[daiKey, claimed]])])),
      prices: new Map([[daiKey, { answer: 100_000_000n, decimals: 8, updatedAt: 1, roundId: 1n }]]),
    };
    // The node's figure at its head, 2 ETH, is not the 1.5 ETH proven at the trusted block.
    const moved: FigureCheck = {
      state: 'moved',
      claimed: 2n * 10n ** 18n,
      at: 100n,
      proven: 15n * 10n ** 17n,
      block: 99n,
    };
    const lie = contradicted(claimed, proven, 'http://node.test/');
    const check = balanceCheck({ block: 99n, native: { [ME]: moved }, tokens: { [ME]: { [daiKey]: lie } } });
    const verification = verificationOf(wallet.store.getState().verification, network);
    wallet.queries.setQueryData(portfolioQuery(network, request).queryKey, snapshot);
    wallet.queries.setQueryData(
      balanceCheckQuery(wallet.verifier, network, snapshot, request, verification, []).queryKey,
      check,
    );
    unmount = renderInWallet(wallet, <Probe />).unmount;

    const figures = () => {
      const shown = portfolio?.snapshot;
      return {
        dai: shown?.tokens.get(ME)?.get(daiKey),
        eth: shown?.native.get(ME),
        checked: portfolio?.checks !== undefined,
      };
    };
    const provenFigures = { dai: proven, eth: 15n * 10n ** 17n, checked: true };
    await expect.poll(figures, poll).toEqual(provenFigures);
    expect(fungible?.assets.find((a) => a.key === daiKey)).toMatchObject({
      balance: proven,
      proven,
      mark: 'contradicted',
    });
    expect(fungible?.assets.find((a) => a.key === 'native')).toMatchObject({
      balance: 15n * 10n ** 17n,
      proven: 15n * 10n ** 17n,
      mark: 'moved',
    });
    // Home's total counts the proven balance; its row keeps the claim beside it.
    expect(portfolio?.view?.accounts[0]?.rows.find((r) => r.key === daiKey)).toMatchObject({
      balance: proven,
      value: proven,
      check: lie,
    });

    // A token added: the new request is read, the last balances stay on screen meanwhile, as proven.
    flushSync(() =>
      wallet.store.getState().addCustomToken(network.id, {
        address: '0x00000000000000000000000000000000000000e4',
        name: 'Empty',
        symbol: 'EMP',
        decimals: 6,
      }),
    );
    await expect.poll(() => portfolio?.tokens.some((t) => t.symbol === 'EMP'), poll).toBe(true);
    expect(figures()).toEqual(provenFigures);
    expect(portfolio?.view?.accounts[0]?.rows.find((r) => r.key === daiKey)?.balance).toBe(proven);
    // What the wallet reads in the background (history, tokens nobody asked for) is answered
    // before the node goes away: it has asked nothing for a moment.
    let asked = -1;
    const idle = () => {
      const still = node.asked.length === asked;
      asked = node.asked.length;
      return still;
    };
    await expect.poll(idle, { timeout: 4_000, interval: 300 }).toBe(true);
  });

  it('stay on screen, marked stale because of the node, once the node stops answering', async () => {
    const { network, accounts, request } = walletPortfolio(wallet);
    const snapshot: PortfolioSnapshot = {
      blockNumber: FAKE_BLOCK.number,
      timestamp: Number(FAKE_BLOCK.timestamp),
      via: 'multicall',
      native: new Map(accounts.map((a) => [a.toLowerCase(), 2n * 10n ** 18n])),
      tokens: new Map(),
      prices: new Map(),
    };
    wallet.queries.setQueryData(portfolioQuery(network, request).queryKey, snapshot);
    let down = false;
    const answering = node.fetch;
    vi.stubGlobal('fetch', (...args: Parameters<typeof fetch>) =>
      down ? Promise.reject(new TypeError('fetch failed')) : answering(...args),
    );
    unmount = renderInWallet(wallet, <Probe />).unmount;
    await expect.poll(() => portfolio?.status.state, poll).toBe('fresh');
    // The head read once: a failed ask then keeps its data, and the failure must still count.
    await expect.poll(() => wallet.queries.getQueryState(chainKeys.head(network))?.status, poll).toBe('success');
    down = true;
    await expect
      .poll(() => portfolio?.status, { timeout: 10_000, interval: 20 })
      .toMatchObject({
        state: 'stale',
        because: 'node',
        block: FAKE_BLOCK.number,
      });
    expect(portfolio?.stale).toBe(true);
    expect(portfolio?.staleBecause).toBe('node');
    expect(portfolio?.snapshot?.native.get(ME)).toBe(2n * 10n ** 18n);
  });
});
