// The passkey account's network check refuses, in words and before a passkey is asked: a ZKsync
// chain (no EIP-7702, known from its family, its node not asked), and a chain for which Cairn has
// computed no delegate code hash. (A network that passes, and the sends: the integration test.)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cairnRefusal } from '../../../testing/expectRefusal';
import zkSync from '../../../testing/fixtures/feeFamilies/zkSync.json' with { type: 'json' };
import { recordedNode } from '../../../testing/recordedNode';
import { forgetFeeFamilies } from '../../chain/feeFamily';
import { builtInNetworks } from '../../chain/networks';
import { checkPasskeyNetwork, PASSKEY_SIGNATURE_GAS } from './passkeyAccountSend';

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
    const refusal = await cairnRefusal(checkPasskeyNetwork(preset('ethereum')));
    expect(refusal.code).toBe('SMART_DELEGATE_UNVERIFIED');
  });

  it('allows for the Solidity verifier’s gas where P256VERIFY does not answer', () => {
    // bench passkey-account: about 62,000 and 302,000 above the calls' own gas.
    expect(PASSKEY_SIGNATURE_GAS.precompile).toBeGreaterThan(62_000n);
    expect(PASSKEY_SIGNATURE_GAS.solidity - PASSKEY_SIGNATURE_GAS.precompile).toBeGreaterThanOrEqual(240_000n);
  });
});
