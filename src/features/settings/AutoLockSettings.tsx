import { useId } from 'react';
import ui from '@/components/ui.module.css';
import { AUTO_LOCK_CHOICES } from '@/core/vault/autoLock';
import { useT } from '@/lib/i18n';
import { useSession } from '@/lib/stores/session';

export function AutoLockSettings() {
  const t = useT('settings');
  const autoLockId = useId();
  const autoLockMinutes = useSession((s) => s.autoLockMinutes);
  const setAutoLockMinutes = useSession((s) => s.setAutoLockMinutes);
  return (
    <section className={ui.section} aria-labelledby="auto-lock-title">
      <h2 id="auto-lock-title">{t('settings:autoLock.title')}</h2>
      <div className={ui.actions}>
        <label htmlFor={autoLockId}>{t('settings:autoLock.label')}</label>
        <select id={autoLockId} value={autoLockMinutes} onChange={(e) => setAutoLockMinutes(Number(e.target.value))}>
          {AUTO_LOCK_CHOICES.map((m) => (
            <option key={m} value={m}>
              {m < 60
                ? t('settings:autoLock.minutes', { minutes: m })
                : t('settings:autoLock.hours', { hours: m / 60 })}
            </option>
          ))}
        </select>
      </div>
      <p className={ui.muted}>{t('settings:autoLock.explained')}</p>
    </section>
  );
}
