import { use } from 'react';
import ui from '@/components/ui.module.css';
import { LICENCES_FILE, parseLicences, readBuildFile, type ShippedPackage } from '@/lib/buildFiles';
import styles from './about.module.css';

let reading: Promise<ShippedPackage[] | undefined> | undefined;
const readLicences = () => {
  reading ??= readBuildFile(LICENCES_FILE, parseLicences);
  return reading;
};

/** The npm packages whose code is in this build, read on demand from the list the build wrote. */
export function ShippedLicences() {
  const packages = use(readLicences());
  if (!packages) return <p>The production build writes the list of packages; this copy has none.</p>;
  return (
    <table className={`${ui.table} ${styles.licences}`}>
      <caption>Code from {packages.length} npm packages ships in this build</caption>
      <thead>
        <tr>
          <th scope="col">Package</th>
          <th scope="col">Version</th>
          <th scope="col">Licence</th>
        </tr>
      </thead>
      <tbody>
        {packages.map((p) => (
          <tr key={`${p.name}@${p.version}`}>
            <th scope="row">{p.name}</th>
            <td>{p.version}</td>
            <td>{p.license ?? 'not stated'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
