import { useId, useState } from 'react';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { msg } from '@/core/i18n/message';
import { DRILL_DAY_CHOICES, type DrillBackup, drillBackups, drillState } from '@/core/vault/recoveryDrills';
import { currentSplit } from '@/core/vault/shareSplits';
import type { SecretSummary } from '@/core/vault/vaultState';
import { useT } from '@/lib/i18n';
import { useSession } from '@/lib/stores/session';
import type { DrillEnd } from './drillSession';
import { backupName, drillStateSentences } from './drillWording';
import { PhraseDrill } from './PhraseDrill';
import { SharesDrill } from './SharesDrill';

/** How often Cairn asks for a drill, or never; the person's choice for every backup. */
export function DrillInterval() {
  const t = useT('settings');
  const id = useId();
  const days = useSession((s) => s.recoveryDrillDays);
  const setDays = useSession((s) => s.setRecoveryDrillDays);
  return (
    <section className={ui.section} aria-labelledby="drills-title">
      <h2 id="drills-title">{t('settings:drill.title')}</h2>
      <p>{t('settings:drill.intro')}</p>
      <div className={ui.actions}>
        <label htmlFor={id}>{t('settings:drill.interval.label')}</label>
        <select id={id} value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {DRILL_DAY_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {choice === 0 ? t('settings:drill.interval.off') : t('settings:drill.interval.days', { days: choice })}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}

/**
 * Each backup of a secret that drills check (its phrase, its split in use): when it last worked,
 * when its next drill is due, and the drill itself, run in place.
 */
export function SecretDrills({ secret }: { secret: SecretSummary }) {
  const t = useT('settings');
  const days = useSession((s) => s.recoveryDrillDays);
  const [running, setRunning] = useState<DrillBackup>();
  const [ended, setEnded] = useState<{ backup: DrillBackup; end: DrillEnd }>();
  const backups = drillBackups(secret);
  if (backups.length === 0) return null;
  const now = Date.now();
  const split = currentSplit(secret.shareSplits);

  const end = (backup: DrillBackup) => (how: DrillEnd) => {
    setRunning(undefined);
    setEnded({ backup, end: how });
  };

  if (running) {
    return running.kind === 'shares' && split ? (
      <SharesDrill secretId={secret.id} split={split} restoresPhrase={secret.kind === 'phrase'} onEnd={end(running)} />
    ) : (
      <PhraseDrill secretId={secret.id} onEnd={end(running)} />
    );
  }

  return (
    <div className={ui.stack}>
      {ended && ended.end !== 'cancelled' && (
        <p role="status">
          <T
            message={msg(ended.end === 'passed' ? 'settings:drill.passed' : 'settings:drill.failedRecorded', {
              kind: ended.backup.kind === 'phrase' || secret.kind === 'phrase' ? ended.backup.kind : 'wallet',
            })}
          />
        </p>
      )}
      <ul className={ui.plainList} aria-label={t('settings:drill.listLabel')}>
        {backups.map((target) => {
          const state = drillState(secret.drills, target, days, now);
          const [worked, next] = drillStateSentences(state);
          const name = backupName(target.backup, secret);
          return (
            <li key={target.backup.kind === 'phrase' ? 'phrase' : target.backup.splitId} className={ui.stack}>
              <p>
                <strong>
                  <T message={name} />
                </strong>{' '}
                {worked && <T message={worked} />} {next && <T message={next} />}
              </p>
              <div className={ui.actions}>
                <button
                  type="button"
                  onClick={() => {
                    setEnded(undefined);
                    setRunning(target.backup);
                  }}
                >
                  {target.backup.kind === 'phrase'
                    ? t('settings:drill.start.phrase')
                    : t('settings:drill.start.shares')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
