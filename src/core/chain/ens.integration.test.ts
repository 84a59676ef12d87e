import { describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { demoAddress } from '../../../devchain/seed.ts';
import { looksLikeName, resolveRecipient } from './ens';
import { localNetwork } from './networks';

const network = { ...localNetwork(localChainUrl()), id: 'ens-test' };

describe('recipients: addresses and ENS names', () => {
  it('tells names from addresses', () => {
    expect(looksLikeName('alice.eth')).toBe(true);
    expect(looksLikeName('0xabc.eth')).toBe(false);
    expect(looksLikeName('alice')).toBe(false);
  });

  it('resolves names through the node, normalising case', async () => {
    expect(await resolveRecipient(network, 'Alice.ETH')).toEqual({ address: demoAddress(5), name: 'alice.eth' });
    expect(await resolveRecipient(network, demoAddress(6).toLowerCase())).toEqual({
      address: demoAddress(6),
      name: undefined,
    });
  });

  it('refuses a name that does not resolve, and names on networks without ENS', async () => {
    await expect(resolveRecipient(network, 'nobody.eth')).rejects.toMatchObject({
      code: 'INPUT_RECIPIENT',
      shortMessage: 'nobody.eth does not resolve to an address on Local chain.',
    });
    await expect(resolveRecipient({ ...network, ensUniversalResolver: undefined }, 'alice.eth')).rejects.toMatchObject({
      shortMessage: "Local chain has no ENS: enter the recipient's 0x address.",
    });
  });
});
