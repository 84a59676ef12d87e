import { useEffect, useState } from 'react';
import ui from '@/components/ui.module.css';
import type { Message } from '@/core/i18n/message';
import type { DrillBackup } from '@/core/vault/recoveryDrills';
import type { DrillCheck, OpenedDrill } from '@/core/vault/vaultDrills';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useVaultSession } from '@/lib/vault/vault';

/** How a drill ended: passed and failed are recorded; cancelled stores nothing. */
export type DrillEnd = 'passed' | 'failed' | 'cancelled';

export type OpenDrill = {
  opened: OpenedDrill | undefined;
  /** Why the drill could not open, end or pass its last check, in a sentence. */
  error: Message | string | undefined;
  busy: boolean;
  /** A check is running. */
  checking: boolean;
  /** Runs a check of the open drill: passed ends it; not passed says why, and nothing is stored. */
  check(run: (drillId: string) => Promise<DrillCheck>): Promise<void>;
  /** Forgets why the last check did not pass (what it checked has changed). */
  clearProblem(): void;
  fail(): void;
  cancel(): void;
};

/**
 * Opens a drill of a backup in the vault while the form shows, runs its checks, and closes it
 * (storing nothing) if the form goes away before the drill ended.
 */
export function useOpenDrill(secretId: string, backup: DrillBackup, onEnd: (end: DrillEnd) => void): OpenDrill {
  const session = useVaultSession();
  const [opened, setOpened] = useState<OpenedDrill>();
  const [error, setError] = useState<Message | string>();
  const [problem, setProblem] = useState<Message | string>();
  const [busy, setBusy] = useState(false);
  const [checking, setChecking] = useState(false);
  // The backup as a value the effect can depend on (a new object comes with every render).
  const splitId = backup.kind === 'shares' ? backup.splitId : undefined;

  useEffect(() => {
    let drillId: string | undefined;
    let live = true;
    const target: DrillBackup = splitId === undefined ? { kind: 'phrase' } : { kind: 'shares', splitId };
    session.startDrill(secretId, target).then(
      (drill) => {
        drillId = drill.drillId;
        if (live) setOpened(drill);
        else void session.cancelDrill(drill.drillId).catch(() => undefined);
      },
      (e: unknown) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
      // Ended drills are gone already; cancelling one again does nothing.
      if (drillId) void session.cancelDrill(drillId).catch(() => undefined);
    };
  }, [session, secretId, splitId]);

  return {
    opened,
    error: problem ?? error,
    busy,
    checking,
    async check(run) {
      if (!opened) return;
      setChecking(true);
      setProblem(undefined);
      try {
        const result = await run(opened.drillId);
        if (result.passed) onEnd('passed');
        else setProblem(result.problem);
      } catch (e) {
        setProblem(errorMessage(e));
      } finally {
        setChecking(false);
      }
    },
    clearProblem: () => setProblem(undefined),
    fail() {
      if (!opened) return;
      setBusy(true);
      session.failDrill(opened.drillId, Date.now()).then(
        () => onEnd('failed'),
        (e: unknown) => {
          setError(errorMessage(e));
          setBusy(false);
        },
      );
    },
    cancel() {
      if (opened) void session.cancelDrill(opened.drillId).catch(() => undefined);
      onEnd('cancelled');
    },
  };
}

/** A drill form's buttons: check, end it as failed (recorded), or cancel (nothing stored). */
export function DrillActions({ drill, checkable }: { drill: OpenDrill; checkable: boolean }) {
  const t = useT('settings');
  const busy = drill.checking;
  const working = busy || drill.busy;
  return (
    <>
      <div className={ui.actions}>
        <button type="submit" disabled={working || !checkable || !drill.opened}>
          {busy ? t('settings:drill.checking') : t('settings:drill.check')}
        </button>
        <button type="button" className={ui.secondary} disabled={working || !drill.opened} onClick={drill.fail}>
          {t('settings:drill.giveUp')}
        </button>
        <button type="button" className={ui.secondary} onClick={drill.cancel}>
          {t('settings:drill.cancel')}
        </button>
      </div>
      <p className={ui.muted}>{t('settings:drill.endsExplained')}</p>
    </>
  );
}
