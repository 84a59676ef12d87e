import { useEffect, useRef } from 'react';
import ui from '@/components/ui.module.css';
import type { Release } from '@/core/build/releaseCheck';
import { acceptUpdate, applyUpdate, appUpdateStore, setUpdateAside } from '@/lib/appUpdate';
import { useVault, useVaultSession } from '@/lib/vault';
import styles from './update.module.css';

/** While an accepted build waits (a site's window open, or a message lost), how often to ask again. */
const RETRY_MS = 3_000;

function ReleaseName({ release }: { release: Release }) {
  return (
    <>
      version {release.version} (commit {release.commit}), build hash{' '}
      <code className={styles.hash} dir="ltr">
        {release.hash}
      </code>
    </>
  );
}

/**
 * Installs the build the person accepted as soon as no key is unlocked: the service worker then
 * reloads every Cairn page onto it (each locks the vault first).
 */
function useApplyAtLock(): void {
  const accepted = appUpdateStore((s) => (s.state.staged?.hash === s.state.accepted ? s.state.accepted : undefined));
  const locked = useVault((s) => s.status !== 'unlocked' && s.status !== 'loading');
  useEffect(() => {
    if (!accepted || !locked) return;
    void applyUpdate(accepted);
    const timer = setInterval(() => void applyUpdate(accepted), RETRY_MS);
    return () => clearInterval(timer);
  }, [accepted, locked]);
}

/** Puts the bar's news about `hash` away until the page reloads; focus goes to the main content, as the button goes. */
function SetAsideButton({ hash, children }: { hash: string; children: string }) {
  return (
    <button
      type="button"
      className={ui.secondary}
      onClick={() => {
        setUpdateAside(hash);
        document.getElementById('main')?.focus();
      }}
    >
      {children}
    </button>
  );
}

/**
 * The bar above every screen that says a new build of Cairn is ready (with the version and build
 * hash to compare with the published one) and installs it only when the person says so, never
 * under unlocked keys; or that a new build was refused because its files do not match its manifest.
 * One polite live region whose text changes, so each change is announced once.
 */
export function UpdateNotice() {
  const { active, state, deferred, setAside } = appUpdateStore();
  const unlocked = useVault((s) => s.status === 'unlocked');
  const session = useVaultSession();
  const statusLine = useRef<HTMLParagraphElement>(null);
  useApplyAtLock();
  const { staged, accepted, refused, current } = state;
  const running = current ? ` You run version ${current.version} (commit ${current.commit}).` : '';
  const acceptedNow = staged !== undefined && accepted === staged.hash;
  const offered = staged !== undefined && !acceptedNow && setAside !== staged.hash;
  const showRefusal = !staged && refused !== undefined && setAside !== refused.hash;
  const accept = (hash: string) => {
    void acceptUpdate(hash);
    statusLine.current?.focus();
  };
  const visible = active && (acceptedNow || offered || showRefusal);
  return (
    // The live region stays mounted (an empty one announces its first text); the landmark and the
    // bar's looks (and its name, which makes it a region) come with something to say.
    <section
      className={visible ? `${styles.bar} ${showRefusal ? styles.refused : ''}` : undefined}
      aria-label={visible ? 'Cairn update' : undefined}
    >
      <p role="status" ref={statusLine} tabIndex={-1}>
        {!visible ? null : acceptedNow ? (
          deferred === 'dapp-window' ? (
            'Cairn will update once the window a site opened is closed.'
          ) : unlocked ? (
            'Cairn will update when it locks: lock it when you are ready.'
          ) : (
            'Cairn is updating…'
          )
        ) : offered && staged ? (
          <>
            A new version of Cairn is ready: <ReleaseName release={staged} />.{running} Compare the hash with the one
            published for this version before you accept it.
            {unlocked && ' Cairn locks to update.'}
          </>
        ) : refused ? (
          <>
            A new build of Cairn was refused: {refused.reason}{' '}
            {current
              ? `Cairn keeps running the version you have (${current.version}, commit ${current.commit}).`
              : 'This copy of Cairn is not kept for offline use until the server holds a build that checks out.'}{' '}
            Its build hash was{' '}
            <code className={styles.hash} dir="ltr">
              {refused.hash}
            </code>
            .
          </>
        ) : null}
      </p>
      {visible && acceptedNow && unlocked && (
        <div className={ui.actions}>
          <button type="button" onClick={() => void session.lock('user')}>
            Lock and update now
          </button>
        </div>
      )}
      {visible && offered && staged && (
        <div className={ui.actions}>
          <button type="button" onClick={() => accept(staged.hash)}>
            {unlocked ? 'Update when locked' : 'Update now'}
          </button>
          <SetAsideButton hash={staged.hash}>Not now</SetAsideButton>
        </div>
      )}
      {visible && showRefusal && refused && (
        <div className={ui.actions}>
          <SetAsideButton hash={refused.hash}>Dismiss</SetAsideButton>
        </div>
      )}
    </section>
  );
}
