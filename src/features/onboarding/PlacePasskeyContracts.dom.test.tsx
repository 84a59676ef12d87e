// "Create a passkey account" on a network without Cairn's passkey contracts, over a test wallet
// and a fake node: no passkey is asked for; the step that places them says what each is, where it
// lands, the code hash Cairn checks and the fee; Back returns with nothing sent. Refused in words
// with nothing sent: no deterministic deployer, a node that does not apply EIP-7702, a paying
// account short of both fees.
import { MemoryRouter } from 'react-router';
import { type Hex, keccak256 } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DETERMINISTIC_DEPLOYER } from '@/core/chain/deterministicDeployer';
import {
  PASSKEY_DELEGATE_ADDRESS,
  PASSKEY_DELEGATE_CODE_HASHES,
  PASSKEY_VERIFIER_ADDRESS,
  PASSKEY_VERIFIER_CODE_HASH,
} from '@/core/smartAccount/passkey/passkeyDelegate.generated';
import { allByRole, spokenText } from '@/testing/byRole';
import { installFakeAuthenticator } from '@/testing/fakeAuthenticator';
import { fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { alerts, button, checkbox, click, shows } from '@/testing/inDocument';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { deterministicDeployerRuntime } from '../../../devchain/deterministicDeployer.ts';
import { CreatePasskeyAccountFlow } from './CreatePasskeyAccountFlow';

const poll = { timeout: 4_000, interval: 10 };
const CREATED = `0x${'c2'.repeat(20)}`;

let wallet: TestWallet;
let unmount: () => void = () => undefined;
beforeEach(async () => {
  wallet = await createTestWallet();
});
afterEach(() => {
  unmount();
  wallet.close();
  vi.unstubAllGlobals();
});

/**
 * A node with none of the passkey contracts; with the deterministic deployer unless `deployer` is
 * false, applying EIP-7702 unless `applies` is false.
 */
function bareNode(options: { deployer?: boolean; applies?: boolean; balance?: bigint; accepts?: number } = {}) {
  const { deployer = true, applies = true, balance, accepts = 0 } = options;
  let broadcasts = 0;
  const node = fakeSimulationNode(
    (method, params) => {
      if (method === 'eth_getCode') {
        const at = String(params[0]).toLowerCase();
        return deployer && at === DETERMINISTIC_DEPLOYER.toLowerCase() ? deterministicDeployerRuntime() : '0x';
      }
      if (method === 'eth_estimateGas') return '0x16e360';
      // The first `accepts` transactions are taken, the next refused for good.
      if (method === 'eth_sendRawTransaction') {
        broadcasts += 1;
        if (broadcasts <= accepts) return keccak256(params[0] as Hex);
        return new Error('insufficient funds for gas * price + value');
      }
      if (method === 'eth_getTransactionCount') return '0x0';
      if (method === 'eth_maxPriorityFeePerGas') return '0x3b9aca00';
      // Asked through a delegation to the deployer (does the node apply EIP-7702?): the address it
      // creates. Any other call: nothing.
      if (method === 'eth_call') {
        const delegated = (params[0] as { authorizationList?: unknown[] }).authorizationList !== undefined;
        return applies && delegated ? CREATED : '0x';
      }
      return new Error(`the fake node does not answer ${method}`);
    },
    { chainId: 31337, ...(balance === undefined ? {} : { balance }) },
  );
  vi.stubGlobal('fetch', node.fetch);
  return node;
}

function show() {
  unmount = renderInWallet(
    wallet,
    <MemoryRouter>
      <CreatePasskeyAccountFlow mode="add" onDone={() => undefined} onCancel={() => undefined} />
    </MemoryRouter>,
  ).unmount;
  checkbox('I understand')?.click();
  click('Create the passkey');
}

const sent = (asked: { method: string }[]) => asked.filter((a) => a.method.startsWith('eth_sendRaw')).length;
const TITLE = 'Place the passkey contracts on Local chain';

describe('a network without the passkey contracts', () => {
  it('asks for no passkey and shows what would be placed, where, its code hash and fee; Back sends nothing', async () => {
    const node = bareNode();
    const authenticator = installFakeAuthenticator();
    const before = wallet.vault.store.getState().accounts.length;
    show();
    await expect.poll(() => shows(TITLE), poll).toBe(true);
    await expect.poll(() => button('Place the contracts')?.disabled, poll).toBe(false);
    expect(authenticator.state.calls).toBe(0);
    // Each contract a region named by it, holding its own address, code hash and fee.
    const [verifier] = allByRole('region', /^OpenZeppelin’s WebAuthn verifier \(ERC7913WebAuthnVerifier, unchanged\)$/);
    const [delegate] = allByRole('region', /OpenZeppelin’s Account, SignerWebAuthn and ERC7821, composed by Cairn/);
    const delegateHash = PASSKEY_DELEGATE_CODE_HASHES[31337] ?? 'no hash';
    for (const [region, address, hash, other] of [
      [verifier, PASSKEY_VERIFIER_ADDRESS, PASSKEY_VERIFIER_CODE_HASH, delegateHash],
      [delegate, PASSKEY_DELEGATE_ADDRESS, delegateHash, PASSKEY_VERIFIER_CODE_HASH],
    ] as const) {
      const words = region ? spokenText(region) : '';
      expect(words.toLowerCase()).toContain(address.slice(2, 10).toLowerCase());
      expect(words).toContain(hash);
      expect(words).not.toContain(other);
      expect(words).toMatch(/at most/i);
    }
    click('Back');
    await expect.poll(() => shows('Create the passkey'), poll).toBe(true);
    expect(sent(node.asked)).toBe(0);
    expect(wallet.vault.store.getState().accounts.length).toBe(before);
  });

  it('without the deterministic deployer: said, and nothing can be placed or sent', async () => {
    const node = bareNode({ deployer: false });
    installFakeAuthenticator();
    show();
    await expect.poll(() => alerts(), poll).toContain('no deterministic deployment proxy at 0x4e59b448…956C');
    expect(button('Place the contracts')?.disabled).toBe(true);
    expect(sent(node.asked)).toBe(0);
  });

  it('on a node that does not apply EIP-7702: said, and nothing can be placed or sent', async () => {
    const node = bareNode({ applies: false });
    installFakeAuthenticator();
    show();
    await expect.poll(() => alerts(), poll).toContain('does not run EIP-7702');
    expect(button('Place the contracts')?.disabled).toBe(true);
    expect(sent(node.asked)).toBe(0);
  });

  it('the verifier sent and the delegate refused: said so, not "nothing was sent", and Place not offered again', async () => {
    const node = bareNode({ accepts: 1 });
    installFakeAuthenticator();
    show();
    await expect.poll(() => button('Place the contracts')?.disabled, poll).toBe(false);
    click('Place the contracts');
    await expect.poll(() => alerts(), poll).toContain('The verifier’s transaction was sent, but not the delegate’s.');
    expect(alerts()).not.toContain('Nothing was sent');
    expect(button('Place the contracts')?.disabled).toBe(true);
    expect(node.asked.filter((a) => a.method === 'eth_sendRawTransaction')).toHaveLength(2);
  });

  it('a paying account short of both fees: said, nothing sent', async () => {
    // Enough for about one placement at the fake node's gas and fees, not for two.
    const node = bareNode({ balance: 8_000_000_000_000_000n });
    installFakeAuthenticator();
    show();
    await expect.poll(() => alerts(), poll).toContain('holds too little to pay this transaction’s network fee');
    expect(button('Place the contracts')?.disabled).toBe(true);
    expect(sent(node.asked)).toBe(0);
  });
});
