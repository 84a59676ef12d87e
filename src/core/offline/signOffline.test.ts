import { hexToBytes, keccak256, parseGwei } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { vaultAccount } from '../../testing/vaultAccount';
import { VaultLockedError } from '../errors/vault';
import type { OfflineTx } from './offlineTx';
import { signOffline } from './signOffline';

const key = `0x${'46'.repeat(32)}` as const;
const address = privateKeyToAccount(key).address;
const tx: OfflineTx = {
  type: 'eip1559',
  chainId: 1,
  nonce: 0,
  to: '0x3535353535353535353535353535353535353535',
  value: 1n,
  gas: 21_000n,
  data: '0x',
  maxFeePerGas: parseGwei('20'),
  maxPriorityFeePerGas: parseGwei('1'),
  accessList: [],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signOffline', () => {
  it('signs with no network access at all', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('no network offline')));
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('WebSocket', undefined);
    const signed = await signOffline(
      vaultAccount(address, async () => hexToBytes(key)),
      tx,
    );
    expect(signed.from).toBe(address);
    expect(signed.hash).toBe(keccak256(signed.raw));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('passes on the key source’s refusal when the vault is locked', async () => {
    const locked = vaultAccount(address, async () => {
      throw new VaultLockedError();
    });
    await expect(signOffline(locked, tx)).rejects.toMatchObject({ code: 'VAULT_LOCKED' });
  });

  it('discards a signature that does not recover to the account', async () => {
    const other = `0x${'47'.repeat(32)}` as const;
    const wrongKey = vaultAccount(address, async () => hexToBytes(other));
    await expect(signOffline(wrongKey, tx)).rejects.toMatchObject({
      code: 'OFFLINE_SIGNER_MISMATCH',
      shortMessage: 'The signature does not check out against this account, so the signed transaction was discarded.',
    });
  });
});
