import { Suspense, use, useId, useState } from 'react';
import { Screen } from '@/components/Screen';
import ui from '@/components/ui.module.css';
import { BUILD_MANIFEST_FILE, type BuildManifest, parseBuildManifest } from '@/core/build/buildManifest';
import { type BuildFacts, readBuildFile } from '@/lib/buildFiles';
import styles from './about.module.css';
import { ShippedLicences } from './ShippedLicences';

let reading: Promise<BuildManifest | undefined> | undefined;
const readBuildHash = () => {
  reading ??= readBuildFile(BUILD_MANIFEST_FILE, parseBuildManifest);
  return reading;
};

function BuildHashValue() {
  const hash = use(readBuildHash());
  if (!hash) return <>not known: this copy was not made by the production build.</>;
  // build-manifest.json is read from the server, which may hold a newer build than the one running: it
  // describes this one only if it lists the file this code came from (its name carries its hash).
  const ownFile = new URL(import.meta.url).pathname.split('/').pop();
  if (!Object.keys(hash.files).some((path) => path.split('/').pop() === ownFile))
    return <>not shown: the server now holds another build. Reload the page to see its hash.</>;
  return <code className={styles.hash}>{hash.sha256}</code>;
}

/** What this copy of Cairn is (version, commit, build hash) and the licences of the code it ships. */
export function AboutScreen({ build }: { build: BuildFacts }) {
  const listId = useId();
  const [listShown, setListShown] = useState(false);
  return (
    <Screen title="About">
      <section className={ui.section} aria-labelledby="build-title">
        <h2 id="build-title">This build</h2>
        <dl className={ui.facts}>
          <dt>Version</dt>
          <dd>{build.version}</dd>
          <dt>Commit</dt>
          <dd>
            <code>{build.commit}</code>
            {build.modified && ', with changes that were not committed'}
          </dd>
          <dt>Build hash</dt>
          <dd>
            <Suspense fallback="Reading…">
              <BuildHashValue />
            </Suspense>
          </dd>
        </dl>
        <p className={ui.muted}>
          The build hash is the SHA-256 of the list of every file of this build with its own SHA-256 (the file{' '}
          <code>{BUILD_MANIFEST_FILE}</code> beside the page holds the list), so a copy of the build can be checked
          against it.
        </p>
      </section>
      <section className={ui.section} aria-labelledby="licences-title">
        <h2 id="licences-title">Licences</h2>
        <p>Cairn is free software under the {build.license} licence.</p>
        <p>Token and network icons come from web3icons (the @web3icons/core package, MIT licence).</p>
        <div className={ui.actions}>
          <button
            type="button"
            className={ui.secondary}
            aria-expanded={listShown}
            aria-controls={listId}
            onClick={() => setListShown(!listShown)}
          >
            Third-party packages and their licences
          </button>
        </div>
        <div id={listId}>
          {listShown && (
            <Suspense fallback={<p>Reading the list of packages…</p>}>
              <ShippedLicences />
            </Suspense>
          )}
        </div>
      </section>
    </Screen>
  );
}
