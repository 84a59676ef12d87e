import { CodeText } from '@/components/CodeText';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { MiscasedAddress } from '@/core/dapp/personRequests';
import { useT } from '@/lib/i18n';

/**
 * The addresses a site gave whose capital letters fail their EIP-55 checksum, each exactly as
 * given, with what Cairn says of a typed address with that fault; approve waits for the person
 * to say they checked them.
 */
export function MiscasedAddresses({
  miscased,
  checked,
  onChecked,
}: {
  miscased: readonly MiscasedAddress[];
  checked: boolean;
  onChecked(checked: boolean): void;
}) {
  const t = useT('dapp');
  const [first] = miscased;
  if (!first) return null;
  const count = miscased.length;
  return (
    <>
      <div role="alert" className={ui.noticeDanger}>
        <p>{t('dapp:checksum.title', { count })}</p>
        <ul>
          {miscased.map(({ address }) => (
            <li key={address}>
              <CodeText>{address}</CodeText>
            </li>
          ))}
        </ul>
        <p>
          <T message={first.problem} />
        </p>
      </div>
      <label className={ui.checkbox}>
        <input type="checkbox" checked={checked} onChange={(e) => onChecked(e.target.checked)} />
        <span>{t('dapp:checksum.understood', { count })}</span>
      </label>
    </>
  );
}
