// A wallet whose secret is a SLIP-0039 master secret: stored beside phrases and keys, read back
// byte for byte, and deriving the accounts of the reference vector's xprv, before and after a
// reload, as a Trezor restoring the same shares would.
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import {
  hdAccount,
  named,
  phraseSecret,
  TEST_ADDRESS_0,
  TEST_ADDRESS_1,
  TEST_KEY_0,
  TEST_PASSWORD,
  testSession,
} from '@/testing/vaultFixtures';
import vectors from '@/testing/vectors/slip39/vectors.json';
import { hexOf } from '../bytes';
import { addressOfPrivateKey, parsePrivateKey } from '../keys/privateKey';
import { combineMnemonics } from '../keys/slip39/slip39';
import { addToContents, type NewSecret } from './contentsOps';
import { decodeContents, encodeContents, type VaultContents } from './vaultContents';

type Vector = [description: string, mnemonics: string[], masterSecret: string, xprv: string];
/** "Basic sharing 2-of-3 (256 bits)": two of the three shares, passphrase "TREZOR". */
const [, MNEMONICS, MASTER_SECRET, XPRV] = (vectors as Vector[]).find(([d]) => d.startsWith('23. ')) as Vector;
const PASSPHRASE = 'TREZOR';

const root = HDKey.fromExtendedKey(XPRV);
const keyAt = (i: number) => root.derive(`m/44'/60'/0'/0/${i}`).privateKey as Uint8Array;
const addressAt = (i: number) => addressOfPrivateKey(keyAt(i));

async function sharesSecret(): Promise<Extract<NewSecret, { kind: 'masterSecret' }>> {
  return {
    kind: 'masterSecret',
    masterSecret: await combineMnemonics(MNEMONICS, PASSPHRASE),
    passphrase: new TextEncoder().encode(PASSPHRASE),
    origin: 'imported-shares',
    backedUp: true,
  };
}

describe('a master-secret wallet in the vault', () => {
  it('round-trips through the stored plaintext beside a phrase and a key', async () => {
    let n = 0;
    const ids = { newId: () => `id${++n}`, now: 1 };
    let contents: VaultContents = { secrets: [], accounts: [] };
    contents = addToContents(contents, phraseSecret(), [hdAccount(0, TEST_ADDRESS_0)], ids).contents;
    contents = addToContents(contents, await sharesSecret(), [hdAccount(0, addressAt(0))], ids).contents;
    const key = { kind: 'privateKey', privateKey: parsePrivateKey(TEST_KEY_0), origin: 'imported-key' } as const;
    contents = addToContents(contents, key, named({ address: TEST_ADDRESS_1, source: { kind: 'key' } }), ids).contents;
    const decoded = decodeContents(encodeContents(contents));
    expect(decoded.secrets.map((s) => s.kind)).toEqual(['phrase', 'masterSecret', 'privateKey']);
    const stored = decoded.secrets[1];
    if (stored?.kind !== 'masterSecret') throw new Error('not a master secret');
    expect(hexOf(stored.masterSecret)).toBe(MASTER_SECRET);
    expect(new TextDecoder().decode(stored.passphrase)).toBe(PASSPHRASE);
    expect(stored).toMatchObject({ origin: 'imported-shares', backedUp: true });
    expect(decoded.accounts).toEqual(contents.accounts);
  });

  it("derives the vector's xprv accounts, signs with their keys, and keeps them across a reload", async () => {
    const { session, repository, settings } = testSession();
    await session.init();
    await session.create(TEST_PASSWORD, await sharesSecret(), [hdAccount(0, addressAt(0)), hdAccount(1, addressAt(1))]);
    const state = session.store.getState();
    expect(state.secrets).toEqual([expect.objectContaining({ kind: 'masterSecret', hasPassphrase: true })]);
    const [first] = state.accounts;
    expect(hexOf(await session.privateKeyFor(first?.id ?? ''))).toBe(hexOf(keyAt(0)));
    const next = await session.addNextAccount(state.secrets[0]?.id ?? '', 'Account');
    expect(next.address).toBe(addressAt(2));

    const reloaded = testSession({ repository, settings }).session;
    await reloaded.init();
    await reloaded.unlock(TEST_PASSWORD);
    const accounts = reloaded.store.getState().accounts;
    expect(accounts.map((a) => a.address)).toEqual([0, 1, 2].map(addressAt));
    expect(hexOf(await reloaded.privateKeyFor(accounts[2]?.id ?? ''))).toBe(hexOf(keyAt(2)));
  });

  it('takes the same shares again as the same wallet, and wipes what it held when it locks', async () => {
    const { session } = testSession();
    await session.init();
    await session.create(TEST_PASSWORD, await sharesSecret(), [hdAccount(0, addressAt(0))]);
    const again = await session.add(await sharesSecret(), [hdAccount(1, addressAt(1))]);
    expect(again.reusedSecret).toBe(true);
    expect(session.store.getState().secrets).toHaveLength(1);
    const given = await sharesSecret();
    await session.add(given, [hdAccount(3, addressAt(3))]);
    // Handed over: the caller's copy is wiped once stored.
    expect(given.masterSecret.every((b) => b === 0)).toBe(true);
  });

  it('refuses to reveal a phrase it does not have', async () => {
    const { session } = testSession();
    await session.init();
    await session.create(TEST_PASSWORD, await sharesSecret(), [hdAccount(0, addressAt(0))]);
    const id = session.store.getState().accounts[0]?.id ?? '';
    await expect(session.reveal(id, 'phrase', TEST_PASSWORD)).rejects.toMatchObject({
      code: 'VAULT_ACCOUNT_NOT_FOUND',
    });
  });
});
