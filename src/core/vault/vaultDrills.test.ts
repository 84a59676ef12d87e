// Drills against a real vault session: the phrase's words and a split's shares checked where the
// secret is; a pass or a failure the person ends with recorded (never what was typed); a wrong
// answer, a cancelled drill or a lock store nothing; wrong checks bounded per unlock.

import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { createdTestSession, hdAccount, TEST_PASSWORD, TEST_PHRASE } from '@/testing/vaultFixtures';
import { addressOfPrivateKey } from '../keys/privateKey';
import { parseShare } from '../keys/slip39/share';
import { splitMasterSecret } from '../keys/slip39/slip39';
import { newSplit } from './shareSplits';
import type { UnlockedVault } from './unlockedVault';
import { encodeContents } from './vaultContents';
import { DRILL_WORDS_ASKED, DRILL_WRONG_CHECKS } from './vaultDrills';
import type { VaultSession } from './vaultSession';
import { addShareSplit } from './vaultShares';

const WORDS = TEST_PHRASE.split(' ');
/** When the window says a drill ended (its clock: the one the schedule is read by). */
const AT = 1_800_000_000_000;
const TWO_OF_THREE = { groupThreshold: 1, groups: [{ threshold: 2, guardians: ['Ana', 'Ben', 'Chloé'] }] };

async function drillSession() {
  const t = await createdTestSession();
  const secretId = t.session.store.getState().secrets[0]?.id ?? '';
  return { ...t, secretId };
}

const drillsOf = (session: VaultSession) => session.store.getState().secrets[0]?.drills ?? [];
const plaintextOf = (session: VaultSession) =>
  new TextDecoder().decode(encodeContents((session as unknown as { unlocked: UnlockedVault }).unlocked.contents));

describe('a phrase drill', () => {
  it('asks three distinct positions, and records a pass once the words are right', async () => {
    const { session, secretId } = await drillSession();
    const { drillId, positions } = await session.startDrill(secretId, { kind: 'phrase' });
    expect(new Set(positions).size).toBe(DRILL_WORDS_ASKED);
    expect(positions.every((p) => p >= 0 && p < WORDS.length)).toBe(true);
    const answers = positions.map((p) => ` ${(WORDS[p] ?? '').toUpperCase()} `);
    expect(await session.checkDrillWords(drillId, answers, AT)).toEqual({ passed: true });
    expect(drillsOf(session)).toEqual([{ at: AT, backup: { kind: 'phrase' }, passed: true }]);
    // The drill is over: it cannot be checked again.
    await expect(session.checkDrillWords(drillId, answers, AT)).rejects.toMatchObject({ code: 'VAULT_DRILL_GONE' });
    session.lock();
    await session.unlock(TEST_PASSWORD);
    expect(drillsOf(session)).toHaveLength(1);
  });

  it('names the first wrong word and stores nothing; a failure is recorded only when the person ends it', async () => {
    const { session, secretId } = await drillSession();
    const { drillId, positions } = await session.startDrill(secretId, { kind: 'phrase' });
    const answers = positions.map((p) => WORDS[p] ?? '');
    answers[1] = 'zoo';
    const check = await session.checkDrillWords(drillId, answers, AT);
    expect(check).toMatchObject({
      passed: false,
      problem: { id: 'core.keys:drill.wrongWord', values: { position: (positions[1] ?? 0) + 1 } },
    });
    expect(drillsOf(session)).toEqual([]);
    await session.failDrill(drillId, AT);
    expect(drillsOf(session)).toEqual([expect.objectContaining({ backup: { kind: 'phrase' }, passed: false })]);
    expect(plaintextOf(session)).not.toContain('zoo');
  });

  it('stores nothing when cancelled, and forgets open drills on lock', async () => {
    const { session, secretId } = await drillSession();
    const cancelled = await session.startDrill(secretId, { kind: 'phrase' });
    await session.cancelDrill(cancelled.drillId);
    await expect(session.failDrill(cancelled.drillId, AT)).rejects.toMatchObject({ code: 'VAULT_DRILL_GONE' });
    const open = await session.startDrill(secretId, { kind: 'phrase' });
    session.lock();
    await session.unlock(TEST_PASSWORD);
    await expect(session.checkDrillWords(open.drillId, [], AT)).rejects.toMatchObject({ code: 'VAULT_DRILL_GONE' });
    expect(drillsOf(session)).toEqual([]);
  });

  it('refuses more wrong checks than DRILL_WRONG_CHECKS per unlock, so a drill cannot guess the phrase', async () => {
    const { session, secretId } = await drillSession();
    for (let i = 0; i < DRILL_WRONG_CHECKS; i++) {
      const { drillId } = await session.startDrill(secretId, { kind: 'phrase' });
      expect(await session.checkDrillWords(drillId, ['x', 'x', 'x'], AT)).toMatchObject({ passed: false });
    }
    const { drillId, positions } = await session.startDrill(secretId, { kind: 'phrase' });
    const right = positions.map((p) => WORDS[p] ?? '');
    await expect(session.checkDrillWords(drillId, right, AT)).rejects.toMatchObject({ code: 'VAULT_DRILL_TRIES' });
    session.lock();
    await session.unlock(TEST_PASSWORD);
    const again = await session.startDrill(secretId, { kind: 'phrase' });
    const words = again.positions.map((p) => WORDS[p] ?? '');
    expect(await session.checkDrillWords(again.drillId, words, AT)).toEqual({ passed: true });
  });
});

describe('a split drill', () => {
  it('passes with a threshold of the split’s shares and records which split', async () => {
    const { session, secretId } = await drillSession();
    const { splitId, shares } = await session.splitPhrase(secretId, TEST_PASSWORD, TWO_OF_THREE);
    const [a, , c] = shares[0] ?? [];
    const { drillId, positions } = await session.startDrill(secretId, { kind: 'shares', splitId });
    expect(positions).toEqual([]);
    expect(await session.checkDrillShares(drillId, [c ?? '', a ?? ''], AT)).toEqual({ passed: true });
    expect(drillsOf(session)).toEqual([expect.objectContaining({ backup: { kind: 'shares', splitId }, passed: true })]);
    const stored = plaintextOf(session);
    for (const share of [a, c]) expect(stored).not.toContain((share ?? '').split(' ').slice(4, 8).join(' '));
  });

  it('refuses shares of an earlier split, too few shares and a drill of a replaced split, storing nothing', async () => {
    const { session, secretId } = await drillSession();
    const first = await session.splitPhrase(secretId, TEST_PASSWORD, TWO_OF_THREE);
    const second = await session.splitPhrase(secretId, TEST_PASSWORD, TWO_OF_THREE);
    const { drillId } = await session.startDrill(secretId, { kind: 'shares', splitId: second.splitId });
    const [a, b] = first.shares[0] ?? [];
    expect(await session.checkDrillShares(drillId, [a ?? '', b ?? ''], AT)).toMatchObject({
      passed: false,
      problem: { id: 'core.keys:drill.otherSplit' },
    });
    const [mine] = second.shares[0] ?? [];
    await expect(session.checkDrillShares(drillId, [mine ?? ''], AT)).rejects.toMatchObject({
      code: 'KEYS_SHARE_TOO_FEW',
    });
    await expect(session.startDrill(secretId, { kind: 'shares', splitId: first.splitId })).rejects.toMatchObject({
      code: 'VAULT_DRILL_GONE',
    });
    expect(drillsOf(session)).toEqual([]);
  });
});

describe('a drill of a wallet made as shares', () => {
  const FIRST = "m/44'/60'/0'/0/0";
  it('decrypts the shares with the wallet’s passphrase and compares the master secret', async () => {
    const { session } = await drillSession();
    const masterSecret = crypto.getRandomValues(new Uint8Array(16));
    const scheme = { groupThreshold: 1, groups: [{ threshold: 2, count: 3 }] };
    const [shares = []] = await splitMasterSecret({ masterSecret, passphrase: 'TREZOR', ...scheme });
    await session.add(
      {
        kind: 'masterSecret',
        masterSecret: masterSecret.slice(),
        passphrase: new TextEncoder().encode('TREZOR'),
        origin: 'imported-shares',
        backedUp: true,
      },
      [hdAccount(0, addressOfPrivateKey(HDKey.fromMasterSeed(masterSecret).derive(FIRST).privateKey as Uint8Array))],
    );
    const secretId = session.store.getState().secrets.find((s) => s.kind === 'masterSecret')?.id ?? '';
    const request = { groupThreshold: 1, groups: [{ threshold: 2, guardians: ['Ana', 'Ben', 'Chloé'] }] };
    const split = newSplit(request, parseShare(shares[0] ?? '').identifier, { id: 'split-1', now: 1 });
    const vault = (session as unknown as { unlocked: UnlockedVault }).unlocked;
    await vault.write((c) => ({ contents: addShareSplit(c, secretId, split), value: undefined }));

    await expect(session.startDrill(secretId, { kind: 'phrase' })).rejects.toMatchObject({ code: 'VAULT_DRILL_GONE' });
    const { drillId } = await session.startDrill(secretId, { kind: 'shares', splitId: 'split-1' });
    expect(await session.checkDrillShares(drillId, [shares[1] ?? '', shares[2] ?? ''], AT)).toEqual({ passed: true });
    const drilled = session.store.getState().secrets.find((s) => s.id === secretId);
    expect(drilled?.drills).toEqual([{ at: AT, backup: { kind: 'shares', splitId: 'split-1' }, passed: true }]);
  });
});
