// A permit's check against the signer's balance, as a review runs it: when the balance cannot be
// read (in a site's window the node may be the site's), signing is never let through unchecked.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Address } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedNetwork } from '@/core/session/sessionStore';
import { describeConsequences } from '@/core/signing/permits';
import type { SignatureConsequences } from '@/core/signing/permitTypes';
import { parseTypedDataJson } from '@/core/signing/typedData';
import { eip2612Permit } from '@/testing/permitFixtures';
import { createTestWallet, type TestWallet, TestWalletProviders } from '@/testing/testWallet';
import { TEST_ADDRESS_0 } from '@/testing/vaultFixtures';
import { usePermitBalanceCheck } from './permitBalanceCheck';

const NOW = 1_700_000_000n;
const permit = describeConsequences(
  parseTypedDataJson(JSON.stringify(eip2612Permit({ value: '1', deadline: String(NOW + 86_400n) }))).typedData,
  NOW,
) as SignatureConsequences;

type Checked = ReturnType<typeof usePermitBalanceCheck>;
let wallet: TestWallet;
const unmounts: (() => void)[] = [];
beforeEach(async () => {
  wallet = await createTestWallet();
  // The node cannot be reached.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')));
});
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  wallet.close();
  vi.unstubAllGlobals();
});

function Probe({ seen, consequences }: { seen: Checked[]; consequences: SignatureConsequences }) {
  const network = selectedNetwork(wallet.store.getState());
  seen.push(usePermitBalanceCheck(network, TEST_ADDRESS_0 as Address, consequences, undefined));
  return null;
}

describe('usePermitBalanceCheck', () => {
  it('warns that the balance could not be read, and holds signing for an explicit yes, when the read fails', async () => {
    const seen: Checked[] = [];
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    unmounts.push(() => root.unmount());
    flushSync(() =>
      root.render(
        <TestWalletProviders wallet={wallet}>
          <Probe seen={seen} consequences={permit} />
        </TestWalletProviders>,
      ),
    );
    await expect.poll(() => seen.at(-1)?.checking, { timeout: 15_000, interval: 50 }).toBe(false);
    const checked = seen.at(-1)?.consequences;
    expect(checked?.kind === 'permit' && checked.needsAcknowledgement).toBe(true);
    expect(checked?.warnings.map((w) => w.code)).toContain('balanceUnread');
  }, 30_000);
});
