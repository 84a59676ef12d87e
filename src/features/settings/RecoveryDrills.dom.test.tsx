// Settings → Recovery's drills over a real (test) vault: the phrase's asked words checked (a wrong
// one named in place, what was typed kept, nothing stored), a pass and a failure the person ends
// recorded and shown, a cancelled drill storing nothing; a split's shares refused in place when not
// of the split, a threshold of them passing; the interval chosen, or drills turned off.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DRILLS_OFF } from '@/core/vault/recoveryDrills';
import { askedWordPositions, chooseValue, fieldLabelled, typeInto } from '@/testing/fields';
import { alerts, button, click, shows, statuses } from '@/testing/inDocument';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { TEST_PASSWORD, TEST_PHRASE } from '@/testing/vaultFixtures';
import { RecoveryScreen } from './RecoveryScreen';

const poll = { timeout: 20_000, interval: 20 };
const WORDS = TEST_PHRASE.split(' ');

let wallet: TestWallet;
let unmount = () => {};
beforeEach(async () => {
  wallet = await createTestWallet();
});
afterEach(() => {
  unmount();
  wallet.close();
});

const secret = () => wallet.vault.store.getState().secrets[0];
const drills = () => secret()?.drills ?? [];
const selectLabelled = (label: string) => {
  const id = [...document.querySelectorAll('label')].find((l) => l.textContent === label)?.htmlFor ?? '';
  return document.getElementById(id) as HTMLSelectElement;
};

async function openRecovery() {
  ({ unmount } = renderInWallet(wallet, <RecoveryScreen />));
  await expect.poll(() => shows('Recovery phrase:'), poll).toBe(true);
}

async function startPhraseDrill() {
  click('Drill the recovery phrase');
  await expect.poll(() => askedWordPositions().length, poll).toBe(3);
  return askedWordPositions();
}

describe('a recovery phrase drill', { timeout: 60_000 }, () => {
  it('names a wrong word in place, keeps what was typed, then records the pass and shows it', async () => {
    await openRecovery();
    expect(shows('not yet shown to work in a drill.')).toBe(true);
    expect(shows('Next drill due on')).toBe(true);
    const positions = await startPhraseDrill();
    for (const [k, position] of positions.entries())
      typeInto(`Word ${position}`, k === 1 ? 'zebra' : (WORDS[position - 1] ?? ''));
    click('Check');
    await expect
      .poll(alerts, poll)
      .toContain(`Word ${positions[1]} is not the word at that place in your recovery phrase.`);
    expect(fieldLabelled(`Word ${positions[1]}`).value).toBe('zebra');
    expect(fieldLabelled(`Word ${positions[0]}`).value).toBe(WORDS[(positions[0] ?? 1) - 1]);
    expect(drills()).toEqual([]);

    typeInto(`Word ${positions[1]}`, WORDS[(positions[1] ?? 1) - 1] ?? '');
    click('Check');
    await expect.poll(statuses, poll).toContain('Drill passed: your recovery phrase still restores this wallet.');
    expect(drills()).toEqual([expect.objectContaining({ backup: { kind: 'phrase' }, passed: true })]);
    await expect.poll(() => shows('last shown to work on'), poll).toBe(true);
    expect(JSON.stringify(drills())).not.toContain('zebra');
  });

  it('records a failure only when the person ends the drill, and says the backup needs checking', async () => {
    await openRecovery();
    await startPhraseDrill();
    click('I can’t: end the drill as failed');
    await expect.poll(statuses, poll).toContain('The drill is recorded as failed.');
    expect(drills()).toEqual([expect.objectContaining({ passed: false })]);
    expect(shows('did not work: check this backup soon.')).toBe(true);
    expect(shows('not yet shown to work in a drill.')).toBe(true);
  });

  it('stores nothing when cancelled', async () => {
    await openRecovery();
    const [first] = await startPhraseDrill();
    typeInto(`Word ${first}`, 'zebra');
    click('Cancel');
    await expect.poll(() => shows('Drill the recovery phrase'), poll).toBe(true);
    expect(drills()).toEqual([]);
    expect(statuses()).not.toContain('Drill');
  });

  it('turns drills off, or asks at another interval, for every backup', async () => {
    await openRecovery();
    const select = selectLabelled('Ask for a drill');
    expect(select.value).toBe('90');
    chooseValue(select, String(DRILLS_OFF));
    await expect.poll(() => wallet.store.getState().recoveryDrillDays, poll).toBe(DRILLS_OFF);
    await expect.poll(() => shows('Drills are off.'), poll).toBe(true);
    chooseValue(select, '30');
    await expect.poll(() => wallet.store.getState().recoveryDrillDays, poll).toBe(30);
  });
});

describe('a drill of guardians’ shares', { timeout: 60_000 }, () => {
  const request = { groupThreshold: 1, groups: [{ threshold: 2, guardians: ['Ana', 'Ben', 'Chloé'] }] };

  it('refuses in place a share of another split or with a bad checksum, and passes with two of the split', async () => {
    const secretId = secret()?.id ?? '';
    const earlier = await wallet.vault.splitPhrase(secretId, TEST_PASSWORD, request);
    const current = await wallet.vault.splitPhrase(secretId, TEST_PASSWORD, request);
    await openRecovery();
    click('Drill the shares');
    await expect.poll(() => shows('Drill: your guardians’ shares'), poll).toBe(true);
    expect(statuses()).toContain('No share entered yet.');

    typeInto('Words of share 1', earlier.shares[0]?.[0] ?? '');
    click('Add this share');
    await expect
      .poll(alerts, poll)
      .toContain('These shares are of another split than the one your guardians hold now.');
    expect(fieldLabelled('Words of share 1').value).toBe(earlier.shares[0]?.[0]);

    const [ana, , chloe] = current.shares[0] ?? [];
    const words = (ana ?? '').split(' ');
    typeInto('Words of share 1', [...words.slice(0, -1), words.at(-1) === 'academic' ? 'acid' : 'academic'].join(' '));
    click('Add this share');
    await expect.poll(alerts, poll).toContain('the share fails its checksum');
    expect(alerts()).not.toContain('another split');

    typeInto('Words of share 1', ana ?? '');
    click('Add this share');
    await expect.poll(statuses, poll).toContain('1 share of 2 entered: one more is needed.');
    expect(shows('Share 1 (Ana)')).toBe(true);
    expect(document.querySelector('button[aria-label="Remove share 1 (Ana)"]')).not.toBeNull();
    await expect.poll(() => button('Check')?.disabled, poll).toBe(true);
    typeInto('Words of share 2', chloe ?? '');
    click('Add this share');
    await expect.poll(statuses, poll).toContain('Enough shares are in to restore the wallet.');
    expect(drills()).toEqual([]);
    await expect.poll(() => button('Check')?.disabled, poll).toBe(false);
    click('Check');
    await expect.poll(statuses, poll).toContain('Drill passed: these shares still restore this wallet.');
    expect(drills()).toEqual([
      expect.objectContaining({ backup: { kind: 'shares', splitId: current.splitId }, passed: true }),
    ]);
  });
});
