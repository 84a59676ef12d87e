// Running recovery drills against the unlocked vault. The words or shares the person types are
// checked here, where the secret is, and only the outcome is kept (recoveryDrills.ts). A drill is
// open from its start until it passes, the person ends it as failed, or Cairn locks; cancelling
// one stores nothing. A drill ends at the time the window gives (`at`): the schedule is read by the
// windows' clock, so its records are kept on that clock too.
import { equalBytes } from '../bytes';
import { VaultError } from '../errors/vault';
import { type Message, msg } from '../i18n/message';
import { splitPhrase } from '../keys/phrase';
import { parseShare, type Share } from '../keys/slip39/share';
import { firstWrongWord, pickWordPositions, type RandomUint32 } from '../keys/wordCheck';
import { type DrillBackup, type DrillRecord, drillBackups, sameBackup, withDrillRecord } from './recoveryDrills';
import { currentSplit } from './shareSplits';
import type { UnlockedVault } from './unlockedVault';
import type { StoredSecret, VaultContents } from './vaultContents';
import { withSecret } from './vaultShares';

/** Words of the phrase asked in one drill. */
export const DRILL_WORDS_ASKED = 3;
/**
 * Wrong word checks allowed per unlock, across drills. Each check says whether words are right, so
 * without a bound a script in a Cairn window could learn the phrase without the password.
 */
export const DRILL_WRONG_CHECKS = 5;

/** A drill just opened: its id, and for the phrase the positions asked (0-based, ascending). */
export type OpenedDrill = { drillId: string; positions: number[] };

/** A drill's check: passed (and recorded), or why not, in a sentence (nothing recorded). */
export type DrillCheck = { passed: true } | { passed: false; problem: Message };

type OpenDrill = { secretId: string; backup: DrillBackup; positions: number[] };

const gone = () => new VaultError('VAULT_DRILL_GONE', msg('core.keys:drill.gone'));

/** Adds a drill's outcome to a secret's records. Throws VAULT_ACCOUNT_NOT_FOUND when the secret is gone. */
export function addDrillRecord(contents: VaultContents, secretId: string, record: DrillRecord): VaultContents {
  return withSecret(contents, secretId, (secret) => ({ ...secret, drills: withDrillRecord(secret.drills, record) }));
}

function phraseWords(secret: StoredSecret): string[] {
  if (secret.kind !== 'phrase') throw gone();
  return splitPhrase(new TextDecoder().decode(secret.phrase));
}

/** The secret the shares should give back: a phrase's entropy, or the master secret (a copy each). */
async function expectedFromShares(secret: StoredSecret): Promise<{ secret: Uint8Array; passphrase: string }> {
  if (secret.kind === 'phrase') {
    const { phraseEntropy } = await import('../keys/slip39/sharedPhrase');
    const entropy = await phraseEntropy({ phrase: new TextDecoder().decode(secret.phrase), language: secret.language });
    return { secret: entropy, passphrase: '' };
  }
  if (secret.kind === 'masterSecret')
    return { secret: secret.masterSecret.slice(), passphrase: new TextDecoder().decode(secret.passphrase) };
  throw gone();
}

/** The drills open in one unlocked session; `clear` when it locks. */
export class DrillDesk {
  private readonly open = new Map<string, OpenDrill>();
  private wrongChecks = 0;

  constructor(private readonly newId: () => string) {}

  /**
   * Opens a drill of one backup of a secret (one drills check: see drillBackups). Throws
   * VAULT_ACCOUNT_NOT_FOUND for a secret that is gone, VAULT_DRILL_GONE for a backup it has not.
   */
  start(vault: UnlockedVault, secretId: string, backup: DrillBackup, random?: RandomUint32): OpenedDrill {
    const secret = vault.keyring.secret(secretId);
    if (!drillBackups(secret).some((b) => sameBackup(b.backup, backup))) throw gone();
    const positions =
      backup.kind === 'phrase' ? pickWordPositions(phraseWords(secret).length, DRILL_WORDS_ASKED, random) : [];
    const drillId = this.newId();
    this.open.set(drillId, { secretId, backup, positions });
    return { drillId, positions };
  }

  /**
   * Checks the words typed for a phrase drill, in the order of its positions. Right: the pass is
   * recorded and the drill ends. Wrong: the first wrong position, and nothing stored. Throws
   * VAULT_DRILL_GONE, VAULT_DRILL_TRIES once DRILL_WRONG_CHECKS wrong checks were made since unlock.
   */
  async checkWords(vault: UnlockedVault, drillId: string, answers: readonly string[], at: number): Promise<DrillCheck> {
    const drill = this.drill(drillId, 'phrase');
    if (this.wrongChecks >= DRILL_WRONG_CHECKS)
      throw new VaultError('VAULT_DRILL_TRIES', msg('core.keys:drill.tooManyTries'));
    const wrong = firstWrongWord(phraseWords(vault.keyring.secret(drill.secretId)), drill.positions, answers);
    if (wrong !== undefined) {
      this.wrongChecks += 1;
      return { passed: false, problem: msg('core.keys:drill.wrongWord', { position: wrong }) };
    }
    await this.end(vault, drillId, true, at);
    return { passed: true };
  }

  /**
   * Checks shares typed for a split's drill: they must be of the split (its identifier) and give
   * back the vault's secret. Passed: recorded, and the drill ends. Throws what parseShare and
   * combineShares throw (a bad checksum, shares of different sets, too few), VAULT_DRILL_GONE.
   */
  async checkShares(
    vault: UnlockedVault,
    drillId: string,
    mnemonics: readonly string[],
    at: number,
  ): Promise<DrillCheck> {
    const drill = this.drill(drillId, 'shares');
    const secret = vault.keyring.secret(drill.secretId);
    const split = currentSplit(secret.shareSplits);
    if (drill.backup.kind !== 'shares' || split?.id !== drill.backup.splitId) throw gone();
    const shares: Share[] = [];
    try {
      for (const text of mnemonics) shares.push(parseShare(text));
      if (shares.some((s) => s.identifier !== split.identifier))
        return { passed: false, problem: msg('core.keys:drill.otherSplit') };
      const { combineShares } = await import('../keys/slip39/slip39');
      const expected = await expectedFromShares(secret);
      const combined = await combineShares(shares, expected.passphrase);
      const same = equalBytes(combined, expected.secret);
      combined.fill(0);
      expected.secret.fill(0);
      if (!same) return { passed: false, problem: msg('core.keys:drill.otherSecret') };
    } finally {
      for (const share of shares) share.value.fill(0);
    }
    await this.end(vault, drillId, true, at);
    return { passed: true };
  }

  /** Ends a drill the person could not pass: the failure is recorded. Throws VAULT_DRILL_GONE. */
  fail(vault: UnlockedVault, drillId: string, at: number): Promise<void> {
    this.drill(drillId);
    return this.end(vault, drillId, false, at);
  }

  /** Closes a drill and records nothing. */
  cancel(drillId: string): void {
    this.open.delete(drillId);
  }

  /** Forgets every open drill and the count of wrong checks (Cairn locked). */
  clear(): void {
    this.open.clear();
    this.wrongChecks = 0;
  }

  private drill(drillId: string, kind?: DrillBackup['kind']): OpenDrill {
    const drill = this.open.get(drillId);
    if (!drill || (kind && drill.backup.kind !== kind)) throw gone();
    return drill;
  }

  private async end(vault: UnlockedVault, drillId: string, passed: boolean, at: number): Promise<void> {
    const drill = this.drill(drillId);
    if (!Number.isFinite(at)) throw new RangeError('a drill ends at a time');
    const record: DrillRecord = { at, backup: drill.backup, passed };
    await vault.write((c) => ({ contents: addDrillRecord(c, drill.secretId, record), value: undefined }));
    this.open.delete(drillId);
  }
}
