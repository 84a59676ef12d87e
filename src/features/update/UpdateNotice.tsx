import { useEffect, useRef } from 'react';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { groupedFingerprint } from '@/core/build/buildSignature';
import type { Release } from '@/core/build/releaseCheck';
import { isOlderVersion } from '@/core/build/releaseOrder';
import { refusalReason, type Signing } from '@/core/build/updateProtocol';
import { codeValue } from '@/core/i18n/message';
import { acceptUpdate, applyUpdate, appUpdateStore, setUpdateAside, UNSIGNED_NOTICE } from '@/lib/browser/appUpdate';
import { useT } from '@/lib/i18n';
import { useVault, useVaultSession } from '@/lib/vault/vault';
import styles from './update.module.css';

/** While an accepted build waits (a site's window open, or a message lost), how often to ask again. */
const RETRY_MS = 3_000;

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
 * Which key signed the offered build, as the worker checked it: the one Cairn trusts, or a new key
 * the trusted one handed over to (the build running names another key than the offered one). An
 * unsigned worker checked no signature, so nothing is said.
 */
function SignedBy({ staged, current, signing }: { staged: Release; current?: Release; signing: Signing | undefined }) {
  if (!staged.key || signing?.mode !== 'signed') return null;
  const key = codeValue(groupedFingerprint(staged.key));
  const tags = { 0: <code className={styles.hash} dir="ltr" /> };
  const changesKey = (current?.key ?? signing.key) !== staged.key;
  return (
    <>
      {' '}
      <T id={changesKey ? 'update:offered.newKey' : 'update:offered.signedBy'} values={{ key }} tags={tags} />
    </>
  );
}

/**
 * The bar above every screen that says a new build of Cairn is ready (with the version, build
 * hash and publisher key to compare with the published ones) and installs it only when the person
 * says so, never under unlocked keys; or that a new build was refused because its files do not
 * match its manifest or its publisher key did not sign it; or that this copy is an unsigned build,
 * which nothing ties to its publisher. One polite live region whose text changes, so each change
 * is announced once.
 */
export function UpdateNotice() {
  const t = useT('update');
  const { active, state, deferred, setAside, signing } = appUpdateStore();
  const unlocked = useVault((s) => s.status === 'unlocked');
  const session = useVaultSession();
  const statusLine = useRef<HTMLParagraphElement>(null);
  useApplyAtLock();
  const { staged, accepted, refused, current } = state;
  const acceptedNow = staged !== undefined && accepted === staged.hash;
  const offered = staged !== undefined && !acceptedNow && setAside !== staged.hash;
  const showRefusal = !staged && refused !== undefined && setAside !== refused.hash;
  const showUnsigned = signing?.mode === 'unsigned' && setAside !== UNSIGNED_NOTICE;
  const accept = (hash: string) => {
    void acceptUpdate(hash);
    statusLine.current?.focus();
  };
  // A build the key signed may be older than the one running (put back by a script, or a mistake).
  const goesBack = offered && staged && current !== undefined && isOlderVersion(staged.version, current.version);
  const visible = active && (acceptedNow || offered || showRefusal || showUnsigned);
  const warns = showRefusal || goesBack || (showUnsigned && !acceptedNow && !offered);
  return (
    // The live region stays mounted (an empty one announces its first text); the landmark and the
    // bar's looks (and its name, which makes it a region) come with something to say.
    <section
      className={visible ? `${styles.bar} ${warns ? styles.refused : ''}` : undefined}
      aria-label={visible ? t('update:region') : undefined}
    >
      <p role="status" ref={statusLine} tabIndex={-1}>
        {!visible ? null : acceptedNow ? (
          t(
            deferred === 'dapp-window'
              ? 'update:accepted.dappWindow'
              : unlocked
                ? 'update:accepted.whenLocked'
                : 'update:accepted.updating',
          )
        ) : offered && staged ? (
          <>
            <T
              id="update:offered.ready"
              values={{
                version: codeValue(staged.version),
                commit: codeValue(staged.commit),
                hash: codeValue(staged.hash),
              }}
              tags={{ 0: <code className={styles.hash} dir="ltr" /> }}
            />
            <SignedBy staged={staged} current={current} signing={signing} />
            {current && (
              <>
                {' '}
                <T
                  id="update:offered.running"
                  values={{ version: codeValue(current.version), commit: codeValue(current.commit) }}
                />
              </>
            )}
            {goesBack && <> {t('update:offered.older')}</>} {t('update:offered.compare')}
            {unlocked && ` ${t('update:offered.locks')}`}
          </>
        ) : showRefusal && refused ? (
          <>
            <T id="update:refused.reason" values={{ reason: refusalReason(refused) }} />{' '}
            {current ? (
              <T
                id="update:refused.keepsCurrent"
                values={{ version: codeValue(current.version), commit: codeValue(current.commit) }}
              />
            ) : (
              t('update:refused.notKept')
            )}{' '}
            <T
              id="update:refused.hash"
              values={{ hash: codeValue(refused.hash) }}
              tags={{ 0: <code className={styles.hash} dir="ltr" /> }}
            />
          </>
        ) : null}
        {visible && showUnsigned && (
          <>
            {acceptedNow || offered || showRefusal ? ' ' : null}
            {t('update:unsigned')}
          </>
        )}
      </p>
      {visible && acceptedNow && unlocked && (
        <div className={ui.actions}>
          <button type="button" onClick={() => void session.lock('user')}>
            {t('update:lockNow')}
          </button>
        </div>
      )}
      {visible && offered && staged && (
        <div className={ui.actions}>
          <button type="button" onClick={() => accept(staged.hash)}>
            {t(unlocked ? 'update:whenLocked' : 'update:now')}
          </button>
          <SetAsideButton hash={staged.hash}>{t('update:notNow')}</SetAsideButton>
        </div>
      )}
      {visible && showRefusal && refused && (
        <div className={ui.actions}>
          <SetAsideButton hash={refused.hash}>{t('update:dismiss')}</SetAsideButton>
        </div>
      )}
      {visible && showUnsigned && !acceptedNow && !offered && !showRefusal && (
        <div className={ui.actions}>
          <SetAsideButton hash={UNSIGNED_NOTICE}>{t('update:dismiss')}</SetAsideButton>
        </div>
      )}
    </section>
  );
}
