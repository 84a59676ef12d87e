import { Suspense, use, useId, useState } from 'react';
import { CodeText } from '@/components/CodeText';
import { DisclosureButton } from '@/components/DisclosureButton';
import { LtrText } from '@/components/LtrText';
import { Screen } from '@/components/Screen';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { BUILD_MANIFEST_FILE, type BuildManifest, parseBuildManifest } from '@/core/build/buildManifest';
import { groupedFingerprint } from '@/core/build/buildSignature';
import { codeValue } from '@/core/i18n/message';
import { appUpdateStore } from '@/lib/browser/appUpdate';
import { type BuildFacts, readBuildFile } from '@/lib/browser/buildFiles';
import { useT } from '@/lib/i18n';
import styles from './about.module.css';
import { ShippedLicences } from './ShippedLicences';

/**
 * The manifest as this page read it last: from the server while no worker controls the page, and
 * again through the worker once one takes the page (a first visit's worker claims it).
 */
let reading: { controlled: boolean; manifest: Promise<BuildManifest | undefined> } | undefined;
function readManifest(controlled: boolean): Promise<BuildManifest | undefined> {
  if (reading?.controlled !== controlled)
    reading = { controlled, manifest: readBuildFile(BUILD_MANIFEST_FILE, parseBuildManifest) };
  return reading.manifest;
}

/**
 * The manifest of the build this page runs: 'unknown' without one, 'other' when the server's
 * describes another build. A service worker that controls the page serves the manifest of the
 * build it serves (checked against its publisher key when it carries one); otherwise
 * build-manifest.json comes from the server, which may hold a newer build: it describes this one
 * only if it lists the file this code came from (its name carries its hash).
 */
function useRunningManifest(): BuildManifest | 'unknown' | 'other' {
  const manifest = use(readManifest(appUpdateStore((s) => s.controlled)));
  if (!manifest) return 'unknown';
  const ownFile = new URL(import.meta.url).pathname.split('/').pop();
  return Object.keys(manifest.files).some((path) => path.split('/').pop() === ownFile) ? manifest : 'other';
}

function BuildHashValue() {
  const t = useT('settings');
  const manifest = useRunningManifest();
  if (manifest === 'unknown') return <>{t('settings:about.hashUnknown')}</>;
  if (manifest === 'other') return <>{t('settings:about.hashOtherBuild')}</>;
  return <CodeText className={styles.hash}>{manifest.sha256}</CodeText>;
}

/**
 * The fingerprint of the publisher key this build's sw.js carries, as its manifest names it:
 * checked when a signing worker controls the page and vouches for this build (it serves only the
 * manifest it checked), else labelled as the server's unchecked word: after a hard reload or on a
 * first visit the worker runs and speaks to the page, but the page and its manifest came from the server.
 */
function PublisherKeyValue() {
  const t = useT('settings');
  const manifest = useRunningManifest();
  const served = typeof manifest === 'object' ? manifest.sha256 : undefined;
  const checked = appUpdateStore(
    (s) => s.active && s.controlled && s.signing?.mode === 'signed' && s.state.current?.hash === served,
  );
  if (manifest === 'unknown') return <>{t('settings:about.hashUnknown')}</>;
  if (manifest === 'other') return <>{t('settings:about.hashOtherBuild')}</>;
  if (!manifest.key) return <>{t('settings:about.keyNone')}</>;
  if (!checked)
    return (
      <T
        id="settings:about.keyUnchecked"
        values={{ key: codeValue(groupedFingerprint(manifest.key)) }}
        tags={{ 0: <code className={styles.hash} dir="ltr" /> }}
      />
    );
  return <CodeText className={styles.hash}>{groupedFingerprint(manifest.key)}</CodeText>;
}

/** What the service worker serving this page checks: builds signed by its key, or nothing about who made them. */
function SigningStatus() {
  const { active, signing } = appUpdateStore();
  if (!active || !signing) return <T id="settings:about.notServed" />;
  if (signing.mode === 'unsigned') return <T id="settings:about.unsignedServed" />;
  return (
    <T
      id="settings:about.signedServed"
      values={{ key: codeValue(groupedFingerprint(signing.key)) }}
      tags={{ 0: <code className={styles.hash} dir="ltr" /> }}
    />
  );
}

/** What this copy of Cairn is (version, commit, build hash) and the licences of the code it ships. */
export function AboutScreen({ build }: { build: BuildFacts }) {
  const t = useT('settings');
  const listId = useId();
  const [listShown, setListShown] = useState(false);
  return (
    <Screen title={t('settings:about.title')}>
      <section className={ui.section} aria-labelledby="build-title">
        <h2 id="build-title">{t('settings:about.build')}</h2>
        <dl className={ui.facts}>
          <dt>{t('settings:about.version')}</dt>
          <dd>
            <LtrText>{build.version}</LtrText>
          </dd>
          <dt>{t('settings:about.commit')}</dt>
          <dd>
            {build.modified ? (
              <T
                id="settings:about.commitModified"
                values={{ commit: codeValue(build.commit) }}
                tags={{ 0: <code /> }}
              />
            ) : (
              <CodeText>{build.commit}</CodeText>
            )}
          </dd>
          <dt>{t('settings:about.hash')}</dt>
          <dd>
            <Suspense fallback={t('settings:about.reading')}>
              <BuildHashValue />
            </Suspense>
          </dd>
          <dt>{t('settings:about.key')}</dt>
          <dd>
            <Suspense fallback={t('settings:about.reading')}>
              <PublisherKeyValue />
            </Suspense>
          </dd>
        </dl>
        <p>
          <SigningStatus />
        </p>
        <p className={ui.muted}>
          <T
            id="settings:about.hashExplained"
            values={{ file: codeValue(BUILD_MANIFEST_FILE) }}
            tags={{ 0: <code /> }}
          />
        </p>
      </section>
      <section className={ui.section} aria-labelledby="licences-title">
        <h2 id="licences-title">{t('settings:about.licences')}</h2>
        <p>
          <T id="settings:about.freeSoftware" values={{ license: build.license }} />
        </p>
        <p>
          <T
            id="settings:about.icons"
            values={{ project: 'web3icons', package: codeValue('@web3icons/core'), license: 'MIT' }}
          />
        </p>
        <div className={ui.actions}>
          <DisclosureButton open={listShown} onToggle={setListShown} controls={listId} className={ui.secondary}>
            {t('settings:about.packagesToggle')}
          </DisclosureButton>
        </div>
        <div id={listId}>
          {listShown && (
            <Suspense fallback={<p>{t('settings:about.readingPackages')}</p>}>
              <ShippedLicences />
            </Suspense>
          )}
        </div>
      </section>
    </Screen>
  );
}
