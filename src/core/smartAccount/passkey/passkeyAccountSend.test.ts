// The passkey account's network check refuses, in words and before a passkey is asked: a ZKsync
// chain (no EIP-7702, known from its family, its node not asked), and a chain for which Cairn has
// computed no delegate code hash. And Send of a reviewed upgrade checks the delegate's code again
// (other code there now: refused, nothing submitted). (A network that passes, and the sends: the
// integration test.)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cairnRefusal } from '../../../testing/expectRefusal';
import { fakeSimulationNode } from '../../../testing/fakeSimulationNode';
import zkSync from '../../../testing/fixtures/feeFamilies/zkSync.json' with { type: 'json' };
import { p256Authenticator } from '../../../testing/p256Authenticator';
import { recordedNode } from '../../../testing/recordedNode';
import { forgetFeeFamilies } from '../../chain/feeFamily';
import { builtInNetworks, localNetwork } from '../../chain/networks';
import type { SigningAccount } from '../../signing/signerAccount';
import type { TransactionService } from '../../tx/transactionService';
import { checkPasskeyNetwork, PASSKEY_SIGNATURE_GAS, sendPasskeyUpgrade } from './passkeyAccountSend';
import { signPasskeyUpgrade } from './passkeyUpgrade';

beforeEach(() => forgetFeeFamilies());
afterEach(() => vi.unstubAllGlobals());

const preset = (id: string) => {
  const network = builtInNetworks('http://127.0.0.1:8545').find((n) => n.id === id);
  if (!network) throw new Error(`no ${id} preset`);
  return { ...network, rpcUrls: [`https://${id}.passkey.example/`] };
};

describe('a network for a passkey account', () => {
  it('refuses a ZKsync chain for lacking EIP-7702, without asking its node', async () => {
    const node = recordedNode(zkSync);
    vi.stubGlobal('fetch', node.fetch);
    const refusal = await cairnRefusal(checkPasskeyNetwork(preset('zksync')));
    expect(refusal.code).toBe('SMART_NO_7702');
    expect(refusal.text.id).toBe('core.chain:smartAccount.no7702ZkSync');
    expect(node.requests).toEqual([]);
  });

  it('refuses a chain whose delegate code hash Cairn has not computed', async () => {
    const node = recordedNode(zkSync);
    vi.stubGlobal('fetch', node.fetch);
    // A network of the person's own (its family given, as feeFamilyOf keeps it once read).
    const custom = { ...preset('ethereum'), id: 'custom', chainId: 777_777 };
    const refusal = await cairnRefusal(checkPasskeyNetwork(custom));
    expect(refusal.code).toBe('SMART_DELEGATE_UNVERIFIED');
  });

  it('allows for the Solidity verifier’s gas where P256VERIFY does not answer', () => {
    // bench passkey-account: about 62,000 and 302,000 above the calls' own gas.
    expect(PASSKEY_SIGNATURE_GAS.precompile).toBeGreaterThan(62_000n);
    expect(PASSKEY_SIGNATURE_GAS.solidity - PASSKEY_SIGNATURE_GAS.precompile).toBeGreaterThanOrEqual(240_000n);
  });
});

describe('sending a reviewed upgrade', () => {
  it('checks the delegate’s code again first: other code there now is refused, nothing submitted', async () => {
    const node = fakeSimulationNode((method) => (method === 'eth_getCode' ? '0x6000' : '0x'), { chainId: 31337 });
    vi.stubGlobal('fetch', node.fetch);
    const network = localNetwork('http://127.0.0.1:1/');
    const upgrade = await signPasskeyUpgrade({ chainId: network.chainId, publicKey: p256Authenticator().publicKey });
    const submit = vi.fn();
    const service = { refuseWhileHeld: () => undefined, submit } as unknown as TransactionService;
    const payer = { address: '0x00000000000000000000000000000000000000b0' } as unknown as SigningAccount;
    const prepared = { call: upgrade.call } as never;
    const tx = { kind: 'account-upgrade' as const, sender: payer.address, call: upgrade.call, authorizations: [] };
    const refusal = await cairnRefusal(
      sendPasskeyUpgrade(service, { network, payer, upgrade: { account: upgrade.account, tx, prepared } }),
    );
    expect(refusal.code).toBe('SMART_DELEGATE_MISMATCH');
    expect(submit).not.toHaveBeenCalled();
    expect(node.asked.map((a) => a.method)).toContain('eth_getCode');
  });
});
