import { describe, expect, it } from 'vitest';
import { parsePrivateKey } from '@/core/keys/privateKey';
import { TEST_ADDRESS_0, TEST_KEY_0 } from '@/testing/vaultFixtures';
import { addToContents, mergeContents, type NewSecret } from './contentsOps';
import type { VaultContents } from './vaultContents';

const ids = () => {
  let n = 0;
  return { newId: () => `id-${++n}`, now: 1 };
};

const keySecret = (): Extract<NewSecret, { kind: 'privateKey' }> => ({
  kind: 'privateKey',
  privateKey: parsePrivateKey(TEST_KEY_0),
  origin: 'imported-key',
});

describe('vault contents: secret bytes have one owner', () => {
  it('zero-fills the secret it was given when none of its accounts can be added (duplicates)', () => {
    const watched = addToContents(
      { secrets: [], accounts: [] },
      undefined,
      [{ address: TEST_ADDRESS_0, source: { kind: 'watch' } }],
      ids(),
    ).contents;
    const secret = keySecret();
    expect(() => addToContents(watched, secret, [{ address: TEST_ADDRESS_0, source: { kind: 'key' } }], ids())).toThrow(
      expect.objectContaining({ code: 'VAULT_DUPLICATE_ACCOUNT' }),
    );
    expect(secret.privateKey.every((b) => b === 0)).toBe(true);
  });

  it('merging a backup copies its secrets: the backup can be wiped on its own, and what is merged stays whole', () => {
    const backup: VaultContents = addToContents(
      { secrets: [], accounts: [] },
      keySecret(),
      [{ address: TEST_ADDRESS_0, source: { kind: 'key' } }],
      ids(),
    ).contents;
    const merged = mergeContents({ secrets: [], accounts: [] }, backup, ids());
    expect(merged.added).toBe(1);
    for (const secret of backup.secrets) if (secret.kind === 'privateKey') secret.privateKey.fill(0);
    const [kept] = merged.contents.secrets;
    expect(kept?.kind === 'privateKey' && Array.from(kept.privateKey)).toEqual(Array.from(parsePrivateKey(TEST_KEY_0)));
  });
});
