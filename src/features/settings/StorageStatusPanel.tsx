import { useCallback, useEffect, useState } from 'react';
import ui from '@/components/ui.module.css';
import { requestPersistence, type StorageStatus, storageStatus } from '@/lib/storagePersistence';

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toLocaleString(undefined, { maximumFractionDigits: 1 })} MB`;
}

/** Whether the browser keeps Cairn's storage for good, how much it uses, and what that means. */
export function StorageStatusPanel() {
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
      <h2 id="storage-title">Storage on this device</h2>
      {status === undefined ? (
        <p>Checking…</p>
      ) : (
        <>
          <p role="status">
            {status.persistent === true
              ? 'Persistent: this browser keeps Cairn’s data until you clear it yourself.'
              : status.persistent === false
                ? 'Not persistent: this browser may delete Cairn’s data when it runs short of space, and some browsers do after a few weeks without a visit.'
                : 'This browser does not say whether it keeps Cairn’s data.'}
          </p>
          {status.usedBytes !== undefined && (
            <p>
              Cairn uses {megabytes(status.usedBytes)}
              {status.quotaBytes ? ` of the ${megabytes(status.quotaBytes)} this browser allows it` : ''}.
            </p>
          )}
          <p className={ui.muted}>
            Your keys exist only where you put them: in this browser, and in the backups and recovery phrases you keep.
            If the browser deletes its data, only those bring your accounts back. Installing Cairn as an app, or using
            it often, makes browsers more willing to keep it.
          </p>
          {status.persistent !== true && (
            <div className={ui.actions}>
              <button type="button" onClick={() => void ask()}>
                Ask the browser to keep Cairn’s data
              </button>
              {asked === false && (
                <span role="status">
                  The browser said no for now. Keep an encrypted backup; browsers agree more readily once Cairn is used
                  often or installed as an app.
                </span>
              )}
            </div>
          )}
        </>
      )}
    </section>
  );
}
