import { use } from 'react';
import { LtrText } from '@/components/LtrText';
import ui from '@/components/ui.module.css';
import { LICENCES_FILE, parseLicences, readBuildFile, type ShippedPackage } from '@/lib/browser/buildFiles';
import { useT } from '@/lib/i18n';
import styles from './about.module.css';

let reading: Promise<ShippedPackage[] | undefined> | undefined;
const readLicences = () => {
  reading ??= readBuildFile(LICENCES_FILE, parseLicences);
  return reading;
};

/** The npm packages whose code is in this build, read on demand from the list the build wrote. */
export function ShippedLicences() {
  const t = useT('settings');
  const packages = use(readLicences());
  if (!packages) return <p>{t('settings:licences.none')}</p>;
  return (
    <table className={`${ui.table} ${styles.licences}`}>
      <caption>{t('settings:licences.caption', { count: packages.length })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('settings:licences.package')}</th>
          <th scope="col">{t('settings:licences.version')}</th>
          <th scope="col">{t('settings:licences.licence')}</th>
        </tr>
      </thead>
      <tbody>
        {packages.map((p) => (
          <tr key={`${p.name}@${p.version}`}>
            <th scope="row">
              <LtrText>{p.name}</LtrText>
            </th>
            <td>
              <LtrText>{p.version}</LtrText>
            </td>
            <td>{p.license === undefined ? t('settings:licences.notStated') : <LtrText>{p.license}</LtrText>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
