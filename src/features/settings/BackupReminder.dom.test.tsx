// The backup reminder's drill notice over a real (test) vault, with the window's clock moved: none
// before a drill is due, a gentle notice from exactly the interval on (a link to Settings →
// Recovery, put off with "Not now", nothing blocked), another word after a failed drill, and none
// while drills are off.
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS, DRILLS_OFF } from '@/core/vault/recoveryDrills';
import { shows } from '@/testing/inDocument';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { TEST_PASSWORD } from '@/testing/vaultFixtures';
import { BackupReminder } from './BackupReminder';

const RECOVERY_PATH = '/settings/recovery';
const TITLE = 'Time for a recovery drill';

let wallet: TestWallet;
let unmount = () => {};
beforeEach(async () => {
  wallet = await createTestWallet();
});
afterEach(() => {
  unmount();
  vi.useRealTimers();
  wallet.close();
});

const secret = () => wallet.vault.store.getState().secrets[0];

/** Renders the reminder with the window's clock at `days` days after the phrase entered the vault. */
function renderAfter(days: number, offsetMs = 0) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime((secret()?.createdAt ?? 0) + days * DAY_MS + offsetMs);
  ({ unmount } = renderInWallet(
    wallet,
    <MemoryRouter>
      <BackupReminder accountsPath="/accounts" recoveryPath={RECOVERY_PATH} />
    </MemoryRouter>,
  ));
}

const drillNotice = () => document.querySelector('aside[aria-labelledby="drill-reminder-title"]');

describe('the drill reminder', () => {
  it('says nothing until the drill is due', () => {
    renderAfter(90, -1);
    expect(shows(TITLE)).toBe(false);
  });

  it('asks gently from exactly 90 days on, links to Settings → Recovery, and can be put off', () => {
    renderAfter(90);
    expect(shows(TITLE)).toBe(true);
    expect(drillNotice()?.textContent).toContain(
      'Show that you can still recover the recovery phrase of Account 1, Account 2.',
    );
    const link = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Go to the drill');
    expect(link?.getAttribute('href')).toBe(RECOVERY_PATH);
    expect(document.querySelector('[role=dialog], [aria-modal]')).toBeNull();
    const notNow = [...(drillNotice()?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Not now');
    notNow?.click();
    return expect.poll(() => shows(TITLE)).toBe(false);
  });

  it('says the last drill did not work, at once after a failed one', async () => {
    const { drillId } = await wallet.vault.startDrill(secret()?.id ?? '', { kind: 'phrase' });
    await wallet.vault.failDrill(drillId, (secret()?.createdAt ?? 0) + DAY_MS);
    await expect.poll(() => secret()?.drills.length).toBe(1);
    renderAfter(2);
    expect(drillNotice()?.textContent).toContain(
      'The last recovery drill of the recovery phrase of Account 1, Account 2 did not work.',
    );
  });

  it('names every backup due: the phrase and the guardians’ shares', async () => {
    const request = { groupThreshold: 1, groups: [{ threshold: 2, guardians: ['Ana', 'Ben', 'Chloé'] }] };
    await wallet.vault.splitPhrase(secret()?.id ?? '', TEST_PASSWORD, request);
    await expect.poll(() => secret()?.shareSplits.length).toBe(1);
    renderAfter(91);
    expect(drillNotice()?.textContent).toContain(
      'the recovery phrase of Account 1, Account 2; the guardians’ shares of the recovery phrase of Account 1, Account 2.',
    );
  });

  it('says nothing while drills are off, due or failed', async () => {
    wallet.store.getState().setRecoveryDrillDays(DRILLS_OFF);
    const { drillId } = await wallet.vault.startDrill(secret()?.id ?? '', { kind: 'phrase' });
    await wallet.vault.failDrill(drillId, Date.now());
    await expect.poll(() => secret()?.drills.length).toBe(1);
    renderAfter(400);
    expect(shows(TITLE)).toBe(false);
  });
});
