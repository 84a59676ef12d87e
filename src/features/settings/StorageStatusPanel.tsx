import { useCallback, useEffect, useState } from 'react';
import ui from '@/components/ui.module.css';
import { requestPersistence, type StorageStatus, storageStatus } from '@/lib/browser/storagePersistence';
import { useT } from '@/lib/i18n';

/** Megabytes with at most one decimal, for a message's `{…, number}`. */
function megabytes(bytes: number): number {
  return Math.round(bytes / 100_000) / 10;
}

/** Whether the browser keeps Cairn's storage for good, how much it uses, and what that means. */
export function StorageStatusPanel() {
  const t = useT('settings');
  const [status, setStatus] = useState<StorageStatus>();
  const [asked, setAsked] = useState<boolean>();
  const refresh = useCallback(() => void storageStatus().then(setStatus), []);
  useEffect(refresh, [refresh]);

  const ask = async () => {
    setAsked(await requestPersistence());
    refresh();
  };

  return (
    <section className={ui.section} aria-labelledby="storage-title">
      <h2 id="storage-title">{t('settings:storage.title')}</h2>
      {status === undefined ? (
        <p>{t('settings:storage.checking')}</p>
      ) : (
        <>
          <p role="status">
            {status.persistent === true
              ? t('settings:storage.persistent')
              : status.persistent === false
                ? t('settings:storage.notPersistent')
                : t('settings:storage.unknown')}
          </p>
          {status.usedBytes !== undefined && (
            <p>
              {status.quotaBytes
                ? t('settings:storage.usedOfQuota', {
                    used: megabytes(status.usedBytes),
                    quota: megabytes(status.quotaBytes),
                  })
                : t('settings:storage.used', { used: megabytes(status.usedBytes) })}
            </p>
          )}
          <p className={ui.muted}>{t('settings:storage.keysWhere')}</p>
          {status.persistent !== true && (
            <div className={ui.actions}>
              <button type="button" onClick={() => void ask()}>
                {t('settings:storage.ask')}
              </button>
              {asked === false && <span role="status">{t('settings:storage.refused')}</span>}
            </div>
          )}
        </>
      )}
    </section>
  );
}
