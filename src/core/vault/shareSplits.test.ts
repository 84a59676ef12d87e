// The guardian list kept with a phrase: made with the shares, stored encrypted, never holding a
// share's words; each share noted as handed out; a new split replacing the one in use.
import { mnemonicToEntropy } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { describe, expect, it } from 'vitest';
import {
  createdTestSession,
  named,
  phraseSecret,
  TEST_ADDRESS_1,
  TEST_KEY_0,
  TEST_PASSWORD,
  TEST_PHRASE,
  testSession,
} from '@/testing/vaultFixtures';
import { parsePrivateKey } from '../keys/privateKey';
import { parseShare } from '../keys/slip39/share';
import { combineMnemonics } from '../keys/slip39/slip39';
import { addSecret } from './contentsOps';
import { currentSplit, newSplit, readShareSplits, withHandedOut } from './shareSplits';
import type { UnlockedVault } from './unlockedVault';
import { encodeContents } from './vaultContents';
import type { VaultSession } from './vaultSession';

const TWO_OF_THREE = { groupThreshold: 1, groups: [{ threshold: 2, guardians: ['Ana', 'Ben', 'Chloé'] }] };

async function splitSession() {
  let now = 1_700_000_000_000;
  const t = await createdTestSession({ now: () => now });
  const secretId = t.session.store.getState().secrets[0]?.id ?? '';
  return { ...t, secretId, later: (ms: number) => (now += ms) };
}

const splitsOf = (session: VaultSession) => session.store.getState().secrets[0]?.shareSplits ?? [];

/** The vault's plaintext as it is sealed now (what storage holds, before encryption). */
function plaintextOf(session: VaultSession): string {
  const vault = (session as unknown as { unlocked: UnlockedVault }).unlocked;
  return new TextDecoder().decode(encodeContents(vault.contents));
}

describe('splitting a phrase among guardians', () => {
  it('gives shares any two of which restore the entropy, and keeps names and identifiers only', async () => {
    const { session, secretId } = await splitSession();
    const { splitId, shares } = await session.splitPhrase(secretId, TEST_PASSWORD, TWO_OF_THREE);
    const [a, b, c] = shares[0] ?? [];
    const entropy = mnemonicToEntropy(TEST_PHRASE, wordlist);
    expect(await combineMnemonics([a ?? '', c ?? ''])).toEqual(entropy);
    expect(await combineMnemonics([b ?? '', a ?? ''])).toEqual(entropy);

    const [split] = splitsOf(session);
    expect(split).toMatchObject({
      id: splitId,
      identifier: parseShare(a ?? '').identifier,
      groupThreshold: 1,
      groups: [{ threshold: 2, count: 3 }],
      createdAt: 1_700_000_000_000,
    });
    expect(split?.guardians).toEqual([
      { name: 'Ana', groupIndex: 0, memberIndex: 0 },
      { name: 'Ben', groupIndex: 0, memberIndex: 1 },
      { name: 'Chloé', groupIndex: 0, memberIndex: 2 },
    ]);

    // Stored (and still there after a lock), with not one share's words in the vault's plaintext.
    session.lock();
    await session.unlock(TEST_PASSWORD);
    expect(splitsOf(session)).toEqual([split]);
    const stored = plaintextOf(session);
    expect(stored).toContain('Chloé');
    for (const share of [a, b, c]) {
      const words = (share ?? '').split(' ');
      // The first words are common to the set; from the fifth on they are the share's own.
      expect(stored).not.toContain(words.slice(4, 8).join(' '));
      expect(stored).not.toContain(share);
    }
    expect(JSON.stringify(session.store.getState())).not.toContain((a ?? '').split(' ').slice(4, 8).join(' '));
  });

  it('refuses a wrong password and an empty name, storing nothing', async () => {
    const { session, secretId } = await splitSession();
    await expect(session.splitPhrase(secretId, 'not the password', TWO_OF_THREE)).rejects.toMatchObject({
      code: 'VAULT_WRONG_PASSWORD',
    });
    const unnamed = { groupThreshold: 1, groups: [{ threshold: 2, guardians: ['Ana', '  ', 'Chloé'] }] };
    await expect(session.splitPhrase(secretId, TEST_PASSWORD, unnamed)).rejects.toMatchObject({
      code: 'VAULT_GUARDIAN_NAME',
    });
    expect(splitsOf(session)).toEqual([]);
  });

  it('notes each share handed out; enough of them count as the phrase’s backup', async () => {
    const { session, secretId, later } = await splitSession();
    const { splitId } = await session.splitPhrase(secretId, TEST_PASSWORD, TWO_OF_THREE);
    const at0 = later(60_000);
    await session.confirmShareHandedOut({ secretId, splitId, groupIndex: 0, memberIndex: 0 });
    expect(session.store.getState().secrets[0]?.lastBackup?.how).not.toBe('shares-handed-out');
    const at2 = later(60_000);
    await session.confirmShareHandedOut({ secretId, splitId, groupIndex: 0, memberIndex: 2 });
    expect(splitsOf(session)[0]?.guardians.map((g) => g.handedOutAt)).toEqual([at0, undefined, at2]);
    expect(session.store.getState().secrets[0]?.lastBackup).toEqual({ at: at2, how: 'shares-handed-out' });

    // Confirmed again later: the first date stands.
    later(60_000);
    await session.confirmShareHandedOut({ secretId, splitId, groupIndex: 0, memberIndex: 0 });
    expect(splitsOf(session)[0]?.guardians[0]?.handedOutAt).toBe(at0);

    await expect(
      session.confirmShareHandedOut({ secretId, splitId: 'gone', groupIndex: 0, memberIndex: 0 }),
    ).rejects.toMatchObject({ code: 'VAULT_ACCOUNT_NOT_FOUND' });
    await expect(
      session.confirmShareHandedOut({ secretId, splitId, groupIndex: 0, memberIndex: 3 }),
    ).rejects.toMatchObject({ code: 'VAULT_ACCOUNT_NOT_FOUND' });
  });

  it('notes a place handed out in a split not yet stored, and no place no guardian holds', () => {
    const split = newSplit(TWO_OF_THREE, 1234, { id: 'split', now: 5 });
    const once = withHandedOut(split, { groupIndex: 0, memberIndex: 1 }, 6);
    expect(once?.guardians.map((g) => g.handedOutAt)).toEqual([undefined, 6, undefined]);
    expect(once && withHandedOut(once, { groupIndex: 0, memberIndex: 1 }, 7)?.guardians[1]?.handedOutAt).toBe(6);
    expect(withHandedOut(split, { groupIndex: 1, memberIndex: 0 }, 6)).toBeUndefined();
  });

  it('marks the split in use replaced when a new one is made', async () => {
    const { session, secretId, later } = await splitSession();
    const first = await session.splitPhrase(secretId, TEST_PASSWORD, TWO_OF_THREE);
    const at = later(86_400_000);
    const groups = {
      groupThreshold: 2,
      groups: [
        { threshold: 1, guardians: ['Me'] },
        { threshold: 2, guardians: ['Ana', 'Ben', 'Chloé'] },
      ],
    };
    const second = await session.splitPhrase(secretId, TEST_PASSWORD, groups);
    expect(second.shares.map((g) => g.length)).toEqual([1, 3]);
    const splits = splitsOf(session);
    expect(splits.map((s) => [s.id, s.replacedAt])).toEqual([
      [first.splitId, at],
      [second.splitId, undefined],
    ]);
    expect(currentSplit(splits)?.id).toBe(second.splitId);
    expect(currentSplit(splits)?.guardians.map((g) => [g.name, g.groupIndex, g.memberIndex])).toEqual([
      ['Me', 0, 0],
      ['Ana', 1, 0],
      ['Ben', 1, 1],
      ['Chloé', 1, 2],
    ]);
  });

  it('reads back only well-formed splits', () => {
    const good = {
      id: 's',
      identifier: 7,
      groupThreshold: 1,
      groups: [{ threshold: 2, count: 3 }],
      createdAt: 1,
      guardians: [],
    };
    expect(readShareSplits([good, { ...good, groups: 'x' }, null])).toEqual([good]);
    expect(readShareSplits(undefined)).toBeUndefined();
  });
});

describe('guardian lists in a restored backup', () => {
  /** A vault whose phrase was split 2-of-3 and handed out, as a backup file's text. */
  async function backupWithSplit() {
    const { session, secretId } = await splitSession();
    const { splitId } = await session.splitPhrase(secretId, TEST_PASSWORD, TWO_OF_THREE);
    await session.confirmShareHandedOut({ secretId, splitId, groupIndex: 0, memberIndex: 1 });
    return { text: await session.exportBackup(), splits: splitsOf(session) };
  }

  it('keeps them when the backup is added to an unlocked vault without the phrase', async () => {
    const { text, splits } = await backupWithSplit();
    const { session } = testSession();
    await session.init();
    const key = { kind: 'privateKey', privateKey: parsePrivateKey(TEST_KEY_0), origin: 'imported-key' } as const;
    await session.create(TEST_PASSWORD, key, named({ address: TEST_ADDRESS_1, source: { kind: 'key' } }));
    await session.importBackup(text, TEST_PASSWORD);
    const phrase = session.store.getState().secrets.find((s) => s.kind === 'phrase');
    expect(phrase?.shareSplits).toEqual(splits);
    expect(splits[0]?.guardians[1]?.handedOutAt).toBeTypeOf('number');
  });

  it('adds them to the same phrase already in the unlocked vault, once', async () => {
    const { text, splits } = await backupWithSplit();
    const { session } = await createdTestSession();
    await session.importBackup(text, TEST_PASSWORD);
    expect(splitsOf(session)).toEqual(splits);
    await session.importBackup(text, TEST_PASSWORD);
    expect(splitsOf(session)).toEqual(splits);
  });
});

describe('a wallet made as shares', () => {
  it('is stored with its guardian list, backed up once enough shares were handed out', () => {
    const request = { groupThreshold: 1, groups: [{ threshold: 2, guardians: ['Ana', 'Ben', 'Chloé'] }] };
    const split = newSplit(request, 1234, { id: 'split', now: 5 });
    const handedOut = { ...split, guardians: split.guardians.map((g) => ({ ...g, handedOutAt: 6 })) };
    const secret = { ...phraseSecret(), origin: 'created' as const, shareSplits: [handedOut] };
    const ids = { newId: () => 'id', now: 7 };
    const { contents } = addSecret({ secrets: [], accounts: [] }, secret, ids);
    expect(contents.secrets[0]?.shareSplits).toEqual([handedOut]);
    expect(contents.secrets[0]?.lastBackup).toEqual({ at: 7, how: 'shares-handed-out' });

    const notYet = { ...phraseSecret(), origin: 'created' as const, backedUp: false, shareSplits: [split] };
    const { contents: other } = addSecret({ secrets: [], accounts: [] }, notYet, ids);
    expect(other.secrets[0]?.lastBackup).toBeUndefined();
  });
});
