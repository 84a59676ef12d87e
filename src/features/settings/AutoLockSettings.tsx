import { useId } from 'react';
import ui from '@/components/ui.module.css';
import { AUTO_LOCK_CHOICES } from '@/core/vault/autoLock';
import { useSession } from '@/lib/session';

function minutesText(minutes: number): string {
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
}

export function AutoLockSettings() {
  const autoLockId = useId();
  const autoLockMinutes = useSession((s) => s.autoLockMinutes);
  const setAutoLockMinutes = useSession((s) => s.setAutoLockMinutes);
  return (
    <section className={ui.section} aria-labelledby="auto-lock-title">
      <h2 id="auto-lock-title">Auto-lock</h2>
      <div className={ui.actions}>
        <label htmlFor={autoLockId}>Lock automatically after</label>
        <select id={autoLockId} value={autoLockMinutes} onChange={(e) => setAutoLockMinutes(Number(e.target.value))}>
          {AUTO_LOCK_CHOICES.map((m) => (
            <option key={m} value={m}>
              {minutesText(m)} without activity
            </option>
          ))}
        </select>
      </div>
      <p className={ui.muted}>
        When Cairn locks, every key is wiped from memory until you enter your password again — in every Cairn window and
        tab at once, as they share one unlocked session.
      </p>
    </section>
  );
}
