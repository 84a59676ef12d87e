import { Suspense, use, useId, useState } from 'react';
import { CodeText } from '@/components/CodeText';
import { Screen } from '@/components/Screen';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { BUILD_MANIFEST_FILE, type BuildManifest, parseBuildManifest } from '@/core/build/buildManifest';
import { codeValue } from '@/core/i18n/message';
import { type BuildFacts, readBuildFile } from '@/lib/buildFiles';
import { useT } from '@/lib/i18n';
import styles from './about.module.css';
import { ShippedLicences } from './ShippedLicences';

let reading: Promise<BuildManifest | undefined> | undefined;
const readBuildHash = () => {
  reading ??= readBuildFile(BUILD_MANIFEST_FILE, parseBuildManifest);
  return reading;
};

function BuildHashValue() {
  const t = useT('settings');
  const hash = use(readBuildHash());
  if (!hash) return <>{t('settings:about.hashUnknown')}</>;
  // build-manifest.json is read from the server, which may hold a newer build than the one running: it
  // describes this one only if it lists the file this code came from (its name carries its hash).
  const ownFile = new URL(import.meta.url).pathname.split('/').pop();
  if (!Object.keys(hash.files).some((path) => path.split('/').pop() === ownFile))
    return <>{t('settings:about.hashOtherBuild')}</>;
  return <CodeText className={styles.hash}>{hash.sha256}</CodeText>;
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
            <bdi dir="ltr" translate="no">
              {build.version}
            </bdi>
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
        </dl>
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
          <button
            type="button"
            className={ui.secondary}
            aria-expanded={listShown}
            aria-controls={listId}
            onClick={() => setListShown(!listShown)}
          >
            {t('settings:about.packagesToggle')}
          </button>
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
