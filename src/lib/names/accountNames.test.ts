import { describe, expect, it } from 'vitest';
import { inLanguage } from '@/testing/inWords';
import { hdAccount, phraseSecret, TEST_ADDRESS_0, TEST_PASSWORD, testSession } from '@/testing/vaultFixtures';
import { nextAccountNamePrefix, withNamePrefixes } from './accountNames';

const WATCHED = '0x000000000000000000000000000000000000dEaD';

async function newVault() {
  const { session } = testSession();
  await session.init();
  return session;
}

const names = (session: Awaited<ReturnType<typeof newVault>>) => session.store.getState().accounts.map((a) => a.name);
const secretOf = (session: Awaited<ReturnType<typeof newVault>>) => session.store.getState().secrets[0]?.id ?? '';

describe('new accounts’ default names', () => {
  it('are in the language shown when they are added: in German the next account is “Konto 2”', async () => {
    const session = await newVault();
    await inLanguage('de', async () => {
      await session.create(TEST_PASSWORD, phraseSecret(), [hdAccount(0, TEST_ADDRESS_0)]);
      await session.addNextAccount(secretOf(session), nextAccountNamePrefix());
      await session.add(undefined, withNamePrefixes([{ address: WATCHED, source: { kind: 'watch' } }]));
    });
    expect(names(session)).toEqual(['Konto 1', 'Konto 2', 'Beobachtet 1']);
  });

  it('are numbered after the names of the same language, and read in English as before', async () => {
    const session = await newVault();
    await session.create(TEST_PASSWORD, phraseSecret(), [hdAccount(0, TEST_ADDRESS_0)]);
    await inLanguage('es', () => session.addNextAccount(secretOf(session), nextAccountNamePrefix()));
    await session.addNextAccount(secretOf(session), nextAccountNamePrefix());
    await inLanguage('de', () => session.addNextAccount(secretOf(session), nextAccountNamePrefix()));
    await session.addNextAccount(secretOf(session), nextAccountNamePrefix());
    expect(names(session)).toEqual(['Account 1', 'Cuenta 1', 'Account 2', 'Konto 1', 'Account 3']);
  });

  it('keep a name the person gave, in any language', async () => {
    const [given] = await inLanguage('de', () =>
      withNamePrefixes([{ address: WATCHED, source: { kind: 'watch' }, name: 'Savings' }]),
    );
    expect(given).toMatchObject({ name: 'Savings', namePrefix: 'Beobachtet' });
  });
});
